import { allClaims } from "#claims/registry";
import type { ClaimDefinition } from "#claims/engine/types";
import type { Db } from "../db/database";
import { addSums, emptyTotals, ledgerSumsBySlice, type LedgerDaySum, type MoneyTotals } from "../ledger";
import { ROLLUP_REFRESH_MS, type DashboardRollups } from "./dashboard-rollups";
import { dayBounds } from "../lead-console/lead-filter";
import { FIRST_PARTY_SOURCE, UNNAMED_API_SOURCE } from "../suppliers/lead-source";
import { TZDate } from "@date-fns/tz";
import { campaignMargin, type CampaignMargin, type ClaimMarginRow } from "../campaigns/campaign-margin";

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export interface FunnelStage {
  label: string;
  visitors: number;
  /** Share of the previous stage's visitors who did not reach this one (0-100, rounded to 0.1); null for the first stage or after 0. */
  dropOffPercent: number | null;
}

export interface ClaimFunnel {
  slug: string;
  caseType: string;
  title: string;
  stages: FunnelStage[];
  /** False for a claim without an eligibility check: no outcomes, no Eligible stage. */
  hasOutcomes: boolean;
  /** Outcomes of the submitted claims, outside the chain of stages. */
  outcomes: { eligible: number; partial: number; ineligible: number };
  bySource: { source: string; stages: FunnelStage[] }[];
}

export interface BuyerDeliveries {
  destination: string;
  name: string;
  delivered: number;
  failed: number;
  dead: number;
  pending: number;
  cancelled: number;
  total: number;
  /** failed + dead over delivered + failed + dead, in percent (0.1); null when nothing finished. */
  failureRatePercent: number | null;
}

/** A buyer taking no leads now: paused automatically after failures in a row (with why and when), or by an operator. */
export interface PausedBuyer {
  id: string;
  name: string;
  automatic: boolean;
  reason: string | null;
  at: string | null;
}

/** Money in the period, from the sales ledger (docs/decisions/038): sales, returns and revenue. */
export interface DashboardMoney {
  total: MoneyTotals;
  byBuyer: ({ buyerId: string; name: string } & MoneyTotals)[];
  byClaim: ({ caseType: string; title: string } & MoneyTotals)[];
  /** One per day of the period, in its order. */
  byDay: ({ day: string } & MoneyTotals)[];
}

/**
 * One source of leads in the period (docs/decisions/046): our own forms, or a supplier. Leads by the day
 * they arrived; revenue and returns by the day the ledger wrote them, as the money above.
 */
export interface SupplierFigures {
  /** The source key (server/suppliers/lead-source.ts): a supplier's id, or our own forms'. */
  supplierId: string;
  name: string;
  leads: number;
  /** Of the leads, in percent (0.1); null without leads. */
  spamRatePercent: number | null;
  duplicateRatePercent: number | null;
  /** Returns credited over sales written, in percent (0.1); null without sales. */
  returnRatePercent: number | null;
  sales: number;
  returns: number;
  /** The ledger's net for the source's leads, in cents. */
  revenueCents: number;
  /** What its accepted leads cost: each lead's payout as stored at intake. */
  payoutCents: number;
  marginCents: number;
}

export interface Dashboard {
  period: DashboardPeriod;
  /** The period's days in `timeZone` (OPERATOR_TIME_ZONE), as the lead list counts them. */
  days: string[];
  timeZone: string;
  /** Leads per claim and day, spam included; `spam` says how many of them are spam. */
  leadsPerDay: { caseType: string; title: string; counts: number[]; total: number; spam: number }[];
  funnels: ClaimFunnel[];
  /** Deliveries to paying buyers (Legal Bridge is one). */
  deliveries: BuyerDeliveries[];
  pausedBuyers: PausedBuyer[];
  money: DashboardMoney;
  /** Funnel events not counted in the period: new visitors past their address's daily bound (issue 25). */
  flood: { refusedEvents: number; addresses: number };
  /** Deliveries to destinations that are not buyers: the operator's own webhook copy, and targets without a buyer. */
  destinations: BuyerDeliveries[];
  /** Our own forms first, then every supplier by name, then API leads from before suppliers if the period has any. */
  suppliers: SupplierFigures[];
  /** Spend, leads, sales, revenue and margin per campaign and per claim (docs/decisions/062). */
  campaigns: Omit<CampaignMargin, "claims"> & { claims: (ClaimMarginRow & { title: string })[] };
}

