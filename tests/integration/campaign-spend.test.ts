import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as spendPage from "../../app/routes/admin-spend";
import type { Dashboard } from "../../server/analytics/funnel-dashboard";
import type { CampaignMarginRow } from "../../server/campaigns/campaign-margin";
import { recordCredit, recordSale } from "../../server/ledger";
import { shareByWeight } from "../../server/campaigns/campaign-margin";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { withOperators } from "../support/operators";

// Campaign spend and margin (issue 29 item 3, docs/decisions/062), on SQLite and PostgreSQL: the import's
// checks through the page's action, re-imports replacing rows (audited), the dashboard's figures against a
// table worked out by hand, and a model-based run of sales, credits and spend in which every margin stays
// the ledger's revenue less the spend.

let app: ConsoleRoutes;
let team: Awaited<ReturnType<typeof withOperators>>;
let today: string;

beforeAll(async () => {
  app = await startConsole();
  team = await withOperators(app);
  today = app.services.campaignSpend.today();
}, 60_000);
afterAll(async () => {
  await team?.close();
  await app?.close();
});

/** The day `n` days before today, YYYY-MM-DD. */
const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

function upload(csv: string, cookie = app.operator) {
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "spend.csv");
  const request = new Request(TEST_SITE_URL + "/admin/spend?import", { method: "POST", body: form, headers: { cookie } });
  return settled(Promise.resolve(spendPage.action(routeArgs(request, app.context()) as never)));
}
const enter = (fields: Record<string, string>, cookie = app.operator) =>
  settled(Promise.resolve(spendPage.action(routeArgs(formPost("/admin/spend", fields, { cookie }), app.context()) as never)));
const spendRows = () => app.db.selectFrom("campaign_spend").select(["day", "utm_source", "utm_campaign", "spend_cents"]).orderBy("day").orderBy("utm_source").orderBy("utm_campaign").execute();
const auditOf = (action: string) => app.db.selectFrom("audit_log").select(["operator_email", "detail"]).where("action", "=", action).orderBy("at").execute();

