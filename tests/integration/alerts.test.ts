import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as account from "../../app/routes/admin-account";
import { createAlerts, type Alerts } from "../../server/alerts/alerts";
import { noteBuyerAttempt } from "../../server/distribution/buyers/buyer-health";
import { capPeriods } from "../../server/distribution/routing/cap-reservation";
import { loadConfig } from "../../server/config";
import { openDatabase, writeTransaction } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { testDatabaseUrl } from "../support/test-database";
import { recordCredit, recordSale } from "../../server/ledger";
import { previousDay } from "../../server/alerts/daily-summary";
import { dayBounds } from "../../server/lead-console/lead-filter";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, OWNER_EMAIL, TEST_SITE_URL } from "../support/load-context";
import { EMAIL_OF, withOperators } from "../support/operators";
import { buyerInput } from "../support/routing-fixtures";
import { startSmtpServer } from "../support/smtp-server";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";

// Alerts by e-mail (issue 29, docs/decisions/056): buyers paused by their real failure count, a real
// SMTP server on 127.0.0.1, alerts on a fake clock for the quiet period, choices saved through the
// account page's action.

const QUIET_MINUTES = 60;
let app: ConsoleRoutes;
let team: Awaited<ReturnType<typeof withOperators>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let alerts: Alerts;
let clock: Date;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startConsole({ SMTP_URL: smtp.url, ALERT_FROM: "alerts@claims.example", ALERT_QUIET_MINUTES: String(QUIET_MINUTES) });
  team = await withOperators(app);
  clock = new Date();
  alerts = createAlerts({ db: app.db, settings: app.config.alerts, logger: app.logger, now: () => clock });
}, 60_000);
afterAll(async () => {
  alerts?.close();
  await team?.close();
  await app?.close();
  await smtp?.close();
});

const advanceMinutes = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

async function addBuyer(name: string) {
  const saved = await app.services.buyers.create(buyerInput(name, { pauseAfterFailures: 2 }, { delivery: { method: "webhook", url: "http://127.0.0.1:9/never" } }));
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.buyer.id;
}

/** Two failed attempts in a row: the buyer's own rule pauses it (docs/decisions/039). */
async function failTwice(buyerId: string) {
  for (let i = 0; i < 2; i++) await writeTransaction(app.db, (trx) => noteBuyerAttempt(trx, buyerId, { status: 500, error: null }, clock));
  const row = await app.db.selectFrom("buyers").select(["active", "paused_reason"]).where("id", "=", buyerId).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ active: 0, paused_reason: expect.stringContaining("2 failed attempts") });
}

const mailsAbout = (name: string) => smtp.received.filter((mail) => mail.subject.includes(name));
const checkAndSend = async () => (await alerts.check(), await alerts.sendDue());

const accountPost = (fields: Record<string, string | string[]>, cookie: string) =>
  settled(Promise.resolve(account.action({ ...routeArgs(formPost("/admin/account", fields, { cookie }), app.context({ ip: "198.51.100.5" })), params: {} } as never)));
const accountPage = (cookie: string) =>
  settled(Promise.resolve(account.loader({ ...routeArgs(new Request(TEST_SITE_URL + "/admin/account", { headers: { cookie } }), app.context({ ip: "198.51.100.5" })), params: {} } as never)));

