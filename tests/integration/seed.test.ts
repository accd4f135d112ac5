import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionClaims } from "#claims/registry";
import { NOT_PROVIDED } from "#claims/engine/answers";
import { loadConfig } from "../../server/config";
import { isPostgres, migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLeadConsole } from "../../server/lead-console/lead-console";
import { contactColumns } from "../../server/contacts/contact-identity";
import { isDisposableEmail } from "../../server/contacts/email-address";
import { checkUsPhone } from "../../server/contacts/phone-number";
import { leadSearchColumns } from "../../server/db/search-keys";
import { seedLeads, type SeedOptions, type SeedResult } from "../../server/seed/seed-leads";
import { SEEDED_PRICE_CENTS } from "../../server/seed/seeded-sales";
import { systemBuyerId } from "../../server/distribution/buyers/system-buyers";
import type { DeliveryTarget } from "../../server/db/schema";
import { saleBalance } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";
import { TEST_SITE_URL } from "../support/load-context";
import { testDatabaseUrl } from "../support/test-database";

// `npm run seed` in-process, on SQLite and on PostgreSQL: the rows it writes must be what the lead
// service and the delivery worker would have written, and the lead console must read them.

const LEADS = 2_000;
const DAY_MS = 86_400_000;
const now = new Date();

let db: Db;
let options: SeedOptions;
let seeded: SeedResult;
let indexesBefore: string[];

async function indexNames(): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
  return rows.map((row) => row.name).sort();
}

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: await testDatabaseUrl("seed"), LOG_LEVEL: "silent", NODE_ENV: "test", SITE_URL: TEST_SITE_URL });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  indexesBefore = await indexNames();
  options = {
    database: config.database,
    leads: LEADS,
    days: 90,
    seed: 20261123,
    batchSize: 500,
    siteUrl: config.siteUrl,
    site: config.site,
    retryScheduleMs: config.delivery.retryScheduleMs,
    timeoutMs: config.delivery.timeoutMs,
    now,
    threads: 2,
  };
  seeded = await seedLeads(options);
}, 60_000);
afterAll(() => db?.destroy());

const leads = () => db.selectFrom("leads").selectAll().execute();

