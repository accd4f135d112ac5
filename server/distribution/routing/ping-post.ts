import type { Selectable } from "kysely";
import { isIdentifyingField } from "#claims/engine/identifying-fields";
import { allFields } from "#claims/engine/form-values";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimByCaseType } from "#claims/registry";
import type { BuyerDelivery, BuyerPing } from "../buyers/buyer-delivery";
import type { LeadsTable, PingOutcomeKind } from "../../db/schema";
import { attempt, REQUEST_TIMEOUT } from "../delivery/http-send";
import { valueAt } from "./acceptance-rule";
import type { RoutableBuyer } from "./buyer-rules";
import { dollarsToCents } from "../../money";

export const DEFAULT_AUCTION_TIMEOUT_MS = 2000;

/** What a ping is made from: a stored lead's claim, state, consent, time and answers. */
export type PingLead = Pick<
  Selectable<LeadsTable>,
  "case_type" | "st" | "tcpa" | "form_data" | "created_at"
>;

/** What a buyer is pinged with: enough to price the lead, nothing to contact the claimant by. */
export interface PingPayload {
  /** Not the lead's id: the buyer refers to its bid by the auction, and learns the lead only if it wins. */
  auctionId: string;
  claim: string;
  state: string | null;
  /** The claim's questions as stored, without contact details or free text. */
  answers: Record<string, unknown>;
  consent: boolean;
  leadAgeSeconds: number;
}

/**
 * The lead as a buyer that has not bought it may see it. Answers are taken from the claim's own
 * questions (a list of what to send, not of what to hide), so that form_data's other entries (partner
 * fields, certificate URL) never go out; a claim type the registry no longer knows sends none.
 */
export function pingPayload(
  lead: PingLead,
  context: { auctionId: string; now: Date },
  definition: ClaimDefinition | undefined = claimByCaseType(lead.case_type),
): PingPayload {
  const recorded = JSON.parse(lead.form_data) as Record<string, unknown>;
  const answers: Record<string, unknown> = {};
  for (const field of definition ? allFields(definition) : []) {
    // Consent is sent on its own, as a yes or no.
    if (isIdentifyingField(field) || field.kind === "consent") continue;
    if (
      Object.hasOwn(recorded, field.name) &&
      recorded[field.name] !== undefined
    )
      answers[field.name] = recorded[field.name];
  }
  const ageMs = context.now.getTime() - Date.parse(lead.created_at);
  return {
    auctionId: context.auctionId,
    claim: lead.case_type,
    state: lead.st,
    answers,
    consent: lead.tcpa === 1,
    leadAgeSeconds: Number.isFinite(ageMs)
      ? Math.max(0, Math.floor(ageMs / 1000))
      : 0,
  };
}

/** A buyer as an auction pings it; headers carry its credentials when the caller has opened them. */
export interface AuctionBuyer {
  id: string;
  name: string;
  /** Lower wins a tie between equal bids, as it goes first in routing. */
  priority: number;
  ping: BuyerPing;
  headers?: Readonly<Record<string, string>>;
}

/** The ping-post buyers among routing's candidates (decideRoute's order), ready to be pinged. */
export function pingBuyersAmong(
  buyers: readonly (RoutableBuyer & {
    delivery: Pick<BuyerDelivery, "ping">;
  })[],
  candidateIds: readonly string[],
): AuctionBuyer[] {
  const byId = new Map(buyers.map((buyer) => [buyer.id, buyer]));
  return candidateIds.flatMap((id) => {
    const buyer = byId.get(id);
    return buyer?.delivery.ping
      ? [
          {
            id,
            name: buyer.name,
            priority: buyer.rules.priority,
            ping: buyer.delivery.ping,
          },
        ]
      : [];
  });
}

export type BidReading =
  | { outcome: "bid"; amountCents: number }
  | { outcome: "no-bid"; detail: string };

/** A 2xx answer's bid: a positive amount in dollars at `bidField`; anything else is no bid, with why. */
export function readBid(answer: string, bidField: string): BidReading {
  let body: unknown;
  try {
    body = JSON.parse(answer);
  } catch {
    return { outcome: "no-bid", detail: "answer is not JSON" };
  }
  const found = valueAt(body, bidField);
  if (!found.present || found.value === null)
    return { outcome: "no-bid", detail: `no ${bidField} in the answer` };
  const parsed = dollarsToCents(found.value);
  if (!parsed.ok)
    return { outcome: "no-bid", detail: `bid refused: ${parsed.reason}` };
  if (parsed.cents <= 0) return { outcome: "no-bid", detail: "bid of $0" };
  return { outcome: "bid", amountCents: parsed.cents };
}