describe("a buyer paused automatically", () => {
  it("sends one e-mail per incident, and another for an incident after the quiet period", async () => {
    const buyerId = await addBuyer("Flaky Firm One");
    await failTwice(buyerId);
    expect(await alerts.check()).toBe(1);
    expect(await alerts.sendDue()).toBe(1);
    expect(mailsAbout("Flaky Firm One")).toHaveLength(1);
    // Owners get alerts unless they turn them off; the manager and the viewer did not turn them on.
    expect(mailsAbout("Flaky Firm One")[0]!.to).toEqual([OWNER_EMAIL]);
    expect(mailsAbout("Flaky Firm One")[0]).toMatchObject({ from: "alerts@claims.example", subject: '[Alert] Buyer "Flaky Firm One" was paused automatically', text: expect.stringContaining("2 failed attempts in a row") });

    // Still paused: the same incident, no second mail.
    advanceMinutes(10);
    expect(await checkAndSend()).toBe(0);

    // Resumed, then paused again inside the quiet period: recorded, not mailed yet.
    await app.services.buyers.setActive(buyerId, true);
    advanceMinutes(1);
    await checkAndSend();
    expect((await app.db.selectFrom("alert_incidents").select("resolved_at").where("key", "=", buyerId).executeTakeFirstOrThrow()).resolved_at).not.toBeNull();
    advanceMinutes(1);
    await failTwice(buyerId);
    expect(await checkAndSend()).toBe(0);
    expect(mailsAbout("Flaky Firm One")).toHaveLength(1);

    // Once the quiet period is over the open incident sends its one mail.
    advanceMinutes(QUIET_MINUTES);
    expect(await checkAndSend()).toBe(1);
    expect(await checkAndSend()).toBe(0);
    expect(mailsAbout("Flaky Firm One")).toHaveLength(2);

    // A new incident after the quiet period sends at once.
    await app.services.buyers.setActive(buyerId, true);
    await checkAndSend();
    advanceMinutes(QUIET_MINUTES + 1);
    await failTwice(buyerId);
    expect(await checkAndSend()).toBe(1);
    expect(mailsAbout("Flaky Firm One")).toHaveLength(3);
  });
});

describe("two workers checking at once", () => {
  it("queue one mail for one incident", async () => {
    const other = createAlerts({ db: app.db, settings: app.config.alerts, logger: app.logger, now: () => clock });
    await failTwice(await addBuyer("Flaky Firm Twin"));
    const queued = await Promise.all([alerts.check(), other.check(), alerts.check(), other.check()]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(1);
    await Promise.all([alerts.sendDue(), other.sendDue()]);
    expect(mailsAbout("Flaky Firm Twin")).toHaveLength(1);
    other.close();
  });
});

describe("each operator's choice on /admin/account", () => {
  it("sends nothing to an operator who turned the alert off, and to one who turned it on", async () => {
    const page = await accountPage(team.cookies.owner);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ alertsSent: true, alerts: expect.arrayContaining([{ kind: "buyer-failing", label: expect.any(String), enabled: true }]) });

    // The owner keeps only the backup alert; the manager turns the buyer alert on.
    expect((await accountPost({ intent: "alerts", alert: ["backup-failed"] }, team.cookies.owner)).status).toBe(200);
    expect((await accountPost({ intent: "alerts", alert: ["buyer-failing", "no-such-alert"] }, team.cookies.manager)).status).toBe(200);
    const owner = (await accountPage(team.cookies.owner)).data as { alerts: { kind: string; enabled: boolean }[] };
    expect(owner.alerts.filter((a) => a.enabled).map((a) => a.kind)).toEqual(["backup-failed"]);

    await failTwice(await addBuyer("Flaky Firm Two"));
    expect(await checkAndSend()).toBe(1);
    expect(mailsAbout("Flaky Firm Two").map((mail) => mail.to)).toEqual([[EMAIL_OF.manager]]);

    // A viewer may save their own choice too (it is their account).
    expect((await accountPost({ intent: "alerts" }, team.cookies.viewer)).status).toBe(200);
    // Back to the defaults for the owner, so the other tests see them.
    await accountPost({ intent: "alerts", alert: ["buyer-failing", "buyer-cap", "no-leads", "backup-failed", "queue-stuck", "daily-summary"] }, team.cookies.owner);
    await accountPost({ intent: "alerts" }, team.cookies.manager);
  });
});

