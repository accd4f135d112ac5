import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_AS_DATA } from "#claims/built-in-rules";
import { dataClaimOf } from "#claims/engine/data-claim/export-claim";
import { asNewClaim, blankDataClaim } from "#claims/engine/data-claim/templates";
import { hairRelaxer, hairRelaxerAnswers as answers } from "../support/data-claims";
import { setDataClaims } from "#claims/engine/live-claims";
import { claimBySlug } from "#claims/registry";
import { spanishClaim } from "#claims/spanish-tables";
import type { Actor } from "../../server/audit/audit-log";
import { certificateDefinitions } from "../../server/certificates/certificate-fields";
import { createCertificateService } from "../../server/certificates/certificate-service";
import { createDataClaimStore, type DataClaimStore } from "../../server/data-claims/data-claim-store";
import { createLiveDataClaims, type LiveDataClaims } from "../../server/data-claims/live-data-claims";
import { createLogger } from "../../server/logger";
import { examplesOf } from "../fixtures/claims/examples";
import { createTestSupplier } from "../../tools/suppliers";
import { startApiApp } from "../support/api-app";
import { createServices } from "../../server/services";
import { anotherPerson } from "../support/distinct-people";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { buyerInput } from "../support/routing-fixtures";

// Claims defined as data (issue 28, item 2; docs/decisions/059): an operator's claim, stored as JSON with
// versions, served by the same lead API, certificate and registry as a built-in claim, with no build.

let api: Awaited<ReturnType<typeof startApiApp>>;
let store: DataClaimStore;
let live: LiveDataClaims;
const owner: Actor = { operatorId: null, email: "owner@claims.example", ip: "203.0.113.9" };

beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
  store = createDataClaimStore({ db: api.db });
  live = createLiveDataClaims({ store, logger: createLogger("silent") });
});
afterAll(async () => {
  await live.stop();
  // The registry's data claims are the process's: leave none behind for the next file.
  setDataClaims([]);
  await api.close();
});


/** A supplier allowed the data claims, made once they are published (a supplier names the claims it may send). */
let supplier: Awaited<ReturnType<typeof createTestSupplier>> | undefined;
async function post(slug: string, body: unknown) {
  if (claimBySlug(slug)) supplier ??= await createTestSupplier(api.db, { name: "Data claim supplier", claimSlugs: ["hair-relaxer", "meso-copy"] });
  return api.post(`/api/leads/${slug}`, body, { "user-agent": "DataClaimTest/1.0", ...(supplier?.headers ?? {}) });
}
const leadRow = (id: string) => api.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const certificateRow = (id: string) => api.db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", id).executeTakeFirstOrThrow();

