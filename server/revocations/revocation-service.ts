import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isPostgres, lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { DeliveryStatus, RevocationChannel, RevocationMethod } from "../db/schema";
import type { Logger } from "../logger";
import { phoneOrEmailContact, type PersonContact } from "../contacts/person-contact";
import { revokeLeadsOf, sentTo } from "../distribution";
import { joinOwnDoNotCall } from "../suppression/suppression-lists";

const HOUR_MS = 3_600_000;
export const OPT_OUT_RATE_LIMITED = "Too many opt-out requests came from your network in the last hour. Please try again later, or call us.";

export type OptOutReview = { ok: true; shown: string } | { ok: false; message: string };
export type OptOutResult = { status: "recorded" } | { status: "invalid"; message: string } | { status: "rate-limited"; message: string };
/** The newest revocations the operator's page lists. */
export const REVOCATIONS_PAGE_SIZE = 100;

export interface RevocationServiceDeps {
  db: Db;
  logger: Logger;
  /** Opt-out requests accepted per IP per hour; 0 disables the limit. */
  optOutsPerHour: number;
  /** The operator's zone, in which the console shows times. */
  timeZone: string;
  now?: () => Date;
}

export interface RevocationView {
  id: string;
  createdAt: string;
  revokedAt: string;
  method: RevocationMethod;
  channel: RevocationChannel;
  maskedValue: string;
  buyer: string | null;
  leadCount: number;
  /** The consent_revoked events of the leads it revoked, by status. */
  events: Partial<Record<DeliveryStatus, number>>;
}

export type RevocationService = ReturnType<typeof createRevocationService>;

