import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { isPostgres, writeTransaction, type Db } from "../../db/database";
import type { CheckOutcome, Database, LeadsTable } from "../../db/schema";
import { mappedFields } from "../buyers/buyer-sender";
import { attempt, REQUEST_TIMEOUT } from "../delivery/http-send";
import { routeNewLead } from "../routing/lead-routing";
import type { RoutableLead } from "../routing/route-decision";
import { routableLeadOf, type JustSaved } from "../routing/route-lead";
import type { SecretBox } from "../../secrets/secret-box";
import {
  activeChecksFor,
  openCheckCredentials,
  type Check,
} from "./check-store";
import { checkVerdictOf } from "./check-verdict";

/** One check's result for one lead, as lead_checks stores it. */
export interface CheckRun {
  checkId: string;
  checkName: string;
  outcome: CheckOutcome;
  detail: string | null;
  answerExcerpt: string | null;
  durationMs: number;
  priceCents: number;
  cached: boolean;
  /** An unavailable check's policy: hold the lead, or sell it without this check. */
  whenUnavailable: "hold" | "sell";
}

const DAY_MS = 86_400_000;

/**
 * Intake's routing (docs/decisions/048): a lead of a claim with an active check is not routed now but
 * waits for its checks ('checking'), which the worker runs from a 'checks' outbox row; any other lead is
 * routed as before, in the same transaction.
 */
export async function routeOrCheck(
  trx: Kysely<Database>,
  lead: RoutableLead,
  now: Date,
  saved: JustSaved = {},
): Promise<{ queued: number; checking: boolean }> {
  if ((await activeChecksFor(trx, lead.caseType)).length) {
    await queueChecks(trx, lead, now);
    return { queued: 1, checking: true };
  }
  return { ...(await routeNewLead(trx, lead, now, saved)), checking: false };
}