describe("importing spend", () => {
  it("refuses a file with any wrong row, saying what is wrong on which line, and saves none of it", async () => {
    const csv = [
      "Date,Source,Campaign,Spend",
      `${daysAgo(1)},google,meso-search,125.40`,
      "2026-02-30,google,meso-search,10",
      `${daysAgo(-3)},google,meso-search,10`,
      `${daysAgo(1)}, ,meso-search,10`,
      `${daysAgo(1)},google,,10`,
      `${daysAgo(2)},google,meso-search,12.345`,
      `${daysAgo(2)},bing,brand,-4`,
      `${daysAgo(2)},bing,brand,ten dollars`,
      `${daysAgo(1)},Google,Meso-Search,1`,
    ].join("\n");
    const answer = await upload(csv);
    expect(answer.status).toBe(400);
    const { errors } = answer.data as { errors: string[] };
    expect(errors).toEqual([
      "Nothing was imported.",
      "Line 3: the date “2026-02-30” is not a day written YYYY-MM-DD.",
      `Line 4: the date ${daysAgo(-3)} is in the future (today is ${today}).`,
      "Line 5: the source is empty (the utm_source of the campaign's links).",
      "Line 6: the campaign is empty (the utm_campaign of its links).",
      `Line 7: the spend 12.345 has fractions of a cent: give at most two decimals.`,
      "Line 8: the spend “-4” is not an amount in dollars like 125.40 (negative: -4).",
      "Line 9: the spend “ten dollars” is not an amount in dollars like 125.40.",
      `Line 10: ${daysAgo(1)}, google, meso-search is already on line 2; give each day and campaign once.`,
    ]);
    expect(await spendRows()).toEqual([]);
  });

  it("names missing columns, an empty file and a post without a file", async () => {
    expect(await upload("day,source,cost\n2026-01-01,google,1")).toMatchObject({
      status: 400,
      data: { errors: ["Nothing was imported.", expect.stringContaining("The first row must name the columns: utm_campaign or campaign is missing")] },
    });
    expect(await upload("date,source,campaign,spend\n")).toMatchObject({ status: 400, data: { errors: ["Nothing was imported.", "The file has a header row and no spend rows under it."] } });
    expect(await upload("")).toMatchObject({ status: 400 });
    const noFile = new Request(TEST_SITE_URL + "/admin/spend?import", { method: "POST", body: new FormData(), headers: { cookie: app.operator } });
    expect(await settled(Promise.resolve(spendPage.action(routeArgs(noFile, app.context()) as never)))).toMatchObject({ status: 400 });
  });

  it("lets only a manager or an owner import; a viewer may not even open the page", async () => {
    expect(await upload(`date,source,campaign,spend\n${daysAgo(1)},google,x,1`, team.cookies.viewer)).toMatchObject({ status: 403 });
    const page = (cookie: string) => settled(Promise.resolve(spendPage.loader(routeArgs(new Request(TEST_SITE_URL + "/admin/spend", { headers: { cookie } }), app.context()) as never)));
    expect(await page(team.cookies.viewer)).toMatchObject({ status: 403 });
    expect(await page(team.cookies.manager)).toMatchObject({ status: 200, data: { canChange: true } });
    expect(await spendRows()).toEqual([]);
  });

  it("replaces a day's row when the same day, source and campaign come again, and audits what it replaced", async () => {
    const first = `date,source,campaign,spend\n${daysAgo(1)},Google,Meso-Search,"$1,250.00"\n${daysAgo(1)},facebook,fb-1,50`;
    expect(await upload(first)).toMatchObject({ status: 200, data: { done: "Imported 2 rows: 2 new, 0 replaced, 0 unchanged." } });
    expect(await upload(first)).toMatchObject({ status: 200, data: { done: "Imported 2 rows: 0 new, 0 replaced, 2 unchanged." } });
    const corrected = `spend,campaign,source,date\n1200.5,meso-search,google,${daysAgo(1)}\n50,fb-1,facebook,${daysAgo(1)}`;
    expect(await upload(corrected)).toMatchObject({ status: 200, data: { done: "Imported 2 rows: 0 new, 1 replaced, 1 unchanged." } });
    expect(await spendRows()).toEqual([
      { day: daysAgo(1), utm_source: "facebook", utm_campaign: "fb-1", spend_cents: 5000 },
      { day: daysAgo(1), utm_source: "google", utm_campaign: "meso-search", spend_cents: 120050 },
    ]);
    const imports = await auditOf("import-campaign-spend");
    expect(imports).toHaveLength(3);
    expect(JSON.parse(imports[2]!.detail)).toMatchObject({
      file: "spend.csv",
      rows: 2,
      added: 0,
      replaced: 1,
      unchanged: 1,
      replacedRows: [{ day: daysAgo(1), source: "google", campaign: "meso-search", fromCents: 125000, toCents: 120050 }],
    });

    // By hand: the same key replaces the row too, and the page says what it was.
    expect(await enter({ day: daysAgo(1), source: " GOOGLE ", campaign: "meso-search", spend: "99" })).toMatchObject({
      status: 200,
      data: { done: `Saved $99.00 for google / meso-search on ${daysAgo(1)} (was $1,200.50).` },
    });
    expect(await enter({ day: "yesterday", source: "", campaign: "x", spend: "1.001" })).toMatchObject({
      status: 400,
      data: {
        fieldErrors: {
          day: "The date “yesterday” is not a day written YYYY-MM-DD.",
          source: "The source is empty (the utm_source of the campaign's links).",
          spend: "The spend 1.001 has fractions of a cent: give at most two decimals.",
        },
      },
    });
    const entries = await auditOf("save-campaign-spend");
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.detail)).toMatchObject({ replaced: 1, replacedRows: [{ fromCents: 120050, toCents: 9900 }] });

    // A big correction: the audit entry names the replaced rows it has room for and counts the rest.
    const month = (cents: number) => ["date,source,campaign,spend", ...Array.from({ length: 120 }, (_v, i) => `${daysAgo(i % 30)},src-${i},campaign-${i},${cents}`)].join("\n");
    expect(await upload(month(1))).toMatchObject({ status: 200, data: { done: "Imported 120 rows: 120 new, 0 replaced, 0 unchanged." } });
    expect(await upload(month(2))).toMatchObject({ status: 200, data: { done: "Imported 120 rows: 0 new, 120 replaced, 0 unchanged." } });
    const big = JSON.parse((await auditOf("import-campaign-spend")).at(-1)!.detail) as { replaced: number; replacedRows: unknown[]; replacedRowsNotListed: number };
    expect(big.replaced).toBe(120);
    expect(big.replacedRows.length).toBeGreaterThan(10);
    expect(big.replacedRows.length + big.replacedRowsNotListed).toBe(120);
    await app.db.deleteFrom("campaign_spend").execute();
  });
});

