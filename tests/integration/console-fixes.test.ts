import { TZDate } from "@date-fns/tz";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFunnelEvents } from "../../server/analytics/funnel-events";
import { COUNT_BOUND, countLeads } from "../../server/lead-console/lead-query";
import * as dashboard from "../../app/routes/admin-index";
import { routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";

// Issue 24, item 11, on SQLite and PostgreSQL: names with letters NFKD keeps whole and as
// "Last, First"; the dashboard's days agree with the lead list's (OPERATOR_TIME_ZONE, New York here);
// the bounded count; and the export's E.164 phone, which a spreadsheet must not take as a formula.

const ZONE = "America/New_York";
let app: ConsoleRoutes;
const ids: Record<string, string> = {};

/** A local time in New York, `daysAgo` days before today there, as an instant. */
function newYork(daysAgo: number, hour: number, minute: number): Date {
  const today = new TZDate(Date.now(), ZONE);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, hour, minute, ZONE).getTime());
}
const dayOf = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

beforeAll(async () => {
  app = await startConsole({ OPERATOR_TIME_ZONE: ZONE });
  await app.services.settings.saveWebhookUrl("http://127.0.0.1:9/hook");
  // Outside the dashboard's 90 days.
  ids.lukasz = await app.makeLead({ firstName: "Łukasz", lastName: "Wróbel", phone: "(718) 555-0177", email: "lw@example.pl", at: "2026-01-10T15:00:00Z" });
  ids.soren = await app.makeLead({ firstName: "Søren", lastName: "Kierkegaard", email: "sk@example.dk", at: "2026-01-11T15:00:00Z" });
  ids.strauss = await app.makeLead({ firstName: "Johann", lastName: "Strauß", email: "js@example.at", at: "2026-01-12T15:00:00Z" });
  // Three days ago in New York: at 00:30 (the same UTC day), 12:00 (spam), and 23:30 (already the next day in UTC).
  ids.early = await app.makeLead({ claim: "mva", at: newYork(3, 0, 30) });
  ids.noonSpam = await app.makeLead({ claim: "mva", at: newYork(3, 12, 0), spam: true });
  ids.late = await app.makeLead({ claim: "mva", at: newYork(3, 23, 30) });
}, 60_000);
afterAll(() => app?.close());

async function listed(query: string) {
  const answer = await app.listPage(query);
  expect(answer.status, query).toBe(200);
  return answer.data as { count: number; countIsMore: boolean; leads: Array<{ id: string }> };
}

describe("search", () => {
  it.each([
    ["lukasz", "lukasz"],
    ["Łukasz Wróbel", "lukasz"],
    ["wrobel lukasz", "lukasz"],
    ["Wróbel, Łukasz", "lukasz"],
    ["wrobel,lukasz", "lukasz"],
    ["soren", "soren"],
    ["Kierkegaard, Søren", "soren"],
    ["strauss", "strauss"],
    ["Strauß, Johann", "strauss"],
    ["0177", "lukasz"],
    ["555-0177", "lukasz"],
  ])("%s finds its lead", async (q, name) => {
    const view = await listed(`?q=${encodeURIComponent(q)}`);
    expect(view.leads.map((lead) => lead.id)).toEqual([ids[name]]);
    expect(view).toMatchObject({ count: 1, countIsMore: false });
  });
});

describe("days in OPERATOR_TIME_ZONE", () => {
  it("the dashboard counts a day's leads as the lead list does, and says how many are spam", async () => {
    const day = dayOf(newYork(3, 12, 0));
    const list = await listed(`?claim=MVA&from=${day}&to=${day}`);
    expect(list.count).toBe(3);
    const figures = await app.services.dashboard.read(7);
    expect(figures.timeZone).toBe(ZONE);
    expect(figures.days.at(-1)).toBe(dayOf(new Date()));
    const mva = figures.leadsPerDay.find((claim) => claim.caseType === "MVA")!;
    expect(mva.counts[figures.days.indexOf(day)]).toBe(list.count);
    expect(mva.spam).toBe(1);
    // By UTC day the late lead would have been the next day's.
    const next = figures.days[figures.days.indexOf(day) + 1]!;
    expect(mva.counts[figures.days.indexOf(next)]).toBe((await listed(`?claim=MVA&from=${next}&to=${next}`)).count);
  });

  it("the funnel counts a visitor on the operator's day too", async () => {
    // 23:30 on 10 March in New York is 03:30 on the 11th in UTC.
    const funnel = createFunnelEvents(app.db, { site: "claims.example", now: () => new Date("2026-03-11T03:30:00Z"), timeZone: ZONE });
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    expect(await funnel.record("mva", { kind: "view" }, { ip: "198.51.100.77", userAgent: chrome, attribution: null })).toBe("counted");
    const rows = await app.db.selectFrom("funnel_daily").select(["day", "visitors"]).where("claim", "=", "mva").where("kind", "=", "view").execute();
    expect(rows).toEqual([{ day: "2026-03-10", visitors: 1 }]);
  });
});

describe("the count stops at a bound", () => {
  it("counts up to the bound and says there are more, for a search, a filter and a delivery filter alike", async () => {
    expect(COUNT_BOUND).toBe(10_000);
    // Six MVA leads (all of them).
    expect(await countLeads(app.db, { claim: "MVA" }, ZONE, 5)).toEqual({ count: 5, more: true });
    expect(await countLeads(app.db, { claim: "MVA" }, ZONE, 6)).toEqual({ count: 6, more: false });
    expect(await countLeads(app.db, { q: "s" }, ZONE, 1)).toEqual({ count: 1, more: true });
    expect(await countLeads(app.db, { delivery: { target: "webhook", status: "pending" } }, ZONE, 1)).toEqual({ count: 1, more: true });
    expect(await countLeads(app.db, { delivery: { target: "webhook", status: "pending" } }, ZONE, 100)).toEqual({ count: 5, more: false });
    expect(await listed("")).toMatchObject({ count: 6, countIsMore: false });
  });
});

describe("the export", () => {
  it("writes the E.164 phone as it is: no apostrophe, nothing a spreadsheet computes", async () => {
    const response = await app.exportResponse("?q=wrobel");
    expect(response.status).toBe(200);
    const text = await response.text();
    const [header, row] = parse(text, { bom: true }) as string[][];
    expect(row![header!.indexOf("phone_e164")]).toBe("+17185550177");
    expect(text).toContain('"+17185550177"');
    expect(text).not.toContain("'+1");
  });
});

describe("the dashboard's period", () => {
  const dashboardAt = (query: string) =>
    settled(Promise.resolve(dashboard.loader(routeArgs(new Request(`${TEST_SITE_URL}/admin${query}`, { headers: { cookie: app.operator } }), app.context()))));

  it("shows a period it offers, and answers one it does not with 400, the default period and why, instead of 30 days in silence", async () => {
    expect(await dashboardAt("?days=7")).toMatchObject({ status: 200, data: { period: 7, periodNotice: null } });
    expect(await dashboardAt("")).toMatchObject({ status: 200, data: { period: 30, periodNotice: null } });
    expect(await dashboardAt("?days=14")).toMatchObject({
      status: 400,
      data: { period: 30, periodNotice: "The dashboard does not offer 14 days: it shows 7, 30 or 90 days. These are the last 30 days." },
    });
    const words = await dashboardAt("?days=lots");
    expect(words).toMatchObject({ status: 400, data: { period: 30 } });
    expect((words.data as { periodNotice: string }).periodNotice).toBe("“lots” is not a number of days: it shows 7, 30 or 90 days. These are the last 30 days.");
  });
});