export interface PingOutcome {
  buyerId: string;
  buyerName: string;
  outcome: PingOutcomeKind;
  amountCents: number | null;
  /** From the auction's start to the buyer's answer, or to the deadline for a timeout. */
  durationMs: number;
  detail: string | null;
}

export interface RankedBid {
  buyerId: string;
  buyerName: string;
  amountCents: number;
  priority: number;
}

/**
 * Highest bid first; between equal bids the buyer routing would try first (lower priority number),
 * then the lower id in code-unit order, so the same bids always rank the same.
 */
export function rankBids(bids: readonly RankedBid[]): RankedBid[] {
  return [...bids].sort(
    (a, b) =>
      b.amountCents - a.amountCents ||
      a.priority - b.priority ||
      (a.buyerId < b.buyerId ? -1 : a.buyerId > b.buyerId ? 1 : 0),
  );
}

export type PingSend = typeof attempt;

export interface AuctionOptions {
  auctionId: string;
  lead: PingLead;
  buyers: readonly AuctionBuyer[];
  timeoutMs?: number;
  /** When the auction starts: the lead's age is taken from it. */
  now: Date;
  send?: PingSend;
  definition?: ClaimDefinition;
}

export interface AuctionResult {
  auctionId: string;
  startedAt: string;
  timeoutMs: number;
  /** Every buyer pinged, in the order given. */
  outcomes: PingOutcome[];
  /** The bids, best first: the order to offer the full lead in. */
  bids: RankedBid[];
}

/**
 * Pings every buyer at once with the redacted lead and waits for their bids until one deadline for
 * all: an answer not complete by then counts as a timeout, so the auction ends at about `timeoutMs`
 * however many buyers are slow.
 */
export async function runAuction({
  auctionId,
  lead,
  buyers,
  timeoutMs = DEFAULT_AUCTION_TIMEOUT_MS,
  now,
  send = attempt,
  definition,
}: AuctionOptions): Promise<AuctionResult> {
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new RangeError(
      `An auction's timeout must be a positive number of ms, not ${timeoutMs}.`,
    );
  const body = JSON.stringify(
    pingPayload(lead, { auctionId, now }, definition),
  );
  const deadline = new AbortController();
  const started = performance.now();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    const outcomes = await Promise.all(
      buyers.map((buyer) =>
        ping(
          buyer,
          body,
          { signal: deadline.signal, started, timeoutMs },
          send,
        ),
      ),
    );
    const bids = outcomes.flatMap((outcome, index) =>
      outcome.outcome === "bid"
        ? [
            {
              buyerId: outcome.buyerId,
              buyerName: outcome.buyerName,
              amountCents: outcome.amountCents!,
              priority: buyers[index]!.priority,
            },
          ]
        : [],
    );
    return {
      auctionId,
      startedAt: now.toISOString(),
      timeoutMs,
      outcomes,
      bids: rankBids(bids),
    };
  } finally {
    clearTimeout(timer);
  }
}

interface Deadline {
  signal: AbortSignal;
  /** performance.now() when the auction began. */
  started: number;
  timeoutMs: number;
}

async function ping(
  buyer: AuctionBuyer,
  body: string,
  { signal, started, timeoutMs }: Deadline,
  send: PingSend,
): Promise<PingOutcome> {
  let answer = "";
  const result = await send(
    buyer.ping.url,
    {
      method: "POST",
      headers: { ...buyer.headers, "content-type": "application/json" },
      body,
      signal,
    },
    timeoutMs,
    // Only keeps the 2xx answer's text; whether it is a bid is read below.
    (text) => {
      answer = text;
      return null;
    },
  );
  const outcome = (
    kind: PingOutcomeKind,
    detail: string | null,
    amountCents: number | null = null,
  ): PingOutcome => ({
    buyerId: buyer.id,
    buyerName: buyer.name,
    outcome: kind,
    amountCents,
    // From the auction's start rather than the request's: the pings leave one after another, and a
    // buyer that missed the deadline is then recorded at the deadline.
    durationMs: Math.round(performance.now() - started),
    detail,
  });
  if (result.error === REQUEST_TIMEOUT)
    return outcome("timeout", `no answer within ${timeoutMs} ms`);
  if (!result.ok) return outcome("error", result.error);
  const bid = readBid(answer, buyer.ping.bidField);
  return bid.outcome === "bid"
    ? outcome("bid", null, bid.amountCents)
    : outcome("no-bid", bid.detail);
}
