import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/database";
import type { ConversionKind, ConversionPlatform } from "../db/schema";
import type { ConversionSettingsRow } from "./conversion-settings";

/** Meta refuses an event_time more than 7 days old, so nothing older is looked for (and a platform turned on later starts then). */
export const LOOKBACK_MS = 7 * 24 * 3_600_000;
/** Rows each kind queues per run at most; the next run takes the rest. */
const BATCH = 500;

/** The first-touch attribution key a platform's events are keyed by: only its own clicks are sent to it. */
const CLICK_KEY: Record<ConversionPlatform, "gclid" | "fbclid"> = { google: "gclid", meta: "fbclid" };

/** The lead came from the platform: its stored first touch names the platform's click id. */
export function clickIdOf(attribution: string | null, platform: ConversionPlatform): string | null {
  if (!attribution) return null;
  try {
    const value = (JSON.parse(attribution) as Record<string, unknown>)[CLICK_KEY[platform]];
    return typeof value === "string" && value.trim() ? value.trim() : null;
  } catch {
    return null;
  }
}

interface Found {
  kind: ConversionKind;
  sourceId: string;
  leadId: string;
  attribution: string | null;
}

/**
 * Queues the events a claim's platform has not had yet (docs/decisions/061): leads submitted, sales and
 * returns in the ledger, since the platform was turned on (and within LOOKBACK_MS), of leads that came
 * from the platform's click, not spam, consent standing. The unique (platform, kind, source) index makes
 * finding one twice, or by two workers, queue it once. Answers how many it queued.
 */
export async function queueFoundConversions(db: Db, settings: ConversionSettingsRow, platform: ConversionPlatform, now: Date): Promise<number> {
  const enabledAt = platform === "google" ? settings.google_enabled_at : settings.meta_enabled_at;
  if (!enabledAt) return 0;
  const lookback = new Date(now.getTime() - LOOKBACK_MS).toISOString();
  const since = enabledAt > lookback ? enabledAt : lookback;
  const caseType = settings.case_type;
  const clickLike = `%"${CLICK_KEY[platform]}"%`;
  const notQueued = (kind: ConversionKind, source: "leads.id" | "ledger_entries.id") =>
    sql<boolean>`not exists (select 1 from conversion_events c where c.platform = ${platform} and c.kind = ${kind} and c.source_id = ${sql.ref(source)})`;

  const found: Found[] = [];
  // Google sends submitted leads only to a conversion action of its own; Meta always (its "Lead" event).
  if (platform === "meta" || settings.google_submitted_action_id) {
    const leads = await db
      .selectFrom("leads")
      .select(["leads.id", "leads.attribution"])
      .where("leads.case_type", "=", caseType)
      .where("leads.created_at", ">=", since)
      .where("leads.is_spam", "=", 0)
      .where("leads.revoked_at", "is", null)
      .where("leads.attribution", "like", clickLike)
      .where(notQueued("submitted", "leads.id"))
      .orderBy("leads.created_at")
      .limit(BATCH)
      .execute();
    found.push(...leads.map((lead) => ({ kind: "submitted" as const, sourceId: lead.id, leadId: lead.id, attribution: lead.attribution })));
  }
  const sales = await db
    .selectFrom("ledger_entries")
    .innerJoin("leads", "leads.id", "ledger_entries.lead_id")
    .select(["ledger_entries.id", "ledger_entries.lead_id", "leads.attribution"])
    .where("ledger_entries.kind", "=", "sale")
    .where("ledger_entries.case_type", "=", caseType)
    .where("ledger_entries.created_at", ">=", since)
    .where("leads.revoked_at", "is", null)
    .where("leads.attribution", "like", clickLike)
    .where(notQueued("sold", "ledger_entries.id"))
    .orderBy("ledger_entries.created_at")
    .limit(BATCH)
    .execute();
  found.push(...sales.map((sale) => ({ kind: "sold" as const, sourceId: sale.id, leadId: sale.lead_id, attribution: sale.attribution })));
  // Meta documents no retraction: a return is only Google's (an adjustment of the sale it was told of).
  if (platform === "google") {
    const offsets = await db
      .selectFrom("ledger_entries")
      .select(["ledger_entries.id", "ledger_entries.lead_id"])
      .where("ledger_entries.kind", "in", ["credit", "cancellation"])
      .where("ledger_entries.case_type", "=", caseType)
      .where("ledger_entries.created_at", ">=", since)
      .where((eb) =>
        eb(
          "ledger_entries.sale_id",
          "in",
          eb.selectFrom("conversion_events").select("source_id").where("platform", "=", "google").where("kind", "=", "sold"),
        ),
      )
      .where(notQueued("returned", "ledger_entries.id"))
      .orderBy("ledger_entries.created_at")
      .limit(BATCH)
      .execute();
    found.push(...offsets.map((entry) => ({ kind: "returned" as const, sourceId: entry.id, leadId: entry.lead_id, attribution: null })));
  }

  const at = now.toISOString();
  const testMode = platform === "google" ? Number(settings.google_test_mode) === 1 : Boolean(settings.meta_test_event_code);
  const rows = found
    // LIKE only narrows: the click id must really be there.
    .filter((event) => event.kind === "returned" || clickIdOf(event.attribution, platform))
    .map((event) => ({
      id: randomUUID(),
      platform,
      kind: event.kind,
      source_id: event.sourceId,
      lead_id: event.leadId,
      case_type: caseType,
      test_mode: testMode ? 1 : 0,
      status: "pending" as const,
      next_attempt_at: at,
      locked_until: null,
      last_status: null,
      last_error: null,
      response_body: null,
      created_at: at,
      sent_at: null,
    }));
  let queued = 0;
  for (const row of rows) {
    const inserted = await db
      .insertInto("conversion_events")
      .values(row)
      .onConflict((oc) => oc.columns(["platform", "kind", "source_id"]).doNothing())
      .executeTakeFirst();
    queued += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  return queued;
}
