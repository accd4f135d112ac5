import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuctionStatus, Database, PingOutcomeKind } from "../../db/schema";
import { MAX_CENTS } from "../../money";
import type { PingOutcome } from "./ping-post";

export interface AuctionRecord {
  id: string;
  leadId: string;
  caseType: string;
  /** When the pings went out (AuctionResult.startedAt). */
  createdAt: string;
  timeoutMs: number;
}

export interface StoredBid {
  buyerId: string;
  outcome: PingOutcomeKind;
  amountCents: number | null;
  durationMs: number;
  detail: string | null;
  createdAt: string;
}

export interface StoredAuction extends AuctionRecord {
  status: AuctionStatus;
  winnerBuyerId: string | null;
  priceCents: number | null;
  /** Every buyer pinged: bids highest first, then the others by buyer id. */
  bids: StoredBid[];
}

/** Stores an auction, still open, with every buyer's answer. */
export async function recordAuction(
  trx: Kysely<Database>,
  auction: AuctionRecord,
  outcomes: readonly PingOutcome[],
): Promise<void> {
  await trx
    .insertInto("auctions")
    .values({
      id: auction.id,
      lead_id: auction.leadId,
      case_type: auction.caseType,
      created_at: auction.createdAt,
      timeout_ms: auction.timeoutMs,
      status: "open",
      winner_buyer_id: null,
      price_cents: null,
    })
    .execute();
  if (!outcomes.length) return;
  const started = Date.parse(auction.createdAt);
  await trx
    .insertInto("auction_bids")
    .values(
      outcomes.map((outcome) => ({
        id: randomUUID(),
        auction_id: auction.id,
        buyer_id: outcome.buyerId,
        outcome: outcome.outcome,
        amount_cents: outcome.outcome === "bid" ? outcome.amountCents : null,
        duration_ms: outcome.durationMs,
        detail: outcome.detail,
        created_at: new Date(started + outcome.durationMs).toISOString(),
      })),
    )
    .execute();
}

/**
 * Closes an open auction as sold to `buyerId` at `priceCents`. Only a buyer that bid at least that
 * much can win, and only once: false when the auction is closed already or the buyer made no such bid.
 */
export async function recordWinner(
  trx: Kysely<Database>,
  auctionId: string,
  buyerId: string,
  priceCents: number,
): Promise<boolean> {
  if (
    !Number.isSafeInteger(priceCents) ||
    priceCents <= 0 ||
    priceCents > MAX_CENTS
  ) {
    throw new RangeError(
      `A price is a whole number of cents from 1 to ${MAX_CENTS}, not ${priceCents}.`,
    );
  }
  const result = await trx
    .updateTable("auctions")
    .set({ status: "won", winner_buyer_id: buyerId, price_cents: priceCents })
    .where("id", "=", auctionId)
    .where("status", "=", "open")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("auction_bids")
          .select("auction_bids.id")
          .where("auction_bids.auction_id", "=", auctionId)
          .where("auction_bids.buyer_id", "=", buyerId)
          .where("auction_bids.outcome", "=", "bid")
          .where("auction_bids.amount_cents", ">=", priceCents),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Closes an open auction that nobody bid in, or whose every bidder rejected the lead. */
export async function markUnsold(
  trx: Kysely<Database>,
  auctionId: string,
): Promise<boolean> {
  const result = await trx
    .updateTable("auctions")
    .set({ status: "unsold" })
    .where("id", "=", auctionId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function auctionOf(
  db: Kysely<Database>,
  auctionId: string,
): Promise<StoredAuction | undefined> {
  const row = await db
    .selectFrom("auctions")
    .selectAll()
    .where("id", "=", auctionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const bids = await db
    .selectFrom("auction_bids")
    .select([
      "buyer_id",
      "outcome",
      "amount_cents",
      "duration_ms",
      "detail",
      "created_at",
    ])
    .where("auction_id", "=", auctionId)
    .execute();
  const stored = bids.map((bid): StoredBid => ({
    buyerId: bid.buyer_id,
    outcome: bid.outcome,
    amountCents: bid.amount_cents === null ? null : Number(bid.amount_cents),
    durationMs: Number(bid.duration_ms),
    detail: bid.detail,
    createdAt: bid.created_at,
  }));
  stored.sort(
    (a, b) =>
      (b.amountCents ?? -1) - (a.amountCents ?? -1) ||
      (a.buyerId < b.buyerId ? -1 : a.buyerId > b.buyerId ? 1 : 0),
  );
  return {
    id: row.id,
    leadId: row.lead_id,
    caseType: row.case_type,
    createdAt: row.created_at,
    timeoutMs: Number(row.timeout_ms),
    status: row.status,
    winnerBuyerId: row.winner_buyer_id,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    bids: stored,
  };
}
