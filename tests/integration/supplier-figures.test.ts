import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupplierFigures } from "../../server/analytics/funnel-dashboard";
import { recordCredit, recordSale } from "../../server/ledger";
import { supplierGate, type LeadSupplier } from "../../server/suppliers/supplier-keys";
import { leadSourceOf } from "../../server/suppliers/lead-source";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { createTestSupplier } from "../../tools/suppliers";

// Per source of leads (issue 26, docs/decisions/046), on SQLite and on PostgreSQL: the payout stored on
// each lead at intake, the lead console's source filter, and the dashboard's leads, spam, duplicate and
// return rates and margin against a table worked out by hand below.

let app: ConsoleRoutes;
let acme: LeadSupplier;
let beta: LeadSupplier;
let idle: string;
const leads: Record<string, string> = {};

/** The supplier as the lead API sees it through its key, with its payout now. */
async function asSent(supplierId: string, key: string): Promise<LeadSupplier> {
  const gate = await supplierGate(app.db, `Bearer ${key}`, "mva");
  if (!gate.ok) throw new Error(gate.body.error);
  expect(gate.supplier.id).toBe(supplierId);
  return gate.supplier;
}

async function sell(lead: string, cents: number) {
  const row = await app.db.selectFrom("leads").select(["case_type", "supplier_id", "source"]).where("id", "=", leads[lead]!).executeTakeFirstOrThrow();
  return recordSale(app.db, { leadId: leads[lead]!, buyerId: "buyer-x", deliveryId: `delivery-${lead}`, caseType: row.case_type, leadState: "CA", leadSource: leadSourceOf(row), amountCents: cents, priceSource: "fixed", at: new Date() });
}

const person = (n: number) => ({ email: `source-${n}@example.com`, phone: `(415) 555-${String(3000 + n)}` });

beforeAll(async () => {
  app = await startConsole();
  const acmeMade = await createTestSupplier(app.db, { name: "Acme Leads", payoutCents: 1000 });
  const betaMade = await createTestSupplier(app.db, { name: "Beta Leads", payoutCents: 250 });
  idle = (await createTestSupplier(app.db, { name: "Idle Leads", payoutCents: 9999 })).id;
  acme = await asSent(acmeMade.id, acmeMade.key);
  beta = await asSent(betaMade.id, betaMade.key);

  // Our own forms: 3 leads, the second repeating the first's person, the third spam.
  leads.own1 = await app.makeLead(person(1));
  leads.own2 = await app.makeLead(person(1));
  leads.own3 = await app.makeLead({ ...person(3), spam: true });
  // Acme at $10.00: 4 leads, the fourth repeating the first's person; then at $20.00, a fifth.
  leads.a1 = await app.makeLead({ ...person(11), supplier: acme });
  leads.a2 = await app.makeLead({ ...person(12), supplier: acme });
  leads.a3 = await app.makeLead({ ...person(13), supplier: acme });
  leads.a4 = await app.makeLead({ ...person(11), supplier: acme });
  const saved = await app.services.suppliers.update(acme.id, { name: "Acme Leads", claimSlugs: ["mva"], dailyCap: null, payoutCents: 2000, status: "active" });
  expect(saved).toMatchObject({ ok: true });
  leads.a5 = await app.makeLead({ ...person(15), supplier: await asSent(acmeMade.id, acmeMade.key) });
  // Beta at $2.50: 2 leads, the second spam.
  leads.b1 = await app.makeLead({ ...person(21), supplier: beta });
  leads.b2 = await app.makeLead({ ...person(22), supplier: beta, spam: true });
  // A lead sent through the API before suppliers existed, as migration 26 marked them.
  leads.old = await app.makeLead(person(31));
  await app.db.updateTable("leads").set({ source: "api" }).where("id", "=", leads.old).execute();

  // The ledger: own1 sold for $50; a1 and a2 for $45 each, a1 returned; b1 for $30 with a $10 goodwill credit.
  await sell("own1", 5000);
  const a1Sale = await sell("a1", 4500);
  await sell("a2", 4500);
  const b1Sale = await sell("b1", 3000);
  await recordCredit(app.db, { saleId: a1Sale, amountCents: 4500, returnId: "return-a1", actor: "system", at: new Date() });
  await recordCredit(app.db, { saleId: b1Sale, amountCents: 1000, actor: "operator:op-1", note: "goodwill", at: new Date() });
}, 60_000);
afterAll(() => app?.close());

describe("figures per source of leads", () => {
  it("stores on each supplier lead the payout in force when it was accepted, and none on our own forms' leads", async () => {
    const rows = await app.db.selectFrom("leads").select(["id", "supplier_id", "supplier_payout_cents"]).execute();
    const payoutOf = (lead: string) => rows.find((row) => row.id === leads[lead])!.supplier_payout_cents;
    expect(["own1", "own2", "own3", "old"].map(payoutOf)).toEqual([null, null, null, null]);
    expect(["a1", "a2", "a3", "a4", "a5", "b1", "b2"].map(payoutOf)).toEqual([1000, 1000, 1000, 1000, 2000, 250, 250]);
  });

  it("filters the lead console by source: our own forms, or one supplier", async () => {
    const listed = async (query: string) => {
      const answer = await app.listPage(query);
      const view = answer.data as { leads: { id: string }[]; errors?: Record<string, string> };
      return { status: answer.status, ids: view.leads?.map((lead) => lead.id).sort() ?? [], errors: view.errors };
    };
    const ids = (...names: string[]) => names.map((name) => leads[name]!).sort();
    expect((await listed(`?supplier=${acme.id}`)).ids).toEqual(ids("a1", "a2", "a3", "a4", "a5"));
    expect((await listed(`?supplier=${beta.id}&spam=no`)).ids).toEqual(ids("b1"));
    expect((await listed("?supplier=first-party")).ids).toEqual(ids("own1", "own2", "own3"));
    expect((await listed(`?supplier=${idle}`)).ids).toEqual([]);
    expect((await listed("?supplier=no-such-supplier")).ids).toEqual([]);
    const refused = await listed("?supplier=a%20b");
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ supplier: "Choose a supplier from the list." });
  });

  it("shows per source the leads, spam, duplicate and return rates, revenue, payout and margin of the period", async () => {
    const figures = (await app.services.dashboard.read(7)).suppliers;
    const row = (supplierId: string, name: string, leadCount: number, spam: number | null, duplicates: number | null, returns: number | null, sales: number, returned: number, revenue: number, payout: number): SupplierFigures => ({
      supplierId,
      name,
      leads: leadCount,
      spamRatePercent: spam,
      duplicateRatePercent: duplicates,
      returnRatePercent: returns,
      sales,
      returns: returned,
      revenueCents: revenue,
      payoutCents: payout,
      marginCents: revenue - payout,
    });
    expect(figures).toEqual([
      //  source            leads  spam  dup   return sales returned revenue            payout
      row("", "Our own forms", 3, 33.3, 33.3, 0, 1, 0, 5000, 0),
      row(acme.id, "Acme Leads", 5, 0, 20, 50, 2, 1, 4500 + 4500 - 4500, 4 * 1000 + 2000),
      row(beta.id, "Beta Leads", 2, 50, 0, 0, 1, 0, 3000 - 1000, 2 * 250),
      row(idle, "Idle Leads", 0, null, null, null, 0, 0, 0, 0),
      row("api", "API leads from before suppliers", 1, 0, 0, null, 0, 0, 0, 0),
    ]);
    expect(figures.map((f) => f.marginCents)).toEqual([5000, -1500, 1500, 0, 0]);
  });
});