async function queueChecks(
  trx: Kysely<Database>,
  lead: RoutableLead,
  now: Date,
) {
  const at = now.toISOString();
  await trx
    .insertInto("deliveries")
    .values({
      id: randomUUID(),
      lead_id: lead.id,
      lead_created_at: lead.createdAt,
      target: "checks",
      buyer_id: null,
      status: "pending",
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await trx
    .updateTable("leads")
    .set({ buyer_status: "checking", held_reason: null })
    .where("id", "=", lead.id)
    .execute();
}

/**
 * Runs the lead's checks in parallel, each within its time budget, outside any transaction: an answer
 * cached for the phone number within the check's cache days is used instead of asking (and costs nothing).
 */
export async function runLeadChecks(
  db: Kysely<Database>,
  lead: Selectable<LeadsTable>,
  { secretBox, now }: { secretBox: Pick<SecretBox, "open"> | null; now: Date },
): Promise<CheckRun[]> {
  const checks = await activeChecksFor(db, lead.case_type);
  return Promise.all(
    checks.map((check) => runCheck(db, check, lead, secretBox, now)),
  );
}

async function runCheck(
  db: Kysely<Database>,
  check: Check,
  lead: Selectable<LeadsTable>,
  secretBox: Pick<SecretBox, "open"> | null,
  now: Date,
): Promise<CheckRun> {
  const { config } = check;
  const base = {
    checkId: check.id,
    checkName: check.name,
    whenUnavailable: config.whenUnavailable,
  };
  if (config.cacheDays > 0 && lead.phone_e164) {
    const since = new Date(
      now.getTime() - config.cacheDays * DAY_MS,
    ).toISOString();
    const hit = await db
      .selectFrom("check_cache")
      .selectAll()
      .where("check_id", "=", check.id)
      .where("phone_e164", "=", lead.phone_e164)
      .where("checked_at", ">=", since)
      .executeTakeFirst();
    if (hit)
      return {
        ...base,
        outcome: hit.outcome,
        detail: hit.detail,
        answerExcerpt: hit.answer_excerpt,
        durationMs: 0,
        priceCents: 0,
        cached: true,
      };
  }
  let credentials: string | null = null;
  if (check.credentialsLast4) {
    if (!secretBox)
      return {
        ...base,
        outcome: "unavailable",
        detail: "The check's credentials need SECRETS_KEY, which is not set",
        answerExcerpt: null,
        durationMs: 0,
        priceCents: 0,
        cached: false,
      };
    try {
      credentials = await openCheckCredentials(db, secretBox, check.id);
    } catch (error) {
      return {
        ...base,
        outcome: "unavailable",
        detail: `The credentials cannot be opened: ${(error as Error).message}`,
        answerExcerpt: null,
        durationMs: 0,
        priceCents: 0,
        cached: false,
      };
    }
  }
  const fields = mappedFields(config.fields, {
    lead,
    pageUrl: null,
    credentials,
  });
  const headers: Record<string, string> = {};
  if (config.credentialHeader && credentials)
    headers[config.credentialHeader] = credentials;
  let url = config.url;
  let init: RequestInit;
  if (config.method === "get") {
    const target = new URL(config.url);
    for (const [name, value] of Object.entries(fields))
      target.searchParams.set(name, value);
    url = target.toString();
    init = { method: "GET", headers };
  } else if (config.method === "post-json") {
    init = {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(fields),
    };
  } else {
    init = { method: "POST", headers, body: new URLSearchParams(fields) };
  }
  // The whole 2xx answer (up to 64 KiB) is read for the conditions; the excerpt is what is kept.
  let answer = "";
  const result = await attempt(url, init, config.budgetMs, (text) => {
    answer = text;
    return null;
  });
  const timing = {
    durationMs: result.durationMs,
    answerExcerpt: result.responseBody,
    cached: false,
  };
  if (result.status === null) {
    const detail =
      result.error === REQUEST_TIMEOUT
        ? `Over its budget of ${config.budgetMs} ms`
        : (result.error ?? "No answer");
    return {
      ...base,
      ...timing,
      outcome: "unavailable",
      detail,
      priceCents: 0,
    };
  }
  const verdict = checkVerdictOf(config.conditions, result.status, answer);
  // A provider charges for an answer, not for an error.
  return {
    ...base,
    ...timing,
    ...verdict,
    priceCents: verdict.outcome === "unavailable" ? 0 : config.priceCents,
  };
}

/**
 * In the transaction that records the checks' run (once, by the worker holding its claim): stores each
 * result on the lead and the fresh answers in the cache, then routes the lead (not as just saved: the
 * sale limit and the buyers already tried hold) or holds it with the reason. A lead no longer
 * 'checking' (marked as spam, released, or settled by an earlier run) is left as it is.
 */
export async function settleLeadChecks(
  trx: Kysely<Database>,
  leadId: string,
  runs: readonly CheckRun[],
  at: Date,
): Promise<void> {
  const lead = await trx
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", leadId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!lead || lead.buyer_status !== "checking") return;
  const atIso = at.toISOString();
  for (const run of runs) {
    const policy =
      run.outcome === "unavailable"
        ? run.whenUnavailable === "hold"
          ? "held"
          : "sold without it"
        : null;
    await trx
      .insertInto("lead_checks")
      .values({
        lead_id: leadId,
        check_id: run.checkId,
        check_name: run.checkName,
        outcome: run.outcome,
        detail: run.detail,
        answer_excerpt: run.answerExcerpt,
        duration_ms: run.durationMs,
        price_cents: run.priceCents,
        cached: run.cached ? 1 : 0,
        policy_applied: policy,
        checked_at: atIso,
      })
      .onConflict((oc) => oc.columns(["lead_id", "check_id"]).doNothing())
      .execute();
    if (!run.cached && run.outcome !== "unavailable" && lead.phone_e164) {
      const cached = {
        outcome: run.outcome,
        detail: run.detail,
        answer_excerpt: run.answerExcerpt,
        checked_at: atIso,
      };
      await trx
        .insertInto("check_cache")
        .values({
          check_id: run.checkId,
          phone_e164: lead.phone_e164,
          ...cached,
        })
        .onConflict((oc) =>
          oc.columns(["check_id", "phone_e164"]).doUpdateSet(cached),
        )
        .execute();
    }
  }
  const reason = heldReasonOf(runs);
  if (reason) {
    await trx
      .updateTable("leads")
      .set({ buyer_status: "held", held_reason: reason })
      .where("id", "=", leadId)
      .execute();
    return;
  }
  await trx
    .updateTable("leads")
    .set({ buyer_status: null })
    .where("id", "=", leadId)
    .execute();
  if (!lead.is_spam && !lead.revoked_at)
    await routeNewLead(trx, routableLeadOf(lead), at);
}

/** Why the runs hold the lead, or null when it may be sold: every block, and every unavailable check whose policy holds. */
export function heldReasonOf(runs: readonly CheckRun[]): string | null {
  const reasons = runs.flatMap((run) => {
    if (run.outcome === "block")
      return [
        `${run.checkName} blocked it${run.detail ? `: ${run.detail}` : ""}`,
      ];
    if (run.outcome === "unavailable" && run.whenUnavailable === "hold")
      return [
        `${run.checkName} was unavailable (${run.detail ?? "no answer"}); the policy holds the lead`,
      ];
    return [];
  });
  return reasons.length ? reasons.join("; ") : null;
}

/**
 * An operator's release of a held lead: routed now as any other, in one transaction with the lead row
 * taken first. False when the lead is not held (released already, or never held).
 */
export async function releaseHeldLead(
  db: Db,
  leadId: string,
  now: Date,
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", leadId)
      .$if(isPostgres(trx), (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!lead || lead.buyer_status !== "held") return false;
    await trx
      .updateTable("leads")
      .set({ buyer_status: null, held_reason: null })
      .where("id", "=", leadId)
      .execute();
    if (!lead.is_spam && !lead.revoked_at)
      await routeNewLead(trx, routableLeadOf(lead), now);
    return true;
  });
}

/** A lead's check results, in the order they were configured by name. */
export async function leadChecksOf(db: Kysely<Database>, leadId: string) {
  return db
    .selectFrom("lead_checks")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("check_name")
    .execute();
}
