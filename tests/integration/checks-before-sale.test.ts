import { parse } from "csv-parse/sync";
import { compactVerify, importJWK } from "jose";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CertificateSaleChecks } from "../../app/components/certificate-sale-checks";
import { PAGE_MESSAGES } from "../../app/i18n/page-messages";
import type { BuyerInput } from "../../server/distribution/buyers/buyer-store";
import type { CheckConfig } from "../../server/distribution/checks/check-config";
import {
  releaseHeldLead,
  settleLeadChecks,
  type CheckRun,
} from "../../server/distribution/checks/lead-checks";
import { loadConfig } from "../../server/config";
import {
  migrateToLatest,
  openDatabase,
  writeTransaction,
  type Db,
} from "../../server/db/database";
import { createOutbox } from "../../server/distribution/delivery/outbox";
import { leadsCsv } from "../../server/lead-console/lead-export";
import { createLogger } from "../../server/logger";
import { routingDecisionsOf } from "../../server/distribution/routing/route-lead";
import { createServices, type Services } from "../../server/services";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Checks before a sale (docs/decisions/048) against local fake providers: the real intake marks the
// lead as waiting, the real worker runs the checks and routes or holds it.

const context = {
  ip: "203.0.113.7",
  userAgent: "ChecksTest/1.0",
  pageUrl: "https://site.example/mva",
  attribution: null,
};
const logger = createLogger("silent");
const receivers: { close(): Promise<void> }[] = [];
let config: ReturnType<typeof loadConfig>;
let db: Db;
let services: Services;

beforeEach(async () => {
  config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("checks"),
    NODE_ENV: "test",
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    DUPLICATE_WINDOW_DAYS: "0",
    DELIVERY_RETRY_SCHEDULE: "20,20",
    SECRETS_KEY: TEST_SECRETS_KEY,
  });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  services = createServices(config, db, logger);
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await db.destroy();
});

async function fake(...args: Parameters<typeof startFakeReceiver>) {
  const receiver = await startFakeReceiver(...args);
  receivers.push(receiver);
  return receiver;
}

const providers = {
  block: () =>
    fake({
      status: 200,
      json: { status: "litigator", reason: "Known TCPA litigator" },
    }),
  pass: () => fake({ status: 200, json: { status: "clean" } }),
  // Never answers: always over any budget, whatever the machine's load.
  slow: () => fake("hang"),
  broken: () => fake(500),
};

function checkConfig(
  url: string,
  overrides: Partial<CheckConfig> = {},
): CheckConfig {
  return {
    url,
    method: "post-json",
    fields: { phone: "{ph}", key: "{credentials}" },
    conditions: [
      {
        field: "status",
        equals: "litigator",
        means: "block",
        detailField: "reason",
      },
      { field: "status", equals: "clean", means: "pass" },
    ],
    budgetMs: 400,
    priceCents: 1,
    cacheDays: 30,
    claimTypes: [],
    whenUnavailable: "hold",
    ...overrides,
  };
}

async function addCheck(
  name: string,
  url: string,
  overrides: Partial<CheckConfig> = {},
) {
  const saved = await services.checks.create({
    name,
    config: checkConfig(url, overrides),
    credentials: "provider-key-1234",
  });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.check;
}

