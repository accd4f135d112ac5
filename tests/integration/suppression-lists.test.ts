import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase, writeTransaction, type Db } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { rerouteLead } from "../../server/lead-console/lead-reroute";
import { settleBuyerDelivery } from "../../server/distribution/routing/lead-routing";
import { routingDecisionsOf } from "../../server/distribution/routing/route-lead";
import { suppressionsOf } from "../../server/suppression/suppression-check";
import { BUYER_REQUIRED, createSuppressionLists, KIND_REQUIRED, LIST_NOT_FOUND, NAME_REQUIRED, nothingFound, OWN_DNC_LIST_ID } from "../../server/suppression/suppression-lists";
import { EMPTY_FILE, NO_FILE, NOT_MULTIPART, tooLarge } from "../../server/suppression/suppression-upload";
import { createServices, type Services } from "../../server/services";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput } from "../support/routing-fixtures";
import { uploadRequest } from "../support/suppression-upload";
import { testDatabaseUrl } from "../support/test-database";

const context = { ip: "203.0.113.9", userAgent: "SuppressionTest/1.0", pageUrl: null, attribution: null };
const logger = createLogger("silent");

let db: Db;
let services: Services;

beforeEach(async () => {
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("claims-suppression"), NODE_ENV: "test", LEAD_RATE_LIMIT_PER_HOUR: "0", DUPLICATE_WINDOW_DAYS: "0" });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  services = createServices(config, db, logger);
});
afterEach(async () => {
  await db.destroy();
});

async function upload(fields: Record<string, string>, text: string) {
  const answer = await services.suppression.upload(uploadRequest(fields, { text }));
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}

async function buyer(name: string, priority: number) {
  const saved = await services.buyers.create(buyerInput(name, { priority }));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.buyer.id;
}

async function submitLead(overrides: Record<string, unknown> = {}) {
  const result = await services.leads.submit("mva", mvaAnswers(overrides), context);
  if (result.status !== "created") throw new Error(`not created: ${result.status}`);
  return result.leadId;
}

const hex = (algorithm: "sha256" | "md5", value: string) => createHash(algorithm).update(value).digest("hex");
const leadRow = (id: string) => db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const buyerDeliveries = (leadId: string) => db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("buyer_id", "is not", null).execute();
const lastDecision = async (leadId: string) => (await routingDecisionsOf(db, leadId)).at(-1)!.decision;