describe("the SMTP server down", () => {
  it("keeps the mail and retries it until the server takes it", async () => {
    smtp.state.down = true;
    await failTwice(await addBuyer("Flaky Firm Three"));
    expect(await alerts.check()).toBe(1);
    expect(await alerts.sendDue()).toBe(0);
    const mailOf = () => app.db.selectFrom("alert_mails").selectAll().where("subject", "like", "%Flaky Firm Three%").executeTakeFirstOrThrow();
    expect(await mailOf()).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringContaining("451") });

    // Not due again yet; then due, and still down.
    advanceMinutes(0.5);
    expect(await alerts.sendDue()).toBe(0);
    expect(Number((await mailOf()).attempts)).toBe(1);
    advanceMinutes(1);
    expect(await alerts.sendDue()).toBe(0);
    expect(Number((await mailOf()).attempts)).toBe(2);

    smtp.state.down = false;
    advanceMinutes(6);
    expect(await alerts.sendDue()).toBe(1);
    expect(await mailOf()).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(mailsAbout("Flaky Firm Three")).toHaveLength(1);
    expect(await alerts.check()).toBe(0);
  });
});

describe("without SMTP_URL", () => {
  it("records the incident and queues no mail; the account page says so", async () => {
    const unsent = createAlerts({ db: app.db, settings: { ...app.config.alerts, smtpUrl: null }, logger: app.logger, now: () => clock });
    const buyerId = await addBuyer("Flaky Firm Four");
    await failTwice(buyerId);
    expect(await unsent.check()).toBe(0);
    expect(await unsent.sendDue()).toBe(0);
    expect(await app.db.selectFrom("alert_incidents").select(["opened_at", "last_sent_at"]).where("key", "=", buyerId).executeTakeFirstOrThrow()).toMatchObject({ last_sent_at: null });
    const page = await settled(
      Promise.resolve(account.loader({ ...routeArgs(new Request(TEST_SITE_URL + "/admin/account", { headers: { cookie: team.cookies.owner } }), app.context({}, { alerts: unsent })), params: {} } as never)),
    );
    expect(page.data).toMatchObject({ alertsSent: false });
  });
});

