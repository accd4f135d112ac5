import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql, type SqlBool } from "kysely";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../db/database";
import type { SubmitLeadResult } from "../leads/submit-lead";

export type Metrics = ReturnType<typeof createMetrics>;

/** Why a submission reached the lead service and was not saved (HTTP-level refusals, 413/415/403, are in the request histogram). */
const REFUSALS = {
  invalid: "validation",
  "rate-limited": "rate_limit",
  conflict: "submission_key_conflict",
  "unknown-case-type": "unknown_claim",
  "supplier-capped": "supplier_cap",
  // A paused claim defined as data (docs/decisions/059).
  closed: "claim_closed",
  // The group's commit failed (docs/decisions/033): answered 503, nothing saved.
  unavailable: "not_committed",
} as const satisfies Record<Exclude<SubmitLeadResult["status"], "created" | "duplicate">, string>;

/**
 * The condition of the partial index deliveries_unfinished (migration 2026-11-26-19), word for word:
 * SQLite uses a partial index only for a query that states its condition, with literal values.
 */
const UNFINISHED = sql<SqlBool>`status in ('pending', 'sending', 'dead')`;

/** A delivery row's target as a label: buyer rows carry the buyer's id, bounded by the buyers the operator configured. */
const targetLabels = (target: string, buyerId: string | null) => ({ target, buyer: buyerId ?? "" });

/**
 * The process's Prometheus metrics (docs/decisions/035). Counters count what this process did; the
 * outbox gauges and the last backup are read from the database at scrape time, so every instance
 * reports the same figures for them. No label ever holds a value from a request: claims, outcomes,
 * targets and route ids come from the code and the operator's buyers.
 */