export const FIRST_PARTY_NAME = "Our own forms";
const UNNAMED_API_NAME = "API leads from before suppliers";

const NO_SOURCE = "(none)";
const percent = (part: number, whole: number) => Math.round((1000 * part) / whole) / 10;

/**
 * The figures of the operator's dashboard at /admin, read from the rollup tables only. The funnel's
 * counts are current to the event; leads and deliveries are recounted when older than `maxAgeMs`
 * (a minute by default, so operators reloading the page do not each write).
 */
export function createFunnelDashboard(
  db: Db,
  rollups: DashboardRollups,
  { now = () => new Date(), maxAgeMs = ROLLUP_REFRESH_MS }: { now?: () => Date; maxAgeMs?: number } = {},
) {
  return {
    async read(period: DashboardPeriod): Promise<Dashboard> {
      await rollups.refresh({ maxAgeMs });
      const today = now();
      const days = periodDays(period, today, rollups.timeZone);
      const from = days[0]!;
      const [leadRows, funnelRows, deliveryRows, buyers, ledgerSums, floodRow, supplierRows, margin] = await Promise.all([
        db.selectFrom("lead_daily").select(["day", "case_type", "supplier_id", "leads", "spam", "duplicates", "payout_cents"]).where("day", ">=", from).execute(),
        db
          .selectFrom("funnel_daily")
          .select(["claim", "kind", "step", "outcome", "utm_source", (eb) => eb.fn.sum<number | string>("visitors").as("visitors")])
          .where("day", ">=", from)
          .groupBy(["claim", "kind", "step", "outcome", "utm_source"])
          .execute(),
        db
          .selectFrom("delivery_daily")
          .select(["destination", "status", (eb) => eb.fn.sum<number | string>("deliveries").as("deliveries")])
          .where("day", ">=", from)
          .groupBy(["destination", "status"])
          .execute(),
        db.selectFrom("buyers").select(["id", "name", "system", "active", "paused_reason", "paused_at"]).orderBy("name").orderBy("id").execute(),
        ledgerSumsBySlice(db, dayBounds(from, rollups.timeZone).start, rollups.sliceLength),
        db
          .selectFrom("funnel_address_days")
          .select((eb) => [eb.fn.sum<number | string>("refused").as("refused"), eb.fn.countAll<number | string>().as("addresses")])
          .where("day", ">=", from)
          .where("refused", ">", 0)
          .executeTakeFirst(),
        db.selectFrom("suppliers").select(["id", "name"]).orderBy("name").orderBy("id").execute(),
        campaignMargin(db, { firstDay: from, lastDay: days.at(-1)!, start: dayBounds(from, rollups.timeZone).start }),
      ]);

      const dayIndex = new Map(days.map((day, i) => [day, i]));
      const leadsPerDay = allClaims().map((claim) => {
        const counts = days.map(() => 0);
        let spam = 0;
        for (const row of leadRows) {
          const i = dayIndex.get(row.day);
          if (row.case_type === claim.caseType && i !== undefined) {
            counts[i]! += Number(row.leads);
            spam += Number(row.spam);
          }
        }
        return { caseType: claim.caseType, title: claim.copy.formTitle, counts, total: counts.reduce((a, b) => a + b, 0), spam };
      });

      const funnels = allClaims().map((claim) => {
        const rows = funnelRows.filter((r) => r.claim === claim.slug);
        const sources = [...new Set(rows.map((r) => r.utm_source))].sort();
        const bySource = sources.map((source) => ({
          source: source || NO_SOURCE,
          stages: stagesOf(claim, rows.filter((r) => r.utm_source === source)),
        }));
        return {
          slug: claim.slug,
          caseType: claim.caseType,
          title: claim.copy.formTitle,
          stages: stagesOf(claim, rows),
          hasOutcomes: !!claim.eligibility,
          outcomes: {
            eligible: sum(rows, "outcome", 0, "eligible"),
            partial: sum(rows, "outcome", 0, "partial"),
            ineligible: sum(rows, "outcome", 0, "ineligible"),
          },
          bySource: bySource.sort((a, b) => b.stages[0]!.visitors - a.stages[0]!.visitors),
        };
      });

      const names = new Map(buyers.map((b) => [b.id, b.name]));
      const byDestination = new Map<string, BuyerDeliveries>();
      for (const row of deliveryRows) {
        const entry =
          byDestination.get(row.destination) ??
          ({ destination: row.destination, name: names.get(row.destination) ?? row.destination, delivered: 0, failed: 0, dead: 0, pending: 0, cancelled: 0, total: 0, failureRatePercent: null } satisfies BuyerDeliveries);
        const n = Number(row.deliveries);
        if (row.status === "delivered" || row.status === "failed" || row.status === "dead" || row.status === "cancelled") entry[row.status] += n;
        else entry.pending += n;
        entry.total += n;
        byDestination.set(row.destination, entry);
      }
      const all = [...byDestination.values()]
        .map((d) => {
          const finished = d.delivered + d.failed + d.dead;
          return { ...d, failureRatePercent: finished ? percent(d.failed + d.dead, finished) : null };
        })
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
      // A paying buyer is a buyer row other than the operator's own webhook copy (the Setup page's webhook).
      const payingBuyers = new Set(buyers.filter((b) => b.system !== "webhook").map((b) => b.id));
      const deliveries = all.filter((d) => payingBuyers.has(d.destination));
      const destinations = all.filter((d) => !payingBuyers.has(d.destination));

      const pausedBuyers = buyers
        .filter((b) => b.active !== 1)
        .map((b): PausedBuyer => ({ id: b.id, name: b.name, reason: b.paused_reason, at: b.paused_at, automatic: b.paused_reason !== null }));

      const money: DashboardMoney = {
        total: emptyTotals(),
        byBuyer: [],
        byClaim: [],
        byDay: days.map((day) => ({ day, ...emptyTotals() })),
      };
      const buyerMoney = new Map<string, DashboardMoney["byBuyer"][number]>();
      const claimMoney = new Map<string, DashboardMoney["byClaim"][number]>();
      for (const sums of ledgerSums) {
        const i = dayIndex.get(rollups.dayOfSlice(sums.day));
        if (i === undefined) continue;
        addSums(money.total, sums);
        addSums(money.byDay[i]!, sums);
        let buyer = buyerMoney.get(sums.buyerId);
        if (!buyer) buyerMoney.set(sums.buyerId, (buyer = { buyerId: sums.buyerId, name: names.get(sums.buyerId) ?? sums.buyerId, ...emptyTotals() }));
        addSums(buyer, sums);
        let claim = claimMoney.get(sums.caseType);
        if (!claim) {
          const title = allClaims().find((c) => c.caseType === sums.caseType)?.copy.formTitle ?? sums.caseType;
          claimMoney.set(sums.caseType, (claim = { caseType: sums.caseType, title, ...emptyTotals() }));
        }
        addSums(claim, sums);
      }
      money.byBuyer = [...buyerMoney.values()].sort((a, b) => b.netCents - a.netCents || a.name.localeCompare(b.name));
      money.byClaim = [...claimMoney.values()].sort((a, b) => b.netCents - a.netCents || a.title.localeCompare(b.title));

      const suppliers = supplierFigures(
        supplierRows,
        leadRows.filter((row) => dayIndex.has(row.day)),
        ledgerSums.filter((sums) => dayIndex.has(rollups.dayOfSlice(sums.day))),
      );

      const flood = { refusedEvents: Number(floodRow?.refused ?? 0), addresses: Number(floodRow?.addresses ?? 0) };
      const campaigns = {
        ...margin,
        claims: margin.claims.map((row) => ({ ...row, title: allClaims().find((c) => c.caseType === row.caseType)?.copy.formTitle ?? row.caseType })),
      };
      return { period, days, timeZone: rollups.timeZone, leadsPerDay, funnels, deliveries, destinations, money, flood, pausedBuyers, suppliers, campaigns };
    },
  };
}

