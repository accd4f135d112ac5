import { createHash } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { attempt, retryDelayMs, type AttemptResult } from "../distribution";
import type { Db } from "../db/database";
import type { ConversionEventsTable, ConversionStatus } from "../db/schema";
import type { Logger } from "../logger";
import type { SecretBox } from "../secrets/secret-box";
import type { ConversionFacts } from "./conversion-facts";
import { clickIdOf, queueFoundConversions } from "./conversion-queue";
import { createConversionSettings } from "./conversion-settings";
import { googleHeaders, googlePartialFailure, googleRequest, type GoogleCredentials } from "./google-ads";
import { metaRequest } from "./meta-capi";

/** How often the worker looks for new events and sends the due ones. */
export const CONVERSION_CHECK_INTERVAL_MS = 30_000;

export interface ConversionEndpoints {
  /** https://googleads.googleapis.com unless GOOGLE_ADS_API_URL says otherwise (tests use a local fake). */
  googleAdsUrl: string;
  /** https://oauth2.googleapis.com/token unless GOOGLE_OAUTH_TOKEN_URL says otherwise. */
  googleTokenUrl: string;
  /** https://graph.facebook.com unless META_GRAPH_API_URL says otherwise. */
  metaGraphUrl: string;
}

export type ConversionEvent = Selectable<ConversionEventsTable>;
export type Conversions = ReturnType<typeof createConversions>;

const final = (error: string): AttemptResult => ({ ok: false, status: null, error, retryable: false, durationMs: 0, responseBody: null });
const later = (error: string): AttemptResult => ({ ok: false, status: null, error, retryable: true, durationMs: 0, responseBody: null });
/** What a revoked or spam lead's event records instead of being sent. */
const CANCELLED = "Consent revoked or marked as spam: not sent";
/** What an event records when its platform was turned off for the claim before it went: cancelled, not retried. */
const notToSend = new WeakSet<AttemptResult>();
function turnedOff(platform: string): AttemptResult {
  const result = final(`${platform} was turned off for this claim: not sent`);
  notToSend.add(result);
  return result;
}

/**
 * Conversions sent back to ad platforms (docs/decisions/061): the worker finds what happened to the
 * leads of claims whose platforms are on and queues one event per platform, kind and source; it sends
 * them one at a time, retried on the delivery outbox's schedule, each request built from the lead and the
 * ledger at send time, so the queue holds no personal data.
 */