const utm = (source: string, campaign: string) => ({ utm_source: source, utm_campaign: campaign });
let sales = 0;
async function sell(leadId: string, cents: number) {
  const row = await app.db.selectFrom("leads").select("case_type").where("id", "=", leadId).executeTakeFirstOrThrow();
  // A buyer of its own for each sale: the ledger sells a lead to a buyer once.
  sales += 1;
  return recordSale(app.db, { leadId, buyerId: `buyer-${sales}`, deliveryId: `delivery-${sales}`, caseType: row.case_type, leadState: "CA", leadSource: "", amountCents: cents, priceSource: "fixed", at: new Date() });
}
const figures = (row: { leads: number; soldLeads: number; spendCents: number; costPerLeadCents: number | null; costPerSoldLeadCents: number | null; revenueCents: number; marginCents: number }) =>
  [row.leads, row.soldLeads, row.spendCents, row.costPerLeadCents, row.costPerSoldLeadCents, row.revenueCents, row.marginCents];
const campaignsOf = (dashboard: Dashboard) => Object.fromEntries(dashboard.campaigns.campaigns.map((row: CampaignMarginRow) => [`${row.source}/${row.campaign}`, figures(row)]));

/** The leads of the hand-worked table, by name. */
const leads: Record<string, string> = {};

