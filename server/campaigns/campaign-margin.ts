import { sql } from "kysely";
import type { Db } from "../db/database";

/** What a campaign or a claim brought and cost in a period; money in cents. */
export interface MarginFigures {
  /** Leads that arrived in the period, spam apart. */
  leads: number;
  /** Leads sold in the period (a sale written in the ledger then), each counted once. */
  soldLeads: number;
  spendCents: number;
  /** Spend over leads, rounded to the cent; null without leads. */
  costPerLeadCents: number | null;
  /** Spend over sold leads, rounded to the cent; null without sold leads. */
  costPerSoldLeadCents: number | null;
  /** The ledger's net for the leads (sales less credits), as written in the period. */
  revenueCents: number;
  /** Revenue less spend. */
  marginCents: number;
}

export interface CampaignMarginRow extends MarginFigures {
  /** The keys as leads store them (lower-case); '' where the lead had none. */
  source: string;
  campaign: string;
}

export interface ClaimMarginRow extends MarginFigures {
  caseType: string;
}

export interface CampaignMargin {
  campaigns: CampaignMarginRow[];
  claims: ClaimMarginRow[];
  /** Spend of campaigns that brought no lead in the period: no claim to charge it to. */
  unallocatedSpendCents: number;
  total: MarginFigures;
}

/**
 * Campaign margin for the dashboard's period (docs/decisions/062): spend per day and campaign as
 * imported; leads by their first-touch utm_source and utm_campaign (as the lead list filters them);
 * revenue from the sales ledger as the dashboard counts money, by the day each entry was written, tied
 * to the campaign of its lead. A claim's spend is its campaigns' spend shared by their leads of the
 * claim in the period (largest remainders, so the cents add up); a campaign without leads keeps its
 * spend unallocated.
 *
 * `firstDay` and `lastDay` are the period's days in the operator's zone and `start` the first's
 * first instant.
 */
export async function campaignMargin(db: Db, { firstDay, lastDay, start }: { firstDay: string; lastDay: string; start: string }): Promise<CampaignMargin> {
  const source = sql<string>`coalesce(leads.utm_source, '')`;
  const campaign = sql<string>`coalesce(leads.utm_campaign, '')`;
  const [spendRows, leadRows, ledgerRows] = await Promise.all([
    db
      .selectFrom("campaign_spend")
      .select(["utm_source", "utm_campaign", (eb) => eb.fn.sum<number | string>("spend_cents").as("cents")])
      .where("day", ">=", firstDay)
      .where("day", "<=", lastDay)
      .groupBy(["utm_source", "utm_campaign"])
      .execute(),
    db
      .selectFrom("leads")
      .select([source.as("source"), campaign.as("campaign"), "case_type", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("created_at", ">=", start)
      .where("is_spam", "=", 0)
      .groupBy([source, campaign, "case_type"])
      .execute(),
    db
      .selectFrom("ledger_entries")
      // An entry whose lead is gone (purged) still counts, under no campaign: the revenue adds up to the ledger's.
      .leftJoin("leads", "leads.id", "ledger_entries.lead_id")
      .select([
        source.as("source"),
        campaign.as("campaign"),
        "ledger_entries.case_type",
        (eb) => eb.fn.sum<number | string>("ledger_entries.amount_cents").as("cents"),
        sql<number | string>`count(distinct case when ledger_entries.kind = 'sale' then ledger_entries.lead_id end)`.as("sold"),
      ])
      .where("ledger_entries.created_at", ">=", start)
      .groupBy([source, campaign, "ledger_entries.case_type"])
      .execute(),
  ]);
  return marginOf(
    spendRows.map((row) => ({ source: row.utm_source, campaign: row.utm_campaign, cents: Number(row.cents) })),
    leadRows.map((row) => ({ source: row.source, campaign: row.campaign, caseType: row.case_type, leads: Number(row.n) })),
    ledgerRows.map((row) => ({ source: row.source, campaign: row.campaign, caseType: row.case_type, cents: Number(row.cents), sold: Number(row.sold) })),
  );
}

type Counts = { leads: number; soldLeads: number; spendCents: number; revenueCents: number };
const empty = (): Counts => ({ leads: 0, soldLeads: 0, spendCents: 0, revenueCents: 0 });
const keyOf = (row: { source: string; campaign: string }) => `${row.source}\n${row.campaign}`;

/** The figures from the period's sums; pure, so the sharing of spend is tested on its own. */
export function marginOf(
  spend: { source: string; campaign: string; cents: number }[],
  leads: { source: string; campaign: string; caseType: string; leads: number }[],
  ledger: { source: string; campaign: string; caseType: string; cents: number; sold: number }[],
): CampaignMargin {
  const campaigns = new Map<string, Counts & { source: string; campaign: string }>();
  const claims = new Map<string, Counts>();
  const campaignOf = (row: { source: string; campaign: string }) => {
    let entry = campaigns.get(keyOf(row));
    if (!entry) campaigns.set(keyOf(row), (entry = { source: row.source, campaign: row.campaign, ...empty() }));
    return entry;
  };
  const claimOf = (caseType: string) => {
    let entry = claims.get(caseType);
    if (!entry) claims.set(caseType, (entry = empty()));
    return entry;
  };
  for (const row of spend) campaignOf(row).spendCents += row.cents;
  for (const row of leads) {
    campaignOf(row).leads += row.leads;
    claimOf(row.caseType).leads += row.leads;
  }
  for (const row of ledger) {
    const entry = campaignOf(row);
    entry.revenueCents += row.cents;
    entry.soldLeads += row.sold;
    const claim = claimOf(row.caseType);
    claim.revenueCents += row.cents;
    claim.soldLeads += row.sold;
  }

  let unallocatedSpendCents = 0;
  for (const entry of campaigns.values()) {
    if (!entry.spendCents) continue;
    const shares = leads.filter((row) => keyOf(row) === keyOf(entry));
    if (!shares.length) {
      unallocatedSpendCents += entry.spendCents;
      continue;
    }
    const parts = shareByWeight(entry.spendCents, shares.map((row) => row.leads));
    shares.forEach((row, i) => (claimOf(row.caseType).spendCents += parts[i]!));
  }

  const total = empty();
  for (const entry of campaigns.values()) {
    total.leads += entry.leads;
    total.soldLeads += entry.soldLeads;
    total.spendCents += entry.spendCents;
    total.revenueCents += entry.revenueCents;
  }
  return {
    campaigns: [...campaigns.values()]
      .map((entry) => ({ source: entry.source, campaign: entry.campaign, ...figures(entry) }))
      .sort((a, b) => b.spendCents - a.spendCents || b.leads - a.leads || a.source.localeCompare(b.source) || a.campaign.localeCompare(b.campaign)),
    claims: [...claims.entries()].map(([caseType, entry]) => ({ caseType, ...figures(entry) })).sort((a, b) => a.caseType.localeCompare(b.caseType)),
    unallocatedSpendCents,
    total: figures(total),
  };
}

function figures(counts: Counts): MarginFigures {
  return {
    ...counts,
    costPerLeadCents: counts.leads ? Math.round(counts.spendCents / counts.leads) : null,
    costPerSoldLeadCents: counts.soldLeads ? Math.round(counts.spendCents / counts.soldLeads) : null,
    marginCents: counts.revenueCents - counts.spendCents,
  };
}

/** `cents` split in proportion to `weights` (positive integers), in whole cents that add up to it (largest remainders; ties to the earlier). */
export function shareByWeight(cents: number, weights: number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (cents * weight) / whole);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