describe("npm run seed", () => {
  it("adds the leads asked for, of every claim, over the last 90 days with the newest now", async () => {
    expect(seeded.leads).toBe(LEADS);
    const rows = await leads();
    expect(rows).toHaveLength(LEADS);
    expect(new Set(rows.map((lead) => lead.case_type))).toEqual(new Set(productionClaims.map((claim) => claim.caseType)));
    const times = rows.map((lead) => lead.created_at).sort();
    expect(times.at(-1)).toBe(now.toISOString());
    expect(Date.parse(times[0]!)).toBeGreaterThanOrEqual(now.getTime() - 90 * DAY_MS);
    // Spread over the period, not bunched at one end.
    expect(Date.parse(times[0]!)).toBeLessThan(now.getTime() - 80 * DAY_MS);
  });

  it("puts back every index it dropped for the load", async () => {
    expect(await indexNames()).toEqual(indexesBefore);
  });

  it("marks about 2% as spam, and queues nothing for spam but deliveries it cancelled", async () => {
    const rows = await leads();
    const spam = rows.filter((lead) => lead.is_spam === 1);
    expect(spam.length / LEADS).toBeGreaterThan(0.01);
    expect(spam.length / LEADS).toBeLessThan(0.035);
    const spamDeliveries = await db
      .selectFrom("deliveries")
      .select("deliveries.status")
      .where("lead_id", "in", spam.map((lead) => lead.id))
      .execute();
    expect(new Set(spamDeliveries.map((delivery) => delivery.status))).toEqual(new Set(["cancelled"]));
  });

  it("gives every other lead (not a duplicate) a delivery to the webhook and to each partner of its claim, with the lead's time", async () => {
    const rows = await db
      .selectFrom("leads")
      .innerJoin("deliveries", "deliveries.lead_id", "leads.id")
      .select(["leads.case_type", "leads.created_at", "deliveries.target", "deliveries.lead_created_at"])
      .where("leads.is_spam", "=", 0)
      .execute();
    const targetsByClaim = new Map(productionClaims.map((claim) => [claim.caseType, ["webhook", ...(claim.partners ?? []).map((p) => p.partner)].sort()]));
    const seen = new Map<string, Set<string>>();
    for (const row of rows) {
      expect(row.lead_created_at).toBe(row.created_at);
      seen.set(row.case_type, (seen.get(row.case_type) ?? new Set()).add(row.target));
    }
    for (const [caseType, targets] of seen) expect([...targets].sort()).toEqual(targetsByClaim.get(caseType));
    expect(rows.length).toBe(seeded.deliveries - (await db.selectFrom("deliveries").where("status", "=", "cancelled").select("id").execute()).length);
  });

  it("sells each lead a partner took to that partner's buyer in the ledger, at its price, and credits the returned ones in full", async () => {
    const sales = await db
      .selectFrom("ledger_entries as sale")
      .innerJoin("deliveries", "deliveries.id", "sale.delivery_id")
      .innerJoin("leads", "leads.id", "sale.lead_id")
      .select(["sale.id", "sale.created_at", "sale.buyer_id", "sale.case_type", "sale.lead_source", "sale.amount_cents", "deliveries.delivered_at", "deliveries.buyer_id as delivery_buyer", "deliveries.target", "leads.case_type as lead_case_type", "leads.buyer_status"])
      .where("sale.kind", "=", "sale")
      .execute();
    expect(sales.length).toBe(seeded.sales);
    expect(sales.length).toBeGreaterThan(0);
    const partnerDeliveries = await db.selectFrom("deliveries").select("id").where("target", "!=", "webhook").where("status", "=", "delivered").execute();
    expect(sales.length).toBe(partnerDeliveries.length);
    for (const sale of sales) {
      expect(sale).toMatchObject({ created_at: sale.delivered_at, buyer_id: systemBuyerId(sale.target as DeliveryTarget), delivery_buyer: null, case_type: sale.lead_case_type, lead_source: FIRST_PARTY_SOURCE, amount_cents: SEEDED_PRICE_CENTS });
    }

    const credits = await db
      .selectFrom("ledger_entries as credit")
      .innerJoin("lead_returns", "lead_returns.id", "credit.return_id")
      .innerJoin("return_decisions", "return_decisions.credit_id", "credit.id")
      .innerJoin("leads", "leads.id", "credit.lead_id")
      .select(["credit.sale_id", "credit.created_at", "credit.amount_cents", "lead_returns.sale_id as returned_sale", "lead_returns.created_at as returned_at", "return_decisions.decision", "return_decisions.return_id", "lead_returns.id as return_id_of_request", "leads.buyer_status"])
      .execute();
    expect(credits.length).toBe((await db.selectFrom("ledger_entries").select("id").where("kind", "!=", "sale").execute()).length);
    expect(credits.length).toBeGreaterThan(0);
    expect(credits.length).toBeLessThan(sales.length * 0.2);
    for (const credit of credits) {
      expect(credit).toMatchObject({ sale_id: credit.returned_sale, created_at: credit.returned_at, amount_cents: -SEEDED_PRICE_CENTS, decision: "approved", return_id: credit.return_id_of_request, buyer_status: "unsold" });
      expect((await saleBalance(db, credit.sale_id!)).left).toBe(0);
      expect(Date.parse(credit.created_at)).toBeLessThanOrEqual(now.getTime());
    }
    const returned = new Set(credits.map((credit) => credit.sale_id));
    for (const sale of sales.filter((sale) => !returned.has(sale.id))) expect(sale.buyer_status).toBe("sold");
  });

  it("has deliveries in every state, each with the attempts that led there", async () => {
    const deliveries = await db.selectFrom("deliveries").selectAll().execute();
    const attempts = await db.selectFrom("delivery_attempts").selectAll().execute();
    const attemptsOf = new Map<string, typeof attempts>();
    for (const attempt of attempts) attemptsOf.set(attempt.delivery_id, [...(attemptsOf.get(attempt.delivery_id) ?? []), attempt]);
    expect(new Set(deliveries.map((d) => d.status))).toEqual(new Set(["pending", "delivered", "failed", "dead", "cancelled"]));

    for (const delivery of deliveries) {
      const log = attemptsOf.get(delivery.id) ?? [];
      expect(log).toHaveLength(Number(delivery.attempts));
      const last = log.sort((a, b) => a.attempted_at.localeCompare(b.attempted_at)).at(-1);
      if (delivery.status === "delivered") expect(last).toMatchObject({ status_code: 200, error: null, attempted_at: delivery.delivered_at });
      if (delivery.status === "failed") expect(Number(last!.status_code)).toBeGreaterThanOrEqual(400);
      // The worker gives up after the first attempt and one retry per step of the schedule.
      if (delivery.status === "dead") expect(log).toHaveLength(options.retryScheduleMs.length + 1);
      // Pending: queued a moment ago, or failed and waiting for a retry after now.
      if (delivery.status === "pending") expect(log.length ? delivery.next_attempt_at > now.toISOString() : delivery.next_attempt_at === delivery.created_at).toBe(true);
      if (last && delivery.status !== "delivered") expect(delivery.last_error).toBe(last.error);
    }
    const failures = attempts.filter((attempt) => attempt.error !== null);
    expect(failures.some((attempt) => attempt.error === "Network error: ECONNREFUSED")).toBe(true);
    expect(failures.some((attempt) => attempt.status_code === 503 && attempt.response_body)).toBe(true);
    expect(attempts.every((attempt) => Number(attempt.duration_ms) >= 0)).toBe(true);
  });

  it("marks about 3% as duplicates of an earlier lead of the same person and claim, sent to no one, and some as low quality", async () => {
    const rows = await leads();
    const byId = new Map(rows.map((lead) => [lead.id, lead]));
    const duplicates = rows.filter((lead) => lead.duplicate_of !== null);
    expect(duplicates.length / LEADS).toBeGreaterThan(0.01);
    expect(duplicates.length / LEADS).toBeLessThan(0.05);
    for (const duplicate of duplicates) {
      const original = byId.get(duplicate.duplicate_of!)!;
      expect(original.duplicate_of).toBeNull();
      expect(original.is_spam).toBe(0);
      expect([original.case_type, original.phone_e164, original.email_normalized]).toEqual([duplicate.case_type, duplicate.phone_e164, duplicate.email_normalized]);
      expect(original.created_at <= duplicate.created_at).toBe(true);
      expect(Date.parse(duplicate.created_at) - Date.parse(original.created_at)).toBeLessThanOrEqual(30 * DAY_MS);
    }
    const sent = await db.selectFrom("deliveries").select("lead_id").where("lead_id", "in", duplicates.map((lead) => lead.id)).execute();
    expect(sent).toEqual([]);
    const lowQuality = rows.filter((lead) => lead.low_quality !== null);
    expect(lowQuality.length).toBeGreaterThan(0);
    expect(lowQuality.every((lead) => lead.low_quality === "disposable-email" && isDisposableEmail(lead.em!))).toBe(true);
  });

  it("stores the contact columns as the lead service does, the phone as libphonenumber writes it", async () => {
    for (const lead of await leads()) {
      const phone = checkUsPhone(lead.ph!);
      expect(phone, lead.ph!).toMatchObject({ ok: true });
      expect({ phone_e164: lead.phone_e164, email_normalized: lead.email_normalized, low_quality: lead.low_quality }).toEqual(contactColumns(lead));
      expect(lead.phone_e164).toBe(phone.ok ? phone.e164 : null);
    }
  });

  it("stores the derived search columns as the lead service does", async () => {
    for (const lead of await leads()) {
      const outcome =
        lead.eligibility_reason === null ? null : lead.is_eligible ? "eligible" : lead.is_not_eligible ? "ineligible" : ("partial" as const);
      const attribution = lead.attribution ? JSON.parse(lead.attribution) : null;
      expect({
        outcome: lead.outcome,
        fn_search: lead.fn_search,
        ln_search: lead.ln_search,
        em_search: lead.em_search,
        phone_digits: lead.phone_digits,
        phone_digits_reversed: lead.phone_digits_reversed,
        utm_source: lead.utm_source,
        utm_campaign: lead.utm_campaign,
      }).toEqual(leadSearchColumns({ ...lead, outcome, attribution }));
    }
  });

  it("writes people, attribution and certificates that look real", async () => {
    const rows = await leads();
    expect(rows.some((lead) => /[^ -~]/.test(`${lead.fn}${lead.ln}`))).toBe(true);
    expect(new Set(rows.map((lead) => lead.submission_key)).size).toBe(LEADS);
    // A repeat of an earlier lead (duplicate_of) may send the very same answers on the same day, as a
    // visitor who submits twice does; every other lead's submission is its own.
    const originals = rows.filter((lead) => lead.duplicate_of === null);
    expect(new Set(originals.map((lead) => lead.submission_sha256)).size).toBe(originals.length);
    const sources = new Set(rows.map((lead) => lead.utm_source));
    for (const source of ["google", "facebook", "bing", "tiktok", null]) expect(sources).toContain(source);
    expect(rows.some((lead) => lead.utm_campaign === "spring-2026")).toBe(true);

    const certificates = await db.selectFrom("submission_certificates").selectAll().execute();
    expect(certificates).toHaveLength(seeded.certificates);
    const byId = new Map(certificates.map((certificate) => [certificate.certificate_id, certificate]));
    for (const lead of rows.filter((row) => row.certificate_id)) {
      const certificate = byId.get(lead.certificate_id!)!;
      const claim = productionClaims.find((c) => c.caseType === lead.case_type)!;
      expect(certificate).toMatchObject({ lead_id: lead.id, created_at: lead.created_at, submission_sha256: lead.submission_sha256 });
      expect(certificate.consent_text).toBe(claim.consentText(options.site));
      expect(JSON.parse(lead.form_data).certificateUrl).toBe(`${TEST_SITE_URL}/verify-trustedforms-pro?cert=${lead.certificate_id}`);
    }
  });

  it("makes leads the lead console lists, filters, finds and shows in full", async () => {
    const leadConsole = createLeadConsole({ db, database: options.database, worker: { sendNow: async () => null }, siteUrl: TEST_SITE_URL, timeZone: "America/New_York" });
    const list = async (query: string) => {
      const page = await leadConsole.list(new URLSearchParams(query));
      if (!page.ok) throw new Error(JSON.stringify(page.errors));
      return page;
    };
    expect((await list("")).count).toBe(LEADS);
    for (const query of ["claim=AFFF", "outcome=eligible", "state=CA", "delivery=webhook:dead", "delivery=legal-bridge:delivered", "spam=yes", "utm_source=bing", "utm_campaign=spring-2026"]) {
      const page = await list(query);
      expect(page.count, query).toBeGreaterThan(0);
      expect(page.leads.length, query).toBeGreaterThan(0);
    }

    // A lead the seed routed: spam and duplicates (about 3% each) get no deliveries.
    const mva = (await list("claim=MVA&spam=no&duplicate=no")).leads[0]!;
    const lead = await db.selectFrom("leads").selectAll().where("id", "=", mva.id).executeTakeFirstOrThrow();
    const formatted = `(${lead.ph!.slice(0, 3)}) ${lead.ph!.slice(3, 6)}-${lead.ph!.slice(6)}`;
    expect((await list(`q=${encodeURIComponent(formatted)}`)).leads.map((l) => l.id)).toContain(lead.id);
    expect((await list(`q=${encodeURIComponent(`${lead.fn} ${lead.ln}`)}`)).leads.map((l) => l.id)).toContain(lead.id);

    const detail = (await leadConsole.detail(lead.id))!;
    const claim = productionClaims.find((c) => c.caseType === "MVA")!;
    expect(detail.answers.map((answer) => answer.name)).toEqual(claim.steps.flatMap((step) => step.fields.map((field) => field.name)));
    expect(detail.answers.filter((answer) => answer.answer === NOT_PROVIDED)).toEqual([]);
    expect(detail.consent).toMatchObject({ given: true, text: claim.consentText(options.site), certificateUrl: expect.stringContaining(lead.certificate_id!) });
    expect(detail.request.ip).toBeTruthy();
    expect(detail.attribution?.first_seen_at).toBeTruthy();
    expect(detail.deliveries.length).toBeGreaterThan(0);
    expect(detail.deliveries.every((delivery) => delivery.log.length === delivery.attempts)).toBe(true);
  });

  it("adds to a database that has leads, keeping its indexes", async () => {
    const more = await seedLeads({ ...options, leads: 100, seed: 7, threads: 0 });
    expect(more.leads).toBe(100);
    const { count } = await db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(LEADS + 100);
    expect(await indexNames()).toEqual(indexesBefore);
  });
});