async function addBuyer(
  name: string,
  rules: Partial<BuyerInput["rules"]> = {},
) {
  const receiver = await fake("ok");
  const saved = await services.buyers.create(
    buyerInput(name, rules, {
      delivery: { method: "webhook", url: receiver.url },
    }),
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return { buyer: saved.buyer, receiver };
}

async function submitLead(overrides: Record<string, unknown> = {}) {
  const result = await services.leads.submit(
    "mva",
    mvaAnswers({ ...anotherPerson(), ...overrides }),
    context,
  );
  if (result.status !== "created")
    throw new Error(`not created: ${result.status}`);
  return result.leadId;
}

const leadOf = (leadId: string) =>
  db
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", leadId)
    .executeTakeFirstOrThrow();
const checksRowOf = (leadId: string) =>
  db
    .selectFrom("deliveries")
    .selectAll()
    .where("lead_id", "=", leadId)
    .where("target", "=", "checks")
    .execute();
const buyerRowsOf = (leadId: string) =>
  db
    .selectFrom("deliveries")
    .selectAll()
    .where("lead_id", "=", leadId)
    .where("target", "=", "buyer")
    .execute();
const resultsOf = (leadId: string) =>
  db
    .selectFrom("lead_checks")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("check_name")
    .execute();

/** Runs the worker until the lead's checks are recorded. */
async function runChecks(leadId: string) {
  await waitFor(async () => {
    await services.deliveryWorker.runOnce();
    return (await checksRowOf(leadId)).every(
      (row) => row.status === "delivered",
    );
  }, "the lead's checks to be recorded");
}

describe("checks before a sale", () => {
  it("a lead of a claim without checks is routed at intake as before", async () => {
    await addBuyer("Acme");
    const leadId = await submitLead();
    expect(await checksRowOf(leadId)).toHaveLength(0);
    expect(await buyerRowsOf(leadId)).toHaveLength(1);
  });

  it("intake waits for the checks; a pass routes the lead and records result, time, price and the answer", async () => {
    const provider = await providers.pass();
    await addCheck("Litigator scrub", provider.url);
    await addBuyer("Acme");
    const leadId = await submitLead({ ph: "(415) 555-0101" });
    expect((await leadOf(leadId)).buyer_status).toBe("checking");
    expect(await buyerRowsOf(leadId)).toHaveLength(0);

    await runChecks(leadId);
    const [result] = await resultsOf(leadId);
    expect(result).toMatchObject({
      check_name: "Litigator scrub",
      outcome: "pass",
      price_cents: 1,
      cached: 0,
      policy_applied: null,
    });
    expect(result!.answer_excerpt).toContain("clean");
    expect(result!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(provider.received[0]!.body)).toEqual({
      phone: "4155550101",
      key: "provider-key-1234",
    });
    expect(await buyerRowsOf(leadId)).toHaveLength(1);
    // The same worker run may have sent it to the buyer already.
    expect(["pending", "sold"]).toContain((await leadOf(leadId)).buyer_status);
  });

  it("a block holds the lead with the reason and sends it to no buyer", async () => {
    await addCheck("Litigator scrub", (await providers.block()).url);
    await addCheck("Clean list", (await providers.pass()).url);
    await addBuyer("Acme");
    const leadId = await submitLead();
    await runChecks(leadId);
    const lead = await leadOf(leadId);
    expect(lead.buyer_status).toBe("held");
    expect(lead.held_reason).toContain(
      "Litigator scrub blocked it: Known TCPA litigator",
    );
    expect((await resultsOf(leadId)).map((r) => r.outcome)).toEqual([
      "pass",
      "block",
    ]);
    expect(await buyerRowsOf(leadId)).toHaveLength(0);
  });

  for (const [name, start, detail] of [
    ["slow (over its budget)", providers.slow, "Over its budget of 400 ms"],
    ["answering 500", providers.broken, "HTTP 500"],
  ] as const) {
    it(`a provider ${name} holds the lead under the hold policy`, async () => {
      await addCheck("Scrub", (await start()).url, { whenUnavailable: "hold" });
      await addBuyer("Acme");
      const leadId = await submitLead();
      await runChecks(leadId);
      const [result] = await resultsOf(leadId);
      expect(result).toMatchObject({
        outcome: "unavailable",
        detail,
        price_cents: 0,
        policy_applied: "held",
      });
      expect((await leadOf(leadId)).buyer_status).toBe("held");
      expect(await buyerRowsOf(leadId)).toHaveLength(0);
    });

    it(`a provider ${name} is recorded and the lead sold without it under the sell policy`, async () => {
      await addCheck("Scrub", (await start()).url, { whenUnavailable: "sell" });
      await addBuyer("Acme");
      const leadId = await submitLead();
      await runChecks(leadId);
      const [result] = await resultsOf(leadId);
      expect(result).toMatchObject({
        outcome: "unavailable",
        detail,
        policy_applied: "sold without it",
      });
      expect(await buyerRowsOf(leadId)).toHaveLength(1);
    });
  }

  it("an answer is cached per phone number for the check's days, free, and not asked again", async () => {
    const provider = await providers.pass();
    await addCheck("Scrub", provider.url, { cacheDays: 7 });
    await addBuyer("Acme");
    const first = await submitLead({
      ph: "(415) 555-0177",
      em: "one@example.com",
    });
    await runChecks(first);
    const second = await submitLead({
      ph: "(415) 555-0177",
      em: "two@example.com",
    });
    await runChecks(second);
    expect(provider.received).toHaveLength(1);
    expect((await resultsOf(second))[0]).toMatchObject({
      outcome: "pass",
      cached: 1,
      price_cents: 0,
    });
    const third = await submitLead({ ph: "(415) 555-0178" });
    await runChecks(third);
    expect(provider.received).toHaveLength(2);
  });

  it("a worker that dies between running and recording: the run is redone once, the lead routed once", async () => {
    const provider = await providers.pass();
    await addCheck("Scrub", provider.url);
    const { buyer } = await addBuyer("Acme");
    const leadId = await submitLead();
    // The first worker claims the run and dies before recording it.
    const stale = await createOutbox(db).claimNext(1);
    expect(stale?.target).toBe("checks");
    await waitFor(
      async () =>
        (
          await db
            .selectFrom("deliveries")
            .select("locked_until")
            .where("id", "=", stale!.id)
            .executeTakeFirstOrThrow()
        ).locked_until! < new Date().toISOString(),
      "the claim to expire",
    );
    await runChecks(leadId);
    // The dead worker's late record is refused: the claim is no longer its own.
    let settledAgain = false;
    await createOutbox(db).recordAttempt(
      stale!,
      {
        ok: true,
        status: null,
        error: null,
        retryable: false,
        durationMs: 1,
        responseBody: "late",
      },
      [],
      async () => {
        settledAgain = true;
      },
    );
    expect(settledAgain).toBe(false);
    // Settling the same results twice stores them once and routes once.
    const runs: CheckRun[] = [
      {
        checkId: "x",
        checkName: "Again",
        outcome: "pass",
        detail: null,
        answerExcerpt: null,
        durationMs: 1,
        priceCents: 1,
        cached: false,
        whenUnavailable: "hold",
      },
    ];
    await writeTransaction(db, (trx) =>
      settleLeadChecks(trx, leadId, runs, new Date()),
    );
    expect(await resultsOf(leadId)).toHaveLength(1);
    expect((await buyerRowsOf(leadId)).map((row) => row.buyer_id)).toEqual([
      buyer.id,
    ]);
    expect(await routingDecisionsOf(db, leadId)).toHaveLength(1);
  });

  it("an operator releases a held lead: it is routed once", async () => {
    await addCheck("Scrub", (await providers.block()).url);
    const { buyer } = await addBuyer("Acme");
    const leadId = await submitLead();
    await runChecks(leadId);
    expect((await leadOf(leadId)).buyer_status).toBe("held");
    expect(await releaseHeldLead(db, leadId, new Date())).toBe(true);
    expect(await releaseHeldLead(db, leadId, new Date())).toBe(false);
    expect((await buyerRowsOf(leadId)).map((row) => row.buyer_id)).toEqual([
      buyer.id,
    ]);
    expect(await leadOf(leadId)).toMatchObject({
      buyer_status: "pending",
      held_reason: null,
    });
  });

  it("a paused check or one for another claim does not hold intake", async () => {
    const provider = await providers.block();
    await addCheck("Other claim", provider.url, { claimTypes: ["PFAS"] });
    const paused = await services.checks.create({
      name: "Paused",
      active: false,
      config: checkConfig(provider.url),
    });
    expect(paused.ok).toBe(true);
    await addBuyer("Acme");
    const leadId = await submitLead();
    expect(await buyerRowsOf(leadId)).toHaveLength(1);
  });

  it("refuses a check it cannot run, field by field", async () => {
    const saved = await services.checks.create({
      name: "",
      config: {
        ...checkConfig("ftp://x"),
        budgetMs: 60_000,
        fields: { phone: "{phone" },
      },
    });
    expect(saved.ok).toBe(false);
    if (saved.ok) return;
    expect(Object.keys(saved.errors).sort()).toEqual([
      "config.budgetMs",
      "config.fields.phone",
      "config.url",
      "name",
    ]);
  });
});

describe("checks as evidence", () => {
  it("each check's result, time and price is in the signed certificate, its public page and the export, without answers or keys", async () => {
    await addCheck("Litigator scrub", (await providers.pass()).url, { priceCents: 2 });
    await addCheck("Reassigned numbers", (await providers.broken()).url, { whenUnavailable: "sell" });
    await addBuyer("Acme");
    const leadId = await submitLead({ ph: "(415) 555-0188" });
    await runChecks(leadId);
    const stored = await resultsOf(leadId);
    const scrub = stored.find((row) => row.check_name === "Litigator scrub")!;
    const expected = [
      {
        name: "Litigator scrub",
        outcome: "pass",
        checkedAt: scrub.checked_at,
        durationMs: Number(scrub.duration_ms),
        priceCents: 2,
        cached: false,
        policyApplied: null,
      },
      {
        name: "Reassigned numbers",
        outcome: "unavailable",
        checkedAt: scrub.checked_at,
        durationMs: Number(stored.find((row) => row.check_name === "Reassigned numbers")!.duration_ms),
        priceCents: 0,
        cached: false,
        policyApplied: "sold without it",
      },
    ];
    const { certificate_id: certificateId } = await leadOf(leadId);

    // The signed certificate: verified against the published key, the checks among its claims.
    const jws = (await services.certificates.signed(certificateId!))!;
    const { keys } = await services.certificateSigning.jwks();
    const { payload } = await compactVerify(jws, await importJWK(keys[0]!, "EdDSA"));
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { checks: unknown };
    expect(claims.checks).toEqual(expected);
    // Nothing of the providers' answers, their URLs or the operator's key.
    for (const secret of ["clean", "HTTP 500", "provider-key-1234", "127.0.0.1"]) expect(JSON.stringify(claims.checks)).not.toContain(secret);

    // The public page shows the same.
    const view = (await services.certificates.verify(certificateId!))!;
    expect(view.checks).toEqual(expected);
    const page = renderToStaticMarkup(CertificateSaleChecks({ checks: view.checks, dateTime: (iso) => iso, t: PAGE_MESSAGES.en }));
    expect(page).toContain("Checks before a sale");
    expect(page).toContain(`Litigator scrub</dt><dd class="min-w-0 break-words text-slate-900 sm:col-span-2">Passed · ${scrub.checked_at} · ${scrub.duration_ms} ms · $0.02</dd>`);
    expect(page).toContain("Unavailable (sold without it)");
    expect(page).not.toContain("clean");

    // The export's checks cell: each check's result, time and price.
    let csv = "";
    for await (const chunk of leadsCsv(db, config.database, {}, { timeZone: "UTC", targets: [] })) csv += String(chunk);
    const [header, ...rows] = parse(csv, { bom: true }) as string[][];
    const row = rows.find((cells) => cells[header!.indexOf("lead_id")] === leadId)!;
    expect(row[header!.indexOf("checks")]).toBe(
      `Litigator scrub: pass, ${scrub.duration_ms} ms, 2 cents; Reassigned numbers: unavailable, ${expected[1]!.durationMs} ms, 0 cents, sold without it`,
    );
  });

  it("a certificate whose lead ran no check says so, and a cached answer is marked as one", async () => {
    const none = await submitLead();
    const view = (await services.certificates.verify((await leadOf(none)).certificate_id!))!;
    expect(view.checks).toEqual([]);
    expect(renderToStaticMarkup(CertificateSaleChecks({ checks: view.checks, dateTime: (iso) => iso, t: PAGE_MESSAGES.en }))).toContain("No checks before a sale were run on this lead.");

    await addCheck("Scrub", (await providers.pass()).url, { cacheDays: 7 });
    const first = await submitLead({ ph: "(415) 555-0190", em: "first@example.com" });
    await runChecks(first);
    const second = await submitLead({ ph: "(415) 555-0190", em: "second@example.com" });
    await runChecks(second);
    const cached = (await services.certificates.verify((await leadOf(second)).certificate_id!))!;
    expect(cached.checks).toMatchObject([{ name: "Scrub", outcome: "pass", cached: true, durationMs: 0, priceCents: 0 }]);
    expect(renderToStaticMarkup(CertificateSaleChecks({ checks: cached.checks, dateTime: (iso) => iso, t: PAGE_MESSAGES.en }))).toContain("from the cache");
    let csv = "";
    for await (const chunk of leadsCsv(db, config.database, {}, { timeZone: "UTC", targets: [] })) csv += String(chunk);
    expect(csv).toContain("Scrub: pass (cached), 0 ms, 0 cents");
  });
});

describe("phone facts as buyer filters", () => {
  it("routing skips a buyer whose line type or area-code rule the lead does not meet, and says why", async () => {
    const { buyer: mobileOnly } = await addBuyer("Mobile only", {
      priority: 1,
      filters: { lineTypes: ["mobile"] } as never,
    });
    const { buyer: inState } = await addBuyer("In state", {
      priority: 2,
      filters: { requireAreaCodeInState: true } as never,
    });
    const { buyer: anyLine } = await addBuyer("Any line", {
      priority: 3,
      filters: { lineTypes: ["fixed_line_or_mobile"] } as never,
    });
    // A San Francisco number given with Texas as the state.
    const leadId = await submitLead({ ph: "(415) 555-0142", st: "TX" });
    const [routed] = await routingDecisionsOf(db, leadId);
    const reasons = Object.fromEntries(
      routed!.decision.considered.map((c) => [
        c.buyerId,
        c.verdict === "skipped" ? c.reason : "candidate",
      ]),
    );
    expect(reasons).toEqual({
      [mobileOnly.id]: "line type",
      [inState.id]: "area code not in state",
      [anyLine.id]: "candidate",
    });
    expect((await buyerRowsOf(leadId)).map((row) => row.buyer_id)).toEqual([
      anyLine.id,
    ]);

    const inTexas = await submitLead({ ph: "(214) 555-0142", st: "TX" });
    expect((await buyerRowsOf(inTexas)).map((row) => row.buyer_id)).toEqual([
      inState.id,
    ]);
  });
});