describe("the dashboard's campaign margin", () => {
  it("matches a table worked out by hand", async () => {
    await app.clearLeads();
    // google / brand-a (as links wrote it, in capitals): 3 MVA leads, 1 PFAS lead, and a spam MVA lead that does not count.
    leads.g1 = await app.makeLead({ attribution: utm("Google", "Brand-A") });
    leads.g2 = await app.makeLead({ attribution: utm("google", "brand-a") });
    leads.g3 = await app.makeLead({ attribution: utm("google", "brand-a") });
    leads.gp = await app.makeLead({ claim: "pfas", attribution: utm("google", "brand-a") });
    await app.makeLead({ attribution: utm("google", "brand-a"), spam: true });
    // facebook / fb-1: 2 PFAS leads. One MVA lead with no campaign.
    leads.f1 = await app.makeLead({ claim: "pfas", attribution: utm("facebook", "fb-1") });
    leads.f2 = await app.makeLead({ claim: "pfas", attribution: utm("facebook", "fb-1") });
    leads.none = await app.makeLead({});
    // Spend: brand-a $100 today and $20 yesterday (and $999 long before the period); fb-1 $50; bing/idle $30 and no lead.
    const csv = [
      "date,source,campaign,spend",
      `${today},google,brand-a,100`,
      `${daysAgo(1)},google,brand-a,20`,
      `${daysAgo(100)},google,brand-a,999`,
      `${daysAgo(3)},facebook,fb-1,50`,
      `${daysAgo(2)},bing,idle,30`,
    ].join("\n");
    expect(await upload(csv)).toMatchObject({ status: 200 });
    // The ledger: g1 $50; g2 $40, returned in full; gp $60; f1 $25 with a $5 goodwill credit; the untagged lead $10.
    await sell(leads.g1, 5000);
    const g2 = await sell(leads.g2, 4000);
    await recordCredit(app.db, { saleId: g2, amountCents: 4000, returnId: "return-g2", actor: "system", at: new Date() });
    await sell(leads.gp, 6000);
    const f1 = await sell(leads.f1, 2500);
    await recordCredit(app.db, { saleId: f1, amountCents: 500, actor: "operator:op-1", note: "goodwill", at: new Date() });
    await sell(leads.none, 1000);

    const dashboard = await app.services.dashboard.read(30);
    // Leads, sold leads, spend, cost per lead, cost per sold lead, revenue, margin (cents).
    expect(campaignsOf(dashboard)).toEqual({
      "google/brand-a": [4, 3, 12000, 3000, 4000, 11000, -1000],
      "facebook/fb-1": [2, 1, 5000, 2500, 5000, 2000, -3000],
      "bing/idle": [0, 0, 3000, null, null, 0, -3000],
      "/": [1, 1, 0, 0, 0, 1000, 1000],
    });
    expect(dashboard.campaigns.campaigns.map((row) => `${row.source}/${row.campaign}`)).toEqual(["google/brand-a", "facebook/fb-1", "bing/idle", "/"]);
    expect(figures(dashboard.campaigns.total)).toEqual([7, 5, 20000, 2857, 4000, 14000, -6000]);
    // brand-a's $120 is shared 3:1 by its MVA and PFAS leads; idle's $30 has no claim to go to.
    expect(Object.fromEntries(dashboard.campaigns.claims.map((row) => [row.title, figures(row)]))).toEqual({
      [titleOf(dashboard, "MVA")]: [4, 3, 9000, 2250, 3000, 6000, -3000],
      [titleOf(dashboard, "PFAS")]: [3, 2, 8000, 2667, 4000, 8000, 0],
    });
    expect(dashboard.campaigns.unallocatedSpendCents).toBe(3000);
    // The revenue per campaign adds up to the dashboard's own ledger total.
    expect(dashboard.campaigns.total.revenueCents).toBe(dashboard.money.total.netCents);
  });

  it("shares cents by weight in whole cents that add up", () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(12000, [3, 1])).toEqual([9000, 3000]);
    expect(shareByWeight(1, [1, 5])).toEqual([0, 1]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }), (cents, weights) => {
        const parts = shareByWeight(cents, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(cents);
        const whole = weights.reduce((a, b) => a + b, 0);
        parts.forEach((part, i) => expect(Math.abs(part - (cents * weights[i]!) / whole)).toBeLessThan(1));
      }),
    );
  });

  it("keeps margin = ledger revenue - spend for every campaign and claim through random sales, credits and spend", async () => {
    // The model starts from the table above and adds what each step does.
    const campaignOfLead: Record<string, string> = { g1: "google/brand-a", g2: "google/brand-a", g3: "google/brand-a", gp: "google/brand-a", f1: "facebook/fb-1", f2: "facebook/fb-1", none: "/" };
    const claimOfLead: Record<string, string> = { g1: "MVA", g2: "MVA", g3: "MVA", gp: "PFAS", f1: "PFAS", f2: "PFAS", none: "MVA" };
    const revenue: Record<string, number> = { "google/brand-a": 11000, "facebook/fb-1": 2000, "bing/idle": 0, "/": 1000 };
    const claimRevenue: Record<string, number> = { MVA: 6000, PFAS: 8000 };
    const spend = new Map<string, number>([
      [`${today}|google/brand-a`, 10000],
      [`${daysAgo(1)}|google/brand-a`, 2000],
      [`${daysAgo(3)}|facebook/fb-1`, 5000],
      [`${daysAgo(2)}|bing/idle`, 3000],
    ]);
    const saleLeft: { id: string; lead: string; left: number }[] = [];
    const names = Object.keys(campaignOfLead);
    const campaigns = ["google/brand-a", "facebook/fb-1", "bing/idle", "tiktok/new"];
    const step = fc.oneof(
      fc.record({ kind: fc.constant("sell" as const), lead: fc.constantFrom(...names), cents: fc.integer({ min: 0, max: 20_000 }) }),
      fc.record({ kind: fc.constant("credit" as const), sale: fc.nat(), cents: fc.integer({ min: 1, max: 20_000 }) }),
      fc.record({ kind: fc.constant("spend" as const), campaign: fc.constantFrom(...campaigns), day: fc.integer({ min: 0, max: 5 }), cents: fc.integer({ min: 0, max: 500_000 }) }),
    );
    const model = { revenue, claimRevenue, spend };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const action of steps) {
          if (action.kind === "sell") {
            const id = await sell(leads[action.lead]!, action.cents);
            saleLeft.push({ id, lead: action.lead, left: action.cents });
            model.revenue[campaignOfLead[action.lead]!]! += action.cents;
            model.claimRevenue[claimOfLead[action.lead]!]! += action.cents;
          } else if (action.kind === "credit") {
            const open = saleLeft.filter((sale) => sale.left > 0);
            if (!open.length) continue;
            const sale = open[action.sale % open.length]!;
            const cents = Math.min(action.cents, sale.left);
            await recordCredit(app.db, { saleId: sale.id, amountCents: cents, actor: "system", at: new Date() });
            sale.left -= cents;
            model.revenue[campaignOfLead[sale.lead]!]! -= cents;
            model.claimRevenue[claimOfLead[sale.lead]!]! -= cents;
          } else {
            const [source, campaign] = action.campaign.split("/") as [string, string];
            const dollars = `${Math.floor(action.cents / 100)}.${String(action.cents % 100).padStart(2, "0")}`;
            const saved = await app.services.campaignSpend.enter({ day: daysAgo(action.day), source, campaign, spend: dollars }, team.owner);
            expect(saved.ok).toBe(true);
            model.spend.set(`${daysAgo(action.day)}|${action.campaign}`, action.cents);
          }
        }
        const { campaigns: margin } = await app.services.dashboard.read(30);
        const spendOf = (campaign: string) => [...model.spend].filter(([key]) => key.endsWith(`|${campaign}`)).reduce((sum, [, cents]) => sum + cents, 0);
        for (const row of margin.campaigns) {
          const key = `${row.source}/${row.campaign}`;
          expect(row.revenueCents).toBe(model.revenue[key] ?? 0);
          expect(row.spendCents).toBe(spendOf(key));
          expect(row.marginCents).toBe(row.revenueCents - row.spendCents);
        }
        for (const row of margin.claims) {
          expect(row.revenueCents).toBe(model.claimRevenue[row.caseType]);
          expect(row.marginCents).toBe(row.revenueCents - row.spendCents);
        }
        const totalSpend = [...model.spend.values()].reduce((a, b) => a + b, 0);
        const totalRevenue = Object.values(model.revenue).reduce((a, b) => a + b, 0);
        expect(margin.total.spendCents).toBe(totalSpend);
        expect(margin.total.marginCents).toBe(totalRevenue - totalSpend);
        // Every cent of spend is charged to a claim or shown as unallocated.
        expect(margin.claims.reduce((sum, row) => sum + row.spendCents, 0) + margin.unallocatedSpendCents).toBe(totalSpend);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

function titleOf(dashboard: Dashboard, caseType: string): string {
  return dashboard.leadsPerDay.find((claim) => claim.caseType === caseType)!.title;
}