export type FunnelDashboard = ReturnType<typeof createFunnelDashboard>;

/** Each source's leads, rates and margin from the period's lead rollups and ledger sums. */
function supplierFigures(
  suppliers: { id: string; name: string }[],
  leadRows: { supplier_id: string; leads: number | string; spam: number | string; duplicates: number | string; payout_cents: number | string }[],
  ledgerSums: LedgerDaySum[],
): SupplierFigures[] {
  const unnamed = leadRows.some((row) => row.supplier_id === UNNAMED_API_SOURCE) || ledgerSums.some((sums) => sums.supplierId === UNNAMED_API_SOURCE);
  const sources = [{ id: FIRST_PARTY_SOURCE, name: FIRST_PARTY_NAME }, ...suppliers, ...(unnamed ? [{ id: UNNAMED_API_SOURCE, name: UNNAMED_API_NAME }] : [])];
  const counts = new Map(sources.map((source) => [source.id, { leads: 0, spam: 0, duplicates: 0, payoutCents: 0, money: emptyTotals() }]));
  for (const row of leadRows) {
    const entry = counts.get(row.supplier_id);
    if (!entry) continue;
    entry.leads += Number(row.leads);
    entry.spam += Number(row.spam);
    entry.duplicates += Number(row.duplicates);
    entry.payoutCents += Number(row.payout_cents);
  }
  for (const sums of ledgerSums) {
    const entry = counts.get(sums.supplierId);
    if (entry) addSums(entry.money, sums);
  }
  return sources.map(({ id, name }) => {
    const { leads, spam, duplicates, payoutCents, money } = counts.get(id)!;
    return {
      supplierId: id,
      name,
      leads,
      spamRatePercent: leads ? percent(spam, leads) : null,
      duplicateRatePercent: leads ? percent(duplicates, leads) : null,
      returnRatePercent: money.sales ? percent(money.returns, money.sales) : null,
      sales: money.sales,
      returns: money.returns,
      revenueCents: money.netCents,
      payoutCents,
      marginCents: money.netCents - payoutCents,
    };
  });
}