describe("the other alerts, from what the database says", () => {
  const subjectsSince = (count: number) => smtp.received.slice(count).map((mail) => mail.subject).sort();

  it("a buyer's daily cap, a claim without leads, a failed backup, a stuck queue, each once", async () => {
    // Flaky Firm Four's incident, recorded without SMTP and still open, goes out now that there is SMTP.
    expect(await checkAndSend()).toBe(1);
    expect(mailsAbout("Flaky Firm Four")).toHaveLength(1);

    // No buyer is active: the lead is sold to no one and nothing waits in the queue.
    await app.makeLead({ claim: "mva", at: new Date(clock.getTime() - 2 * 3_600_000).toISOString() });
    let seen = smtp.received.length;
    await checkAndSend();
    expect(subjectsSince(seen)).toEqual([]);

    const capped = await app.services.buyers.create(buyerInput("Capped Firm", { caps: { perDay: 2 } }, { delivery: { method: "webhook", url: "http://127.0.0.1:9/never" } }));
    if (!capped.ok) throw new Error(JSON.stringify(capped.errors));
    await app.db.insertInto("buyer_cap_counters").values({ buyer_id: capped.buyer.id, period: capPeriods(capped.buyer.rules.timeZone, clock).day, sent: 2 }).execute();
    await checkAndSend();
    expect(subjectsSince(seen)).toEqual(['[Alert] Buyer "Capped Firm" reached its daily cap']);

    // A day later: the cap is a new day's, the claim has had no lead for 26 hours, and a backup failed.
    seen = smtp.received.length;
    advanceMinutes(24 * 60);
    await app.db
      .insertInto("backups")
      .values({ id: "b-1", kind: "scheduled", slot: null, file: "/nowhere/app.db", started_at: clock.toISOString(), finished_at: clock.toISOString(), status: "failed", size_bytes: null, lead_count: null, error: "disk full" })
      .execute();
    await checkAndSend();
    expect(subjectsSince(seen)).toEqual([expect.stringMatching(/^\[Alert\] No leads for "/), "[Alert] The last backup failed"]);
    advanceMinutes(5);
    expect(await checkAndSend()).toBe(0);

    // A lead for the capped buyer (a new day) waits in the queue, as no worker runs here.
    seen = smtp.received.length;
    await app.makeLead({ claim: "mva", at: new Date(clock.getTime() - 60 * 60_000).toISOString() });
    await checkAndSend();
    expect(subjectsSince(seen)).toEqual(["[Alert] Deliveries are waiting in the queue"]);
    expect(await app.db.selectFrom("alert_incidents").select("resolved_at").where("kind", "=", "no-leads").executeTakeFirstOrThrow()).toMatchObject({ resolved_at: clock.toISOString() });
  });
});

describe("the daily summary", () => {
  it("goes once to the owners, with the day's leads, sales, revenue from the ledger and top campaigns", async () => {
    const timeZone = app.config.operatorTimeZone;
    const day = previousDay(clock, timeZone);
    const { start } = dayBounds(day, timeZone);
    const at = (minutes: number) => new Date(new Date(start).getTime() + minutes * 60_000).toISOString();
    const visit = (campaign: string) => ({ landing_page: "/mva", first_seen_at: at(0), utm_source: "google", utm_campaign: campaign });
    const leadIds = [
      await app.makeLead({ at: at(60), attribution: visit("spring-search") }),
      await app.makeLead({ at: at(61), attribution: visit("spring-search") }),
      await app.makeLead({ at: at(62), attribution: visit("retargeting") }),
    ];
    const buyerId = (await app.db.selectFrom("buyers").select("id").where("name", "=", "Capped Firm").executeTakeFirstOrThrow()).id;
    await writeTransaction(app.db, async (trx) => {
      const saleId = await recordSale(trx, { leadId: leadIds[0]!, buyerId, deliveryId: "summary-delivery-1", caseType: "mva", leadState: null, leadSource: FIRST_PARTY_SOURCE, amountCents: 4_550, priceSource: "fixed", at: new Date(at(90)) });
      await recordSale(trx, { leadId: leadIds[1]!, buyerId, deliveryId: "summary-delivery-2", caseType: "mva", leadState: null, leadSource: FIRST_PARTY_SOURCE, amountCents: 3_000, priceSource: "fixed", at: new Date(at(91)) });
      await recordCredit(trx, { saleId, amountCents: 550, actor: "system", note: "goodwill", at: new Date(at(120)) });
    });

    const seen = smtp.received.length;
    expect(await alerts.queueDailySummary()).toBe(1);
    expect(await alerts.queueDailySummary()).toBe(0);
    await alerts.sendDue();
    const mails = smtp.received.slice(seen);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[[OWNER_EMAIL], `[Alert] Daily summary for ${day}`]]);
    expect(mails[0]!.text).toContain("Sold: 2 for $75.50");
    expect(mails[0]!.text).toContain("Net revenue (ledger): $70.00");
    expect(mails[0]!.text).toMatch(/spring-search: 2\n\s+retargeting: 1/);
    expect(mails[0]!.text).toMatch(/^Leads: \d+$/m);
  });
});

describe("migration 2026-11-27-32", () => {
  const MIGRATION = "2026-11-27-32-alerts";
  it("goes down and up again", async () => {
    const db = await openDatabase(loadConfig({ DATABASE_URL: await testDatabaseUrl("alerts_migration"), NODE_ENV: "test" }).database);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const names = Object.keys(migrations).sort();
      expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1]!)).error).toBeUndefined();
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      for (const table of ["alert_incidents", "alert_mails", "operator_alert_choices"]) expect(tables).not.toContain(table);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("alert_mails").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