describe("a claim defined as data", () => {
  it("is not served while it is a draft", async () => {
    const created = await store.create(hairRelaxer(), owner);
    expect(created.ok ? [] : created.errors).toEqual([]);
    await live.refresh();
    expect(claimBySlug("hair-relaxer")).toBeUndefined();
    const response = await post("hair-relaxer", answers());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Unknown case type 'hair-relaxer'" });
  });

  it("once published takes leads through the API, with its rules, lead columns, version and certificate", async () => {
    const published = await store.publish("hair-relaxer", owner);
    expect(published).toEqual({ ok: true, value: { version: 1 } });
    await live.refresh();

    const response = await post("hair-relaxer", { ...answers(), pageUrl: "https://claims.example/claims/hair-relaxer/form" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ outcome: "eligible", submissionKeyReplayed: false });

    const openApi = await (await fetch(`${api.url}/api/openapi.json`)).json();
    const schema = openApi.paths["/api/leads/hair-relaxer"].post.requestBody.content["application/json"].schema;
    expect(schema.properties.usedRelaxer).toMatchObject({ enum: ["Yes", "No"] });
    expect(schema.required).toEqual(expect.arrayContaining(["usedRelaxer", "diagnosis", "fn", "tcpa"]));

    const lead = await leadRow(body.leadId);
    expect(lead).toMatchObject({
      case_type: "Hair Relaxer",
      fn: "Jane",
      ln: "Doe",
      ph: "4155552671",
      st: "CO",
      cq1: "Yes",
      cq2: "uterine-cancer",
      cq3: "",
      notes: "Used it for ten years",
      is_eligible: 1,
      is_not_eligible: 0,
      eligibility_reason: "Eligible",
      claim_version: 1,
      supplier_id: supplier!.id,
    });

    const certificate = await certificateRow(lead.certificate_id!);
    expect(certificate).toMatchObject({ form_type: "Hair Relaxer", claim_version: 1, lead_id: lead.id });
    expect(certificate.consent_text).toContain("Consent is not a condition of purchasing");
    const view = await createCertificateService(api.db).verify(lead.certificate_id!);
    // The certificate labels the answers with the claim's own questions and masks the contact details.
    expect(view!.answers).toEqual(
      expect.arrayContaining([
        { label: "Did you use a chemical hair relaxer for at least a year?", value: "Yes" },
        { label: "Have you been diagnosed with any of these?", value: "Uterine cancer" },
        { label: "First Name", value: expect.not.stringContaining("Jane") },
      ]),
    );
  });

  it("reaches each outcome of its rules", async () => {
    for (const [overrides, outcome, reason] of [
      [{ usedRelaxer: "No" }, "ineligible", "No use or no diagnosis"],
      [{ diagnosis: ["none"] }, "ineligible", "No use or no diagnosis"],
      [{ diagnosis: ["ovarian-cancer"] }, "partial", "Partial"],
    ] as const) {
      const response = await post("hair-relaxer", answers(overrides));
      expect(response.status).toBe(201);
      const lead = await leadRow((await response.json()).leadId);
      expect({ outcome: lead.outcome, reason: lead.eligibility_reason }).toEqual({ outcome, reason });
    }
  });

  it("refuses bad answers with its own messages, 400 and words", async () => {
    const response = await post("hair-relaxer", answers({ diagnosis: [], usedRelaxer: "Maybe", em: "nope" }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      usedRelaxer: "Please select an option",
      diagnosis: "Please choose at least one answer",
      em: "Please enter a valid email address",
    });
    const exclusive = await post("hair-relaxer", answers({ diagnosis: ["none", "uterine-cancer"] }));
    expect((await exclusive.json()).fieldErrors).toEqual({ diagnosis: "'None of these' cannot be combined with other answers" });
  });

  it("records the version each lead was submitted under", async () => {
    const next = hairRelaxer();
    next.eligibility!.otherwise.reason = "Needs a closer look";
    expect((await store.saveDraft("hair-relaxer", next, owner)).ok).toBe(true);
    // The draft is not live: the site still runs version 1.
    await live.refresh();
    const before = await leadRow((await (await post("hair-relaxer", answers({ diagnosis: ["ovarian-cancer"] }))).json()).leadId);
    expect(before).toMatchObject({ claim_version: 1, eligibility_reason: "Partial" });

    expect(await store.publish("hair-relaxer", owner)).toEqual({ ok: true, value: { version: 2 } });
    await live.refresh();
    const after = await leadRow((await (await post("hair-relaxer", answers({ diagnosis: ["ovarian-cancer"] }))).json()).leadId);
    expect(after).toMatchObject({ claim_version: 2, eligibility_reason: "Needs a closer look" });
    expect(await certificateRow(after.certificate_id!)).toMatchObject({ claim_version: 2 });
    const record = await store.get("hair-relaxer");
    expect(record).toMatchObject({ state: "published", liveVersion: 2, hasDraft: false });
    expect(record!.versions.map((v) => v.number)).toEqual([2, 1]);
  });

  it("paused, takes no leads (410 with words), and resumed, takes them again", async () => {
    expect(await store.setPaused("hair-relaxer", true, owner)).toEqual({ ok: true, value: { state: "paused" } });
    await live.refresh();
    expect(claimBySlug("hair-relaxer")?.data).toMatchObject({ version: 2, paused: true, source: { slug: "hair-relaxer" } });
    const openApi = await (await fetch(`${api.url}/api/openapi.json`)).json();
    expect(openApi.paths["/api/leads/hair-relaxer"]).toBeUndefined();
    const closed = await post("hair-relaxer", answers());
    expect(closed.status).toBe(410);
    expect(await closed.json()).toEqual({ error: "This claim is closed and takes no new submissions." });
    const count = await api.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).where("case_type", "=", "Hair Relaxer").executeTakeFirstOrThrow();

    expect(await store.setPaused("hair-relaxer", false, owner)).toEqual({ ok: true, value: { state: "published" } });
    await live.refresh();
    expect((await post("hair-relaxer", answers())).status).toBe(201);
    const after = await api.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).where("case_type", "=", "Hair Relaxer").executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(count.n) + 1);
  });

  it("keeps every change in the audit log", async () => {
    const rows = await api.db.selectFrom("audit_log").select(["action", "operator_email"]).where("target_type", "=", "data-claim").where("target_id", "=", "hair-relaxer").orderBy("at").execute();
    expect(rows.map((r) => r.action)).toEqual([
      "create-data-claim",
      "publish-data-claim",
      "save-data-claim-draft",
      "publish-data-claim",
      "pause-data-claim",
      "resume-data-claim",
    ]);
    expect(new Set(rows.map((r) => r.operator_email))).toEqual(new Set([owner.email]));
  });
});