export function createMetrics({ db }: { db: Db }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const leadsSaved = new Counter({
    name: "claims_leads_saved_total",
    help: "Leads saved, by claim and outcome (spam: saved but neither routed nor delivered); duplicate=yes when the same person's lead of that claim is already in the window.",
    labelNames: ["claim", "outcome", "duplicate"],
    registers: [registry],
  });
  const leadsRefused = new Counter({
    name: "claims_leads_refused_total",
    help: "Lead submissions refused and not saved, by reason (validation, rate_limit, submission_key_conflict, unknown_claim, not_committed).",
    labelNames: ["reason"],
    registers: [registry],
  });
  const leadsReplayed = new Counter({
    name: "claims_lead_submissions_replayed_total",
    help: "Submissions that reused a submission key with the same answers: answered with the first lead, nothing saved.",
    labelNames: ["claim"],
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: "claims_http_request_duration_seconds",
    help: "HTTP request duration by route id (React Router route id or Express route pattern; 'unmatched' for anything else), method and status.",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveryAttempts = new Counter({
    name: "claims_delivery_attempts_total",
    help: "Delivery attempts made by this process, by target, buyer id and result (delivered, retry, failed, dead).",
    labelNames: ["target", "buyer", "result"],
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: "claims_login_failures_total",
    help: "Failed operator logins, by reason (wrong_password, throttled).",
    labelNames: ["reason"],
    registers: [registry],
  });
  const outboxDepth = new Gauge({
    name: "claims_outbox_depth",
    help: "Deliveries waiting to be sent or being sent (database, at scrape time), by target and buyer id.",
    labelNames: ["target", "buyer"],
    registers: [registry],
  });
  const oldestDueAge = new Gauge({
    name: "claims_outbox_oldest_due_age_seconds",
    help: "How long the longest-waiting due delivery has been due (database, at scrape time), by target and buyer id.",
    labelNames: ["target", "buyer"],
    registers: [registry],
  });
  const deadDeliveries = new Gauge({
    name: "claims_deliveries_dead",
    help: "Deliveries whose retries are used up (database, at scrape time), by target and buyer id.",
    labelNames: ["target", "buyer"],
    registers: [registry],
  });
  const buyerPaused = new Gauge({
    name: "claims_buyer_paused",
    help: "1 for each buyer taking no leads now (database, at scrape time), by buyer id, name and reason (failures: paused automatically after failed attempts in a row; operator).",
    labelNames: ["buyer", "name", "reason"],
    registers: [registry],
  });
  const lastBackup = new Gauge({
    name: "claims_backup_last_success_timestamp_seconds",
    help: "When the newest backup that passed its integrity check was taken (database, at scrape time); 0 before the first.",
    registers: [registry],
  });

  /** The outbox and backup figures, read with index-only queries (migration 2026-11-26-19). */
  async function readDatabase(now: Date) {
    const [waiting, dead, backup, paused] = await Promise.all([
      db
        .selectFrom("deliveries")
        .select(["target", "buyer_id", (eb) => eb.fn.countAll<number | string>().as("depth")])
        .select((eb) => eb.fn.min(eb.case().when("status", "=", "pending").then(eb.ref("next_attempt_at")).end()).as("oldest_due"))
        .where(UNFINISHED)
        .where("status", "in", ["pending", "sending"])
        .groupBy(["target", "buyer_id"])
        .execute(),
      db
        .selectFrom("deliveries")
        .select(["target", "buyer_id", (eb) => eb.fn.countAll<number | string>().as("dead")])
        .where(UNFINISHED)
        .where("status", "=", "dead")
        .groupBy(["target", "buyer_id"])
        .execute(),
      db.selectFrom("backups").select(sql<string | null>`max(started_at)`.as("at")).where("status", "=", "ok").executeTakeFirst(),
      db.selectFrom("buyers").select(["id", "name", "paused_reason"]).where("active", "=", 0).execute(),
    ]);
    outboxDepth.reset();
    oldestDueAge.reset();
    deadDeliveries.reset();
    lastBackup.reset();
    buyerPaused.reset();
    for (const buyer of paused) buyerPaused.set({ buyer: buyer.id, name: buyer.name, reason: buyer.paused_reason ? "failures" : "operator" }, 1);
    for (const row of waiting) {
      const labels = targetLabels(row.target, row.buyer_id);
      outboxDepth.set(labels, Number(row.depth));
      const due = row.oldest_due ? Date.parse(row.oldest_due) : NaN;
      oldestDueAge.set(labels, Number.isNaN(due) ? 0 : Math.max(0, (now.getTime() - due) / 1000));
    }
    for (const row of dead) deadDeliveries.set(targetLabels(row.target, row.buyer_id), Number(row.dead));
    if (backup?.at) lastBackup.set(Date.parse(backup.at) / 1000);
  }

  return {
    registry,
    /** Counts what the lead service answered a submission of claim `slug`. */
    leadSubmitted(slug: string, result: SubmitLeadResult & { spam?: boolean }) {
      if (result.status === "created") {
        leadsSaved.inc({ claim: slug, outcome: result.spam ? "spam" : (result.outcome ?? "none"), duplicate: result.duplicateOf ? "yes" : "no" });
      } else if (result.status === "duplicate") {
        leadsReplayed.inc({ claim: slug });
      } else {
        leadsRefused.inc({ reason: REFUSALS[result.status] });
      }
    },
    deliveryAttempted(delivery: { target: string; buyer_id: string | null }, status: string) {
      deliveryAttempts.inc({ ...targetLabels(delivery.target, delivery.buyer_id), result: status === "pending" ? "retry" : status });
    },
    loginFailed(reason: "wrong-password" | "throttled") {
      loginFailures.inc({ reason: reason === "throttled" ? "throttled" : "wrong_password" });
    },
    observeRequest(labels: { route: string; method: string; status: number }, seconds: number) {
      requestDuration.observe({ ...labels, status: String(labels.status) }, seconds);
    },
    /** The text exposition, with the database figures read now. */
    async exposition(now = new Date()): Promise<{ contentType: string; body: string }> {
      await readDatabase(now);
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics for the web server and the worker's own port: a 404 unless a token is configured, a 401
 * without `Authorization: Bearer <token>` (compared in constant time), the text format otherwise.
 */
export function metricsHandler(metrics: Metrics, token: string | null) {
  const expected = token ? digest(token) : null;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: string, type = "text/plain; charset=utf-8") => {
      res.statusCode = status;
      res.setHeader("Content-Type", type);
      res.setHeader("Cache-Control", "no-store");
      res.end(body);
    };
    if (!expected) return send(404, "Not Found");
    const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(presented), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return send(401, "Unauthorized");
    }
    try {
      const { contentType, body } = await metrics.exposition();
      send(200, body, contentType);
    } catch {
      send(503, "Metrics unavailable: the database did not answer");
    }
  };
}
