import { randomUUID } from "node:crypto";
import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import type { DeliveryTarget } from "../db/schema";
import { targetsOf } from "../distribution";
import { leadRecord, submissionSha256, type LeadRecord } from "../leads/lead-record";
import { claimAnswers, type ClaimAnswers } from "./claim-answers";
import { cancelledDeliveries, deliveryHistory, imagineReceivers, type AttemptRow, type DeliveryRow } from "./delivery-history";
import { randomPerson, type Person } from "./people";
import { weightedPicker, type Random } from "./random";
import { seededSales, type SeededSales } from "./seeded-sales";
import { randomVisit } from "./visit";

/** Car accidents bring most leads; a claim not named here gets the default weight. */
const CLAIM_WEIGHTS: Record<string, number> = {
  mva: 30,
  rideshare: 12,
  roundup: 12,
  "depo-provera": 12,
  afff: 10,
  mesothelioma: 8,
  pfas: 8,
  "video-game": 8,
};
const DEFAULT_CLAIM_WEIGHT = 10;

export const SPAM_SHARE = 0.02;
/** Of the spam: most is a filled honeypot (never queued); the rest an operator marked (its deliveries cancelled). */
const MARKED_SPAM_SHARE = 0.3;
/** Of the leads that are not spam: a person's second lead of a claim, saved as a duplicate of the first (docs/decisions/023). */
export const DUPLICATE_SHARE = 0.03;
/** DUPLICATE_WINDOW_DAYS's default: a seeded duplicate follows its original by less. */
const DUPLICATE_WINDOW_MS = 30 * 86_400_000;
/** Answer sets parsed per claim; each lead samples one and adds its own person and dates. */
const ANSWER_VARIANTS = 2_000;

export interface LeadFactoryOptions {
  claims: readonly ClaimDefinition[];
  siteUrl: string;
  site: SiteIdentity;
  /** The seeded period: the first lead's time can be as early as `fromMs`, the last is `nowMs`. */
  fromMs: number;
  nowMs: number;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
}

export interface SeededLead {
  lead: LeadRecord["lead"];
  certificate: LeadRecord["certificate"];
  deliveries: DeliveryRow[];
  attempts: AttemptRow[];
  /** Its sales and returns, when a partner took it (seeded-sales.ts). */
  sales?: SeededSales;
}

/**
 * Makes synthetic leads the way the lead service saves real ones (leadRecord), with the deliveries and
 * attempts the worker would have recorded for them. The seeded history assumes the operator's webhook
 * was configured throughout, so every lead that is not spam has a webhook delivery, and a lead a
 * partner took is sold to it in the ledger (seeded-sales.ts).
 *
 * `setup` draws what all leads share (answer sets, the receivers' outages); each lead then draws from
 * the generator it is given, so batches made in different threads are the same as made in one.
 */
export function createLeadFactory(setup: Random, options: LeadFactoryOptions) {
  // The consent text is the same for every lead of a claim: made once, not a million times.
  const claims = options.claims.map((definition) => {
    const consentText = definition.consentText(options.site);
    return { ...definition, consentText: () => consentText };
  });
  const answersBySlug = new Map<string, ClaimAnswers>(claims.map((definition) => [definition.slug, claimAnswers(definition, setup, ANSWER_VARIANTS)]));
  const pickClaim = weightedPicker(claims.map((definition) => [definition, CLAIM_WEIGHTS[definition.slug] ?? DEFAULT_CLAIM_WEIGHT] as const));
  const targetsBySlug = new Map(claims.map((definition) => [definition.slug, targetsOf(definition, true)]));
  const allTargets = [...new Set([...targetsBySlug.values()].flat())] as DeliveryTarget[];
  const receivers = imagineReceivers(setup, allTargets, options, options);

  // Each batch has a generator of its own, so a duplicate repeats an earlier lead of its batch: the
  // batch is then the same whichever thread makes it. Leads come oldest first.
  const lastLeads = new WeakMap<Random, Map<string, { id: string; person: Person; at: number }>>();

  return function seededLead(random: Random, submittedAt: Date): SeededLead {
    const definition = pickClaim(random);
    const isSpam = random.chance(SPAM_SHARE);
    const earlier = lastLeads.get(random) ?? new Map<string, { id: string; person: Person; at: number }>();
    lastLeads.set(random, earlier);
    const original = earlier.get(definition.slug);
    const repeats = !isSpam && original && submittedAt.getTime() - original.at < DUPLICATE_WINDOW_MS && random.chance(DUPLICATE_SHARE) ? original : null;
    const person = repeats?.person ?? randomPerson(random);
    const answers = answersBySlug.get(definition.slug)!.answersFor(random, person, submittedAt);
    const { lead, certificate } = leadRecord({
      definition,
      answers,
      leadId: randomUUID(),
      submittedAt,
      submissionKey: randomUUID(),
      submissionSha256: submissionSha256(definition.caseType, answers),
      isSpam,
      context: randomVisit(random, definition, options.siteUrl, submittedAt),
      siteUrl: options.siteUrl,
      site: options.site,
    });
    const targets = targetsBySlug.get(definition.slug)!;
    if (repeats) {
      // Buyers take duplicates only when they opt in, and the seeded history's webhook does not.
      lead.duplicate_of = repeats.id;
      return { lead, certificate, deliveries: [], attempts: [] };
    }
    if (!isSpam) earlier.set(definition.slug, { id: lead.id, person, at: submittedAt.getTime() });

    if (isSpam) {
      const markedAt = new Date(Math.min(options.nowMs, submittedAt.getTime() + random.int(60_000, 2 * 3_600_000)));
      const deliveries = random.chance(MARKED_SPAM_SHARE) ? cancelledDeliveries(lead, targets, markedAt) : [];
      return { lead, certificate, deliveries, attempts: [] };
    }
    const { deliveries, attempts } = deliveryHistory(random, receivers, lead, submittedAt, targets, options.nowMs, options.retryScheduleMs);
    const webhook = deliveries.find((d) => d.target === "webhook");
    if (webhook?.status === "delivered") {
      lead.webhook_sent = 1;
      lead.webhook_sent_at = webhook.delivered_at!;
    } else if (webhook) lead.webhook_error = webhook.last_error ?? null;
    return { lead, certificate, deliveries, attempts, sales: seededSales(random, lead, deliveries, options.nowMs) };
  };
}