export function createConversions({
  db,
  secretBox,
  endpoints,
  siteUrl,
  caseTypes,
  timeoutMs,
  retryScheduleMs,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  secretBox: SecretBox | null;
  endpoints: ConversionEndpoints;
  siteUrl: string;
  caseTypes: () => readonly string[];
  timeoutMs: number;
  retryScheduleMs: readonly number[];
  logger: Logger;
  now?: () => Date;
}) {
  const settings = createConversionSettings({ db, secretBox, caseTypes });
  // A claim outlives the request's timeout (two requests for Google: the token, then the upload).
  const lockMs = 3 * timeoutMs + 5_000;
  const accessTokens = new Map<string, { token: string; expiresAt: number }>();

  /** Queues the events found since the last run, for every claim with a platform on. */
  async function queueFound(): Promise<number> {
    const rows = await db
      .selectFrom("claim_conversion_settings")
      .selectAll()
      .where((eb) => eb.or([eb("google_enabled_at", "is not", null), eb("meta_enabled_at", "is not", null)]))
      .execute();
    let queued = 0;
    const at = now();
    for (const row of rows) {
      queued += await queueFoundConversions(db, row, "google", at);
      queued += await queueFoundConversions(db, row, "meta", at);
    }
    return queued;
  }

  /** Takes the next due event, so two workers never send one at once; an event left 'sending' by a dead worker is due again after its lock. */
  function claimNext(): Promise<ConversionEvent | undefined> {
    const at = now().toISOString();
    const lockedUntil = new Date(now().getTime() + lockMs).toISOString();
    return db
      .updateTable("conversion_events")
      .set({ status: "sending", locked_until: lockedUntil, attempts: sql`attempts + 1` })
      .where("id", "=", (eb) =>
        eb
          .selectFrom("conversion_events")
          .select("id")
          .where((w) =>
            w.or([
              w.and([w("status", "=", "pending"), w("next_attempt_at", "<=", at)]),
              w.and([w("status", "=", "sending"), w("locked_until", "<", at)]),
            ]),
          )
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .limit(1),
      )
      .where((w) =>
        w.or([w.and([w("status", "=", "pending"), w("next_attempt_at", "<=", at)]), w.and([w("status", "=", "sending"), w("locked_until", "<", at)])]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** The facts an event states, from the lead and the ledger now; a string when it cannot be sent. */
  async function factsOf(event: ConversionEvent): Promise<ConversionFacts | { cancel: string } | { wait: string }> {
    const lead = await db
      .selectFrom("leads")
      .select(["id", "created_at", "em", "phone_e164", "user_agent", "user_ip", "attribution", "revoked_at", "is_spam"])
      .where("id", "=", event.lead_id)
      .executeTakeFirst();
    if (!lead) return { cancel: `No lead ${event.lead_id}` };
    if (lead.revoked_at || Number(lead.is_spam) === 1) return { cancel: CANCELLED };
    let fbclidSeenAt: Date | null = null;
    try {
      const seen = lead.attribution ? (JSON.parse(lead.attribution) as { first_seen_at?: unknown }).first_seen_at : undefined;
      fbclidSeenAt = typeof seen === "string" && !Number.isNaN(Date.parse(seen)) ? new Date(seen) : new Date(lead.created_at);
    } catch {
      fbclidSeenAt = new Date(lead.created_at);
    }
    const base = {
      eventId: event.id,
      kind: event.kind,
      leadId: lead.id,
      gclid: clickIdOf(lead.attribution, "google"),
      fbclid: clickIdOf(lead.attribution, "meta"),
      fbclidSeenAt,
      email: lead.em,
      phoneE164: lead.phone_e164,
      userAgent: lead.user_agent,
      ip: lead.user_ip,
    };
    if (event.kind === "submitted") return { ...base, at: new Date(lead.created_at), saleId: null, valueCents: null };
    const entry = await db.selectFrom("ledger_entries").selectAll().where("id", "=", event.source_id).executeTakeFirst();
    if (!entry) return { cancel: `No ledger entry ${event.source_id}` };
    if (event.kind === "sold") return { ...base, at: new Date(entry.created_at), saleId: entry.id, valueCents: entry.amount_cents };
    const saleId = entry.sale_id;
    if (!saleId) return { cancel: `Ledger entry ${entry.id} offsets no sale` };
    // Google adjusts only a conversion it has: the sale's event first.
    const sold = await db.selectFrom("conversion_events").select("status").where("platform", "=", event.platform).where("kind", "=", "sold").where("source_id", "=", saleId).executeTakeFirst();
    if (!sold || ["failed", "dead", "cancelled"].includes(sold.status)) return { cancel: "The sale's conversion was never sent: nothing to adjust" };
    if (sold.status !== "sent") return { wait: "Waiting for the sale's conversion to be sent first" };
    // What is left of the sale once this entry (and those before it) are taken off.
    const left = await db
      .selectFrom("ledger_entries")
      .select((eb) => eb.fn.sum<number | string | null>("amount_cents").as("left"))
      .where((eb) => eb.or([eb("id", "=", saleId), eb("sale_id", "=", saleId)]))
      .where("created_at", "<=", entry.created_at)
      .executeTakeFirst();
    return { ...base, at: new Date(entry.created_at), saleId, valueCents: Math.max(0, Number(left?.left ?? 0)) };
  }

  async function googleAccessToken(credentials: GoogleCredentials): Promise<{ token: string } | { result: AttemptResult }> {
    const key = createHash("sha256").update(`${credentials.clientId}\n${credentials.refreshToken}`).digest("hex");
    const cached = accessTokens.get(key);
    if (cached && cached.expiresAt > now().getTime()) return { token: cached.token };
    const result = await attempt(
      endpoints.googleTokenUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          refresh_token: credentials.refreshToken,
        }).toString(),
      },
      timeoutMs,
    );
    if (!result.ok) return { result: { ...result, error: `Google sign-in: ${result.error ?? "failed"}` } };
    try {
      const answer = JSON.parse(result.responseBody ?? "") as { access_token?: unknown; expires_in?: unknown };
      if (typeof answer.access_token !== "string") throw new Error("no access_token");
      const seconds = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
      // Renewed a minute before it expires, so a request never goes out with a token about to lapse.
      accessTokens.set(key, { token: answer.access_token, expiresAt: now().getTime() + Math.max(0, seconds - 60) * 1000 });
      return { token: answer.access_token };
    } catch {
      return { result: later("Google sign-in answered without an access token") };
    }
  }

  async function send(event: ConversionEvent, facts: ConversionFacts): Promise<AttemptResult> {
    const init = (headers: Record<string, string>, body: unknown): RequestInit => ({ method: "POST", headers, body: JSON.stringify(body) });
    if (event.platform === "google") {
      const google = await settings.googleOf(event.case_type);
      if ("error" in google) return google.off ? turnedOff("Google") : later(google.error);
      const request = googleRequest({ ...google.target, testMode: event.test_mode === 1 }, facts);
      if (!request) return final("Nothing to send: no Google conversion action for this event");
      const token = await googleAccessToken(google.credentials);
      if ("result" in token) return token.result;
      const result = await attempt(`${endpoints.googleAdsUrl}${request.path}`, init(googleHeaders(google.target, google.credentials, token.token), request.body), timeoutMs);
      const refused = result.ok ? googlePartialFailure(result.responseBody) : null;
      // A conversion Google refused (an unknown gclid, a wrong action) stays refused on a retry.
      return refused ? { ...result, ok: false, error: refused, retryable: false } : result;
    }
    const meta = await settings.metaOf(event.case_type);
    if ("error" in meta) return meta.off ? turnedOff("Meta") : later(meta.error);
    const request = metaRequest({ ...meta.target, testEventCode: event.test_mode === 1 ? meta.target.testEventCode : null }, facts, siteUrl, meta.accessToken);
    if (!request) return final("Meta has no event for this");
    return attempt(`${endpoints.metaGraphUrl}${request.path}`, init({ "content-type": "application/json" }, request.body), timeoutMs);
  }

  async function record(event: ConversionEvent, result: AttemptResult, cancelled = false): Promise<ConversionStatus> {
    const at = now();
    const delay = result.ok || !result.retryable ? null : retryDelayMs(event.attempts, retryScheduleMs);
    const status: ConversionStatus = cancelled ? "cancelled" : result.ok ? "sent" : !result.retryable ? "failed" : delay === null ? "dead" : "pending";
    await db
      .updateTable("conversion_events")
      .set({
        status,
        locked_until: null,
        last_status: result.status,
        last_error: result.error,
        response_body: result.responseBody,
        ...(delay !== null ? { next_attempt_at: new Date(at.getTime() + delay).toISOString() } : {}),
        ...(result.ok ? { sent_at: at.toISOString() } : {}),
      })
      // Only the worker holding the claim records it.
      .where("id", "=", event.id)
      .where("status", "=", "sending")
      .where("attempts", "=", event.attempts)
      .execute();
    return status;
  }

  /** Sends every due event; answers how many attempts it made. */
  async function sendDue(): Promise<number> {
    let attempts = 0;
    for (;;) {
      const event = await claimNext();
      if (!event) return attempts;
      attempts++;
      let status: ConversionStatus;
      try {
        const facts = await factsOf(event);
        if ("cancel" in facts) status = await record(event, final(facts.cancel), facts.cancel === CANCELLED);
        else if ("wait" in facts) status = await record(event, later(facts.wait));
        else {
          const result = await send(event, facts);
          status = await record(event, result, notToSend.has(result));
        }
      } catch (error) {
        status = await record(event, later(`Not sent: ${(error as Error).message}`));
      }
      logger.info({ conversionId: event.id, leadId: event.lead_id, platform: event.platform, kind: event.kind, attempt: event.attempts, status }, "conversion attempt");
    }
  }

  /** A lead's events for the admin lead page, oldest first. */
  function eventsOfLead(leadId: string): Promise<ConversionEvent[]> {
    return db.selectFrom("conversion_events").selectAll().where("lead_id", "=", leadId).orderBy("created_at").orderBy("platform").execute();
  }

  return {
    settings,
    queueFound,
    sendDue,
    /** The worker's periodic run: find, then send. */
    run: async () => (await queueFound(), await sendDue()),
    eventsOfLead,
  };
}