type FunnelRow = { kind: string; step: number; outcome: string; visitors: number | string };

function sum(rows: FunnelRow[], kind: string, step = 0, outcome = ""): number {
  return rows.filter((r) => r.kind === kind && Number(r.step) === step && r.outcome === outcome).reduce((a, r) => a + Number(r.visitors), 0);
}

/** Landing views, starts (step 1), each later step, submitted, eligible: each with its drop-off from the one before. */
function stagesOf(claim: ClaimDefinition, rows: FunnelRow[]): FunnelStage[] {
  const counts: [string, number][] = [
    ["Landing views", sum(rows, "view")],
    [`Started (step 1${claim.steps.length > 1 ? `: ${claim.steps[0]!.title}` : ""})`, sum(rows, "start")],
    ...claim.steps.slice(1).map((s, i): [string, number] => [`Step ${i + 2}: ${s.title}`, sum(rows, "step", i + 2)]),
    ["Submitted", sum(rows, "submit")],
    // A claim without an eligibility check has no outcome: its funnel ends at Submitted.
    ...(claim.eligibility ? [["Eligible", sum(rows, "outcome", 0, "eligible")] as [string, number]] : []),
  ];
  return counts.map(([label, visitors], i) => {
    const before = i > 0 ? counts[i - 1]![1] : 0;
    return { label, visitors, dropOffPercent: i > 0 && before > 0 ? percent(Math.max(0, before - visitors), before) : null };
  });
}

/** The period's days in the time zone, oldest first, ending today there. */
function periodDays(period: number, today: Date, timeZone: string): string[] {
  const local = new TZDate(today.getTime(), timeZone);
  return Array.from({ length: period }, (_v, i) => {
    const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - (period - 1 - i), 12, timeZone);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
  });
}