describe("a certificate of a claim defined as data", () => {
  it("labels the answers with the questions of the version its lead was submitted under, not the live one", async () => {
    const earlier = await api.db.selectFrom("leads").select("certificate_id").where("case_type", "=", "Hair Relaxer").where("claim_version", "=", 1).executeTakeFirstOrThrow();
    const reworded = hairRelaxer();
    reworded.steps[0]!.fields[0]!.label = "Have you used a chemical hair straightener?";
    expect((await store.saveDraft("hair-relaxer", reworded, owner)).ok).toBe(true);
    expect(await store.publish("hair-relaxer", owner)).toEqual({ ok: true, value: { version: 3 } });
    await live.refresh();
    const later = await leadRow((await (await post("hair-relaxer", answers())).json()).leadId);

    const certificates = createCertificateService(api.db);
    const labelOf = async (certificateId: string) => (await certificates.verify(certificateId))!.answers.find((a) => a.value === "Yes")?.label;
    expect(await labelOf(earlier.certificate_id!)).toBe("Did you use a chemical hair relaxer for at least a year?");
    expect(await labelOf(later.certificate_id!)).toBe("Have you used a chemical hair straightener?");
    // Read from the Spanish certificate page: that version's question, in that version's Spanish.
    const inSpanish = await certificates.verify(earlier.certificate_id!, { definitionIn: spanishClaim });
    expect(inSpanish!.answers.map((a) => a.label)).toContain("¿Usó un alisador químico para el cabello durante al menos un año?");
    // A past version is compiled once and kept: its Spanish twin, made from it, is made once too.
    const definitionOf = certificateDefinitions(api.db);
    expect(await definitionOf("Hair Relaxer", 1)).toBe(await definitionOf("Hair Relaxer", 1));
    expect((await definitionOf("Hair Relaxer", 1))!.data!.version).toBe(1);
  });
});