describe("suppression lists", () => {
  it("holds a lead back from every buyer when its phone's SHA-256 or its e-mail's MD5 is on a litigator list, and says why", async () => {
    const first = await buyer("First", 1);
    const second = await buyer("Second", 2);
    const answer = await upload(
      { name: "Blacklist litigators", kind: "litigator" },
      ["sha256,md5", `${hex("sha256", "+14155550134")},`, `,${hex("md5", "maria@example.com")}`, "not a hash"].join("\n"),
    );
    expect(answer.result).toMatchObject({ entries: 2, added: 2, rejected: 1, rejectedLines: [4] });

    const byPhone = await submitLead({ ph: "(415) 555-0134", em: "someone@example.com" });
    const byEmail = await submitLead({ ph: "(415) 555-0188", em: " Maria@Example.com " });
    const clean = await submitLead({ ph: "(415) 555-0177", em: "clean@example.com" });

    for (const leadId of [byPhone, byEmail]) {
      expect(await buyerDeliveries(leadId)).toEqual([]);
      expect((await leadRow(leadId)).buyer_status).toBe("unsold");
      const decision = await lastDecision(leadId);
      expect(decision.considered.map((c) => [c.buyerId, c.verdict === "skipped" ? c.reason : c.verdict])).toEqual([
        [first, "suppression list: Blacklist litigators"],
        [second, "suppression list: Blacklist litigators"],
      ]);
      expect((await suppressionsOf(db, leadId)).map((s) => s.listName)).toEqual(["Blacklist litigators"]);
    }
    expect((await buyerDeliveries(clean)).map((d) => d.buyer_id)).toEqual([first]);
    expect(await suppressionsOf(db, clean)).toEqual([]);
    const lists = await services.suppression.lists();
    expect(lists.find((l) => l.name === "Blacklist litigators")).toMatchObject({ entries: 2, leadsMatched: 2, kind: "litigator" });
  });

  it("keeps a lead on a buyer's client list from that buyer only", async () => {
    const first = await buyer("First", 1);
    const second = await buyer("Second", 2);
    await upload({ name: "First's clients", kind: "buyer-clients", buyerId: first }, "phone\n415-555-0134\n");

    const leadId = await submitLead({ ph: "(415) 555-0134" });
    expect((await buyerDeliveries(leadId)).map((d) => d.buyer_id)).toEqual([second]);
    const decision = await lastDecision(leadId);
    expect(decision.considered).toContainEqual({ buyerId: first, buyerName: "First", verdict: "skipped", reason: "suppression list: First's clients" });
    expect(decision.tried.map((t) => t.buyerId)).toEqual([second]);
    expect(await suppressionsOf(db, leadId)).toMatchObject([{ listName: "First's clients", buyerId: first, buyerName: "First" }]);
    // Not even the operator's re-route sends it to the buyer the list protects.
    expect(await writeTransaction(db, (trx) => rerouteLead(trx, leadId, { to: "buyer", buyerId: first }, new Date()))).toEqual({
      ok: false,
      message: `The lead is on the suppression list "First's clients", which protects First: it cannot be sent this lead.`,
    });
  });

  it("puts everyone who opts out on our Do Not Call list and holds their next lead back", async () => {
    const only = await buyer("Only", 1);
    expect((await services.revocations.optOut("(415) 555-0199", "198.51.100.4")).status).toBe("recorded");
    const own = (await services.suppression.lists()).find((l) => l.id === OWN_DNC_LIST_ID)!;
    expect(own).toMatchObject({ name: "Our Do Not Call list", kind: "own-dnc", entries: 1 });

    const leadId = await submitLead({ ph: "+1 415 555 0199" });
    expect(await buyerDeliveries(leadId)).toEqual([]);
    expect((await lastDecision(leadId)).considered).toEqual([{ buyerId: only, buyerName: "Only", verdict: "skipped", reason: "suppression list: Our Do Not Call list" }]);
    expect(await leadRow(leadId)).toMatchObject({ is_spam: 0, revoked_at: null });
  });

  it("reads the federal registry's area-code files, and a list uploaded after intake protects the lead when it cascades", async () => {
    const first = await buyer("First", 1);
    const second = await buyer("Second", 2);
    const leadId = await submitLead({ ph: "(415) 555-2671" });
    const [delivery] = await buyerDeliveries(leadId);
    expect(delivery!.buyer_id).toBe(first);

    const answer = await upload({ name: "Federal DNC 415", kind: "federal-dnc" }, "415,5552671\r\n415,5550000\r\n2125550100\r\n");
    expect(answer.result).toMatchObject({ rows: 3, entries: 3, added: 3, rejected: 0 });

    await writeTransaction(db, (trx) => settleBuyerDelivery(trx, { ...delivery!, delivered_at: null }, "failed", new Date()));
    expect((await buyerDeliveries(leadId)).map((d) => d.buyer_id)).toEqual([first]);
    const decision = await lastDecision(leadId);
    expect(decision.considered).toContainEqual({ buyerId: second, buyerName: "Second", verdict: "skipped", reason: "suppression list: Federal DNC 415" });
    expect(decision.tried).toEqual([]);
    expect((await suppressionsOf(db, leadId)).map((s) => s.listName)).toEqual(["Federal DNC 415"]);
  });

  it("answers bad uploads with a 4xx and a message, and keeps no list made for a file without entries", async () => {
    const plain = new Request("http://localhost/admin/suppression", { method: "POST", body: "phone=4155550134", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(await services.suppression.upload(plain)).toEqual({ ok: false, status: 415, message: NOT_MULTIPART });
    expect(await services.suppression.upload(uploadRequest({ name: "x", kind: "litigator" }))).toEqual({ ok: false, status: 400, message: NO_FILE });
    expect(await services.suppression.upload(uploadRequest({ name: "x", kind: "litigator" }, { text: "" }))).toEqual({ ok: false, status: 400, message: EMPTY_FILE });
    expect(await services.suppression.upload(uploadRequest({ kind: "litigator" }, { text: "4155550134" }))).toEqual({ ok: false, status: 400, message: NAME_REQUIRED });
    expect(await services.suppression.upload(uploadRequest({ name: "x", kind: "own-dnc" }, { text: "4155550134" }))).toEqual({ ok: false, status: 400, message: KIND_REQUIRED });
    expect(await services.suppression.upload(uploadRequest({ name: "x", kind: "buyer-clients", buyerId: "nobody" }, { text: "4155550134" }))).toEqual({ ok: false, status: 400, message: BUYER_REQUIRED });
    expect(await services.suppression.upload(uploadRequest({ listId: "999" }, { text: "4155550134" }))).toEqual({ ok: false, status: 404, message: LIST_NOT_FOUND });
    expect(await services.suppression.upload(uploadRequest({ name: "Words", kind: "litigator" }, { text: "name\nhello\nworld\n" }))).toEqual({ ok: false, status: 400, message: nothingFound(3) });
    // A body cut off in the middle of its file (the server once died of it).
    const cut = new Request("http://localhost/admin/suppression", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zz" },
      body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n4155550134',
    });
    expect(await services.suppression.upload(cut)).toEqual({ ok: false, status: 400, message: "The upload did not arrive whole. Please try again." });
    expect((await services.suppression.lists()).map((l) => l.name)).toEqual(["Our Do Not Call list"]);

    const small = createSuppressionLists({ db, maxUploadBytes: 64 });
    expect(await small.upload(uploadRequest({ name: "Big", kind: "litigator" }, { text: "4155550134\n".repeat(20) }))).toEqual({ ok: false, status: 413, message: tooLarge(64) });
    expect((await services.suppression.lists()).map((l) => l.name)).toEqual(["Our Do Not Call list"]);
  });

  it("a buyer adds only to a clients list of its own", async () => {
    const first = await buyer("First", 1);
    const second = await buyer("Second", 2);
    const made = await services.suppression.upload(uploadRequest({ name: "Our clients", kind: "litigator", buyerId: second }, { text: "4155550134" }), { asBuyer: first });
    expect(made).toMatchObject({ ok: true, listName: "Our clients" });
    expect((await services.suppression.lists({ buyerId: first })).map((l) => [l.name, l.kind])).toEqual([["Our clients", "buyer-clients"]]);
    const litigators = await upload({ name: "Litigators", kind: "litigator" }, "4155550100");
    expect(await services.suppression.upload(uploadRequest({ listId: String(litigators.listId) }, { text: "4155550111" }), { asBuyer: first })).toEqual({
      ok: false,
      status: 404,
      message: LIST_NOT_FOUND,
    });
  });
});