export function createRevocationService({ db, logger, optOutsPerHour, timeZone, now = () => new Date() }: RevocationServiceDeps) {
  /**
   * Revokes consent for every lead of the person behind each contact (a phone and an e-mail may come
   * together); idempotent: leads already revoked stay as they were and are not told about twice.
   */
  async function revoke(contacts: readonly PersonContact[], how: { method: RevocationMethod; buyerId?: string | null; revokedAt?: Date; onlySentTo?: string }) {
    const at = now();
    const revokedAt = how.revokedAt ?? at;
    const leadCount = await writeTransaction(db, async (trx) => {
      let count = 0;
      for (const contact of contacts) count += await revokeLeadsOf(trx, contact, { method: how.method, buyerId: how.buyerId ?? null, revokedAt, onlySentTo: how.onlySentTo }, at);
      // The person joins our own Do Not Call list, so a lead they send later is sold to no one
      // (docs/decisions/047); a revocation a buyer limits to its own leads does not speak for every buyer.
      if (how.onlySentTo === undefined) await joinOwnDoNotCall(trx, contacts.map((contact) => contact.normalised), at);
      return count;
    });
    // The channel only: logs never hold a phone number or an e-mail address.
    logger.info({ method: how.method, channels: contacts.map((c) => c.channel), leadCount, buyerId: how.buyerId ?? null }, "consent revoked");
    return { leadCount };
  }

  /**
   * When the earliest lead of the person behind the contacts that was sent to the buyer, and is not
   * revoked yet, was created; null when there is none (then the report revokes nothing, and answers as
   * for a stranger). Reads the unrevoked leads' index only, so a person's revoked past costs nothing.
   */
  async function firstLeadSentTo(contacts: readonly PersonContact[], buyerId: string): Promise<string | null> {
    let first: string | null = null;
    for (const contact of contacts) {
      const row = await db
        .selectFrom("leads")
        .select((eb) => eb.fn.min("created_at").as("first"))
        .where(contact.channel === "phone" ? "phone_e164" : "email_normalized", "=", contact.normalised)
        .where("revoked_at", "is", null)
        .where(sentTo(buyerId))
        .executeTakeFirst();
      if (row?.first && (first === null || row.first < first)) first = row.first;
    }
    return first;
  }

  /**
   * Takes one of the IP's opt-out requests for the hour, in one atomic step (as login throttling
   * does); false once the hour's are used up.
   */
  async function takeOptOutSlot(ip: string | null): Promise<boolean> {
    if (!ip || optOutsPerHour === 0) return true;
    const at = now();
    const since = new Date(at.getTime() - HOUR_MS).toISOString();
    const insert = sql`insert into opt_out_requests (id, ip, created_at)
      select ${randomUUID()}, ${ip}, ${at.toISOString()}
      where (select count(*) from opt_out_requests where ip = ${ip} and created_at > ${since}) < ${optOutsPerHour}`;
    const result = isPostgres(db)
      ? await writeTransaction(db, async (trx) => {
          await lockForTransaction(trx, `opt-out:${ip}`);
          return insert.execute(trx);
        })
      : await insert.execute(db);
    // Rows older than the window count for nothing: dropped as new ones come.
    await db.deleteFrom("opt_out_requests").where("created_at", "<=", since).execute();
    return Number(result.numAffectedRows ?? 0) === 1;
  }

  /** The newest revocations, with who reported them and how their events are going. */
  async function list(): Promise<RevocationView[]> {
    const rows = await db
      .selectFrom("revocations")
      .leftJoin("buyers", "buyers.id", "revocations.buyer_id")
      .select([
        "revocations.id",
        "revocations.created_at",
        "revocations.revoked_at",
        "revocations.method",
        "revocations.channel",
        "revocations.value_masked",
        "revocations.buyer_id",
        "revocations.lead_count",
        "buyers.name as buyer_name",
      ])
      .orderBy("revocations.created_at", "desc")
      .orderBy("revocations.id", "desc")
      .limit(REVOCATIONS_PAGE_SIZE)
      .execute();
    const events = await eventStatuses(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
      method: row.method,
      channel: row.channel,
      maskedValue: row.value_masked,
      buyer: row.buyer_id ? (row.buyer_name ?? row.buyer_id) : null,
      leadCount: Number(row.lead_count),
      events: events.get(row.id) ?? {},
    }));
  }

  async function eventStatuses(revocationIds: string[]) {
    const byRevocation = new Map<string, Partial<Record<DeliveryStatus, number>>>();
    if (!revocationIds.length) return byRevocation;
    const counts = await db
      .selectFrom("deliveries")
      .innerJoin("leads", "leads.id", "deliveries.lead_id")
      .select(["leads.revocation_id", "deliveries.status", (eb) => eb.fn.countAll<number>().as("count")])
      .where("leads.revocation_id", "in", revocationIds)
      .where("deliveries.target", "=", "event")
      .groupBy(["leads.revocation_id", "deliveries.status"])
      .execute();
    for (const row of counts) {
      const statuses = byRevocation.get(row.revocation_id!) ?? {};
      statuses[row.status] = Number(row.count);
      byRevocation.set(row.revocation_id!, statuses);
    }
    return byRevocation;
  }

  /** A lead's revocation for its console page, with the events sent about it; null while consent stands. */
  async function ofLead(leadId: string) {
    const lead = await db.selectFrom("leads").select(["revoked_at", "revocation_id"]).where("id", "=", leadId).executeTakeFirst();
    if (!lead?.revoked_at) return null;
    const [revocation, events] = await Promise.all([
      lead.revocation_id
        ? db
            .selectFrom("revocations")
            .leftJoin("buyers", "buyers.id", "revocations.buyer_id")
            .select(["revocations.created_at", "revocations.method", "revocations.channel", "revocations.value_masked", "revocations.buyer_id", "buyers.name as buyer_name"])
            .where("revocations.id", "=", lead.revocation_id)
            .executeTakeFirst()
        : undefined,
      db
        .selectFrom("deliveries as e")
        .leftJoin("deliveries as about", "about.id", "e.about_delivery_id")
        .leftJoin("buyers", "buyers.id", "about.buyer_id")
        .select(["e.id", "e.status", "e.attempts", "e.last_error", "e.last_status", "e.delivered_at", "about.target", "about.status as about_status", "buyers.name as buyer_name"])
        .where("e.lead_id", "=", leadId)
        .where("e.target", "=", "event")
        .orderBy("e.created_at")
        .execute(),
    ]);
    // Each notice's receiver's last answer, as the lead's deliveries show theirs.
    const answers = new Map<string, string | null>();
    if (events.length) {
      const attempts = await db
        .selectFrom("delivery_attempts")
        .select(["delivery_id", "response_body"])
        .where("delivery_id", "in", events.map((event) => event.id))
        .orderBy("attempted_at", "desc")
        .execute();
      for (const attempt of attempts) if (!answers.has(attempt.delivery_id)) answers.set(attempt.delivery_id, attempt.response_body);
    }
    return {
      revokedAt: lead.revoked_at,
      recordedAt: revocation?.created_at ?? null,
      method: revocation?.method ?? null,
      channel: revocation?.channel ?? null,
      maskedValue: revocation?.value_masked ?? null,
      reportedBy: revocation?.buyer_id ? (revocation.buyer_name ?? revocation.buyer_id) : null,
      events: events.map((event) => ({
        id: event.id,
        destination: event.buyer_name ?? event.target ?? "unknown",
        status: event.status,
        attempts: Number(event.attempts),
        deliveredAt: event.delivered_at,
        lastError: event.last_error,
        httpStatus: event.last_status,
        answer: answers.get(event.id) ?? null,
        /** Whether the destination took the lead or only saw it (it rejected it, or its yes came too late). */
        tookLead: event.about_status === "delivered",
      })),
    };
  }

  /** The opt-out page's first step: the value as the person will confirm it, or why it cannot be used. */
  function reviewOptOut(text: string): OptOutReview {
    const parsed = phoneOrEmailContact(text);
    if (!parsed.ok) return parsed;
    const { channel, normalised } = parsed.contact;
    if (channel === "email") return { ok: true, shown: normalised };
    const national = normalised.slice(2); // '+1' and ten digits
    return { ok: true, shown: `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` };
  }

  /**
   * The opt-out page's confirmation: the same answer whether or not the person is in our records (the
   * page shows one text for both); only a malformed value or the IP's hourly limit answer otherwise.
   */
  async function optOut(text: string, ip: string | null): Promise<OptOutResult> {
    const parsed = phoneOrEmailContact(text);
    if (!parsed.ok) return { status: "invalid", message: parsed.message };
    if (!(await takeOptOutSlot(ip))) return { status: "rate-limited", message: OPT_OUT_RATE_LIMITED };
    await revoke([parsed.contact], { method: "opt-out page" });
    return { status: "recorded" };
  }

  return { timeZone, revoke, firstLeadSentTo, reviewOptOut, optOut, takeOptOutSlot, list, ofLead };
}