describe("routing a claim defined as data", () => {
  it("sells its lead to a buyer who takes its case type, and to no other", async () => {
    // The delivery worker, as the worker process runs it on the same database.
    const services = createServices(api.config, api.db, createLogger("silent"));
    const receiver = await startFakeReceiver("ok");
    try {
      const mvaOnly = await services.buyers.create(buyerInput("MVA Only Firm", { priority: 1, filters: { claimTypes: ["MVA"] } }, { delivery: { method: "webhook", url: receiver.url } }));
      const takesIt = await services.buyers.create(buyerInput("Hair Relaxer Firm", { priority: 2, filters: { claimTypes: ["Hair Relaxer"] } }, { delivery: { method: "webhook", url: receiver.url } }));
      if (!mvaOnly.ok || !takesIt.ok) throw new Error("buyers not saved");
      // A person of their own: buyers do not get duplicates of the leads above.
      const { leadId } = await (await post("hair-relaxer", answers(anotherPerson()))).json();
      const sales = () => api.db.selectFrom("ledger_entries").select(["buyer_id", "case_type"]).where("lead_id", "=", leadId).where("kind", "=", "sale").execute();
      await waitFor(async () => {
        await services.deliveryWorker.runOnce();
        return (await sales()).length > 0;
      }, "the lead to be sold");
      expect(await sales()).toEqual([{ buyer_id: takesIt.buyer.id, case_type: "Hair Relaxer" }]);
      const deliveries = await api.db.selectFrom("deliveries").select(["buyer_id", "status"]).where("lead_id", "=", leadId).where("target", "=", "buyer").execute();
      expect(deliveries).toEqual([{ buyer_id: takesIt.buyer.id, status: "delivered" }]);
      expect(receiver.received.some((request) => JSON.parse(request.body).leadId === leadId)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe("the store refuses", () => {
  it("a claim that takes a built-in claim's slug, case type or address, or another data claim's", async () => {
    const mvaLike = asNewClaim(dataClaimOf(claimBySlug("mva")!, BUILT_IN_AS_DATA.mva!), "mva", "MVA");
    const answer = await store.create(mvaLike, owner);
    expect(answer).toMatchObject({ ok: false, status: 409 });
    expect(!answer.ok && answer.errors).toEqual(["The slug mva is already the built-in claim 'mva''s", "The case type mva is already the built-in claim 'mva''s"]);

    const samePath = blankDataClaim("hair-relaxer-two", "Hair Relaxer Two");
    samePath.routes.landing = "/claims/hair-relaxer";
    const clash = await store.create(samePath, owner);
    expect(!clash.ok && clash.errors).toEqual(["The path /claims/hair-relaxer is already the claim 'hair-relaxer''s"]);
  });

  it("a claim that does not check, with every problem named", async () => {
    const answer = await store.create({ slug: "x" }, owner);
    expect(answer).toMatchObject({ ok: false, status: 400, message: "The claim was not saved: correct the problems listed." });
    expect(!answer.ok && answer.errors).toContain("slug: A slug: lowercase letters, digits and '-', 2 to 41 characters, starting with a letter");
  });

  it("publishing without a draft, pausing what was never published, and unknown claims", async () => {
    expect((await store.create(blankDataClaim("never-published", "Never Published"), owner)).ok).toBe(true);
    expect(await store.setPaused("never-published", true, owner)).toMatchObject({ ok: false, status: 409 });
    expect(await store.publish("hair-relaxer", owner)).toMatchObject({ ok: false, status: 409 });
    expect(await store.publish("no-such-claim", owner)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("'Copy as a new claim' of a built-in claim", () => {
  it("takes the built-in claim's examples through the API with the same outcome and lead columns", async () => {
    const meso = claimBySlug("mesothelioma")!;
    const copy = asNewClaim(dataClaimOf(meso, BUILT_IN_AS_DATA.mesothelioma!), "meso-copy", "Mesothelioma copy");
    expect((await store.create(copy, owner)).ok).toBe(true);
    expect((await store.publish("meso-copy", owner)).ok).toBe(true);
    await live.refresh();
    for (const example of examplesOf(meso)) {
      const response = await post("meso-copy", example.answers);
      expect(response.status, example.name).toBe(201);
      const body = await response.json();
      expect(body.outcome, example.name).toBe(example.outcome);
      const lead = await leadRow(body.leadId);
      const expected = meso.toLead(meso.schema.parse(example.answers));
      expect([lead.cq1, lead.cq2, lead.cq3, lead.cq4, lead.fn, lead.st], example.name).toEqual([expected.cq![1], expected.cq![2], expected.cq![3], expected.cq![4], expected.fn, expected.st]);
    }
  });
});
