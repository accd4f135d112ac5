import type { Insertable } from "kysely";
import { randomUUID } from "node:crypto";
import type { DeliveriesTable, DeliveryAttemptsTable, DeliveryTarget } from "../db/schema";
import { type AttemptResult, newDeliveries, retryDelayMs } from "../distribution";
import { weightedPicker, type Random } from "./random";

export type DeliveryRow = Insertable<DeliveriesTable> & { attempts: number };
export type AttemptRow = Insertable<DeliveryAttemptsTable>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A time the receiver did not answer, each attempt in it failing the same way. */
interface Outage {
  from: number;
  to: number;
  failure: (random: Random) => AttemptResult;
}

/** How a receiver treats one lead: takes it, refuses it for good (a 4xx), or answers 200 with an error. */
type Fate = "accepts" | "refuses" | "rejects-in-body";

/** One delivery target as the seed imagines it over the seeded period. */
export interface Receiver {
  target: DeliveryTarget;
  outages: Outage[];
  fate: (random: Random) => Fate;
  success: (random: Random) => AttemptResult;
  refusal: (random: Random) => AttemptResult;
  transientFailure: (random: Random) => AttemptResult;
  /** Partners that answer 200 with an error in the body (retried like any failure, so such leads die). */
  bodyRejection?: (random: Random) => AttemptResult;
}

const result = (
  ok: boolean,
  status: number | null,
  error: string | null,
  retryable: boolean,
  durationMs: number,
  responseBody: string | null,
): AttemptResult => ({ ok, status, error, retryable, durationMs, responseBody });

const refused = (random: Random) => result(false, null, "Network error: ECONNREFUSED", true, random.int(1, 40), null);
const unavailable = (random: Random) =>
  result(false, 503, "HTTP 503", true, random.int(5, 300), "<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>");

/** A failure now and then on a healthy receiver: retried, and nearly always delivered the next time. */
const TRANSIENT_FAILURE_SHARE = 0.03;
function transientFailure(timeoutMs: number) {
  const pick = weightedPicker<(random: Random) => AttemptResult>([
    [(random) => result(false, null, "Request timeout", true, timeoutMs + random.int(0, 20), null), 4],
    [(random) => result(false, 502, "HTTP 502", true, random.int(20, 400), "error code: 502"), 3],
    [(random) => result(false, null, "Network error: ECONNRESET", true, random.int(50, 3000), null), 2],
    [unavailable, 2],
  ]);
  return (random: Random) => pick(random)(random);
}

/**
 * The receivers' history over the seeded period: a few short outages, one longer than the whole retry
 * schedule (its deliveries are dead, the case the console's re-send exists for), and for the webhook
 * one still going on now, so the newest deliveries are waiting for a retry.
 */
export function imagineReceivers(
  random: Random,
  targets: readonly DeliveryTarget[],
  period: { fromMs: number; nowMs: number },
  opts: { retryScheduleMs: readonly number[]; timeoutMs: number },
) {
  const { fromMs, nowMs } = period;
  const span = nowMs - fromMs;
  const wholeSchedule = opts.retryScheduleMs.reduce((sum, ms) => sum + ms, 0);
  const transient = transientFailure(opts.timeoutMs);
  return new Map(
    targets.map((target): [DeliveryTarget, Receiver] => {
      const outages: Outage[] = [];
      const failure = (random: Random) => (random.chance(0.6) ? refused : unavailable);
      for (let i = 0; i < Math.max(1, Math.round(span / (15 * DAY_MS))); i++) {
        const from = fromMs + random.next() * span;
        outages.push({ from, to: from + random.int(HOUR_MS / 2, 8 * HOUR_MS), failure: failure(random) });
      }
      if (span > 7 * DAY_MS) {
        const from = fromMs + random.next() * (span - 5 * DAY_MS);
        outages.push({ from, to: from + wholeSchedule * 1.3 + random.int(0, 6 * HOUR_MS), failure: failure(random) });
      }
      if (target === "webhook") outages.push({ from: nowMs - 2 * HOUR_MS, to: nowMs + DAY_MS, failure: refused });
      return [target, target === "webhook" ? webhookReceiver(outages, transient) : partnerReceiver(target, outages, transient)];
    }),
  );
}

const WEBHOOK_REFUSAL = weightedPicker<(random: Random) => AttemptResult>([
  [(random) => result(false, 400, "HTTP 400", false, random.int(30, 400), '{"error":"invalid phone number"}'), 5],
  [(random) => result(false, 422, "HTTP 422", false, random.int(30, 400), '{"error":"duplicate lead","code":"DUPLICATE"}'), 4],
  [(random) => result(false, 410, "HTTP 410", false, random.int(30, 200), "This webhook is no longer active."), 1],
]);

function webhookReceiver(outages: Outage[], transientFailure: Receiver["transientFailure"]): Receiver {
  return {
    target: "webhook",
    outages,
    transientFailure,
    fate: weightedPicker<Fate>([
      ["accepts", 985],
      ["refuses", 15],
    ]),
    success: (random) => result(true, 200, null, false, 40 + Math.round(random.next() ** 2 * 900), "Accepted"),
    refusal: (random) => WEBHOOK_REFUSAL(random)(random),
  };
}

function partnerReceiver(target: DeliveryTarget, outages: Outage[], transientFailure: Receiver["transientFailure"]): Receiver {
  return {
    target,
    outages,
    transientFailure,
    fate: weightedPicker<Fate>([
      ["accepts", 940],
      ["refuses", 20],
      ["rejects-in-body", 40],
    ]),
    success: (random) =>
      result(true, 200, null, false, 250 + Math.round(random.next() ** 2 * 2200), `{"status":"Success","lead_id":"LB-${random.int(1_000_000, 9_999_999)}"}`),
    refusal: (random) => result(false, 400, "HTTP 400", false, random.int(100, 800), '{"status":"Error","error":"Invalid State"}'),
    bodyRejection: (random) => {
      const message = random.pick(["Duplicate lead", "Lead already exists in campaign", "Phone number failed validation"]);
      return result(false, 200, message, true, random.int(200, 1500), JSON.stringify({ status: "Error", error: message }));
    },
  };
}

/**
 * One lead's deliveries as the worker would have left them by `nowMs`: every attempt it made on the
 * retry schedule, each failing during an outage, and the status that history ends in (still pending
 * if the next try is after now).
 */
export function deliveryHistory(
  random: Random,
  receivers: ReadonlyMap<DeliveryTarget, Receiver>,
  lead: { id: string; created_at: string },
  submittedAt: Date,
  targets: readonly DeliveryTarget[],
  nowMs: number,
  retryScheduleMs: readonly number[],
) {
  const createdMs = submittedAt.getTime();
  const deliveries: DeliveryRow[] = [];
  const attempts: AttemptRow[] = [];
  for (const queued of newDeliveries(lead, targets, submittedAt)) {
    const receiver = receivers.get(queued.target)!;
    const fate = receiver.fate(random);
    // Filled in place rather than copied: the seed makes a million of these.
    const delivery: DeliveryRow = Object.assign(queued, { attempts: 0, locked_until: null, last_status: null, last_error: null, delivered_at: null });
    let at = createdMs + random.int(150, 2500);
    while (at <= nowMs) {
      const outage = outageAt(receiver.outages, at);
      const outcome = outage
        ? outage.failure(random)
        : fate === "refuses"
          ? receiver.refusal(random)
          : fate === "rejects-in-body" && receiver.bodyRejection
            ? receiver.bodyRejection(random)
            : random.chance(TRANSIENT_FAILURE_SHARE)
              ? receiver.transientFailure(random)
              : receiver.success(random);
      const endMs = at + outcome.durationMs;
      // An attempt still under way now has not been recorded yet.
      if (endMs > nowMs) break;
      const end = new Date(endMs).toISOString();
      delivery.attempts++;
      attempts.push({
        id: randomUUID(),
        delivery_id: delivery.id,
        attempted_at: end,
        duration_ms: outcome.durationMs,
        status_code: outcome.status,
        error: outcome.error,
        response_body: outcome.responseBody,
      });
      delivery.last_status = outcome.status;
      delivery.last_error = outcome.error;
      delivery.updated_at = end;
      if (outcome.ok) {
        delivery.status = "delivered";
        delivery.delivered_at = end;
        break;
      }
      if (!outcome.retryable) {
        delivery.status = "failed";
        break;
      }
      const delay = retryDelayMs(delivery.attempts, retryScheduleMs, random.next);
      if (delay === null) {
        delivery.status = "dead";
        break;
      }
      at = endMs + delay;
      delivery.next_attempt_at = new Date(at).toISOString();
    }
    deliveries.push(delivery);
  }
  return { deliveries, attempts };
}

function outageAt(outages: readonly Outage[], at: number): Outage | undefined {
  for (const outage of outages) if (at >= outage.from && at < outage.to) return outage;
  return undefined;
}

/** A spam lead's deliveries once the operator marked it: cancelled before they were sent. */
export function cancelledDeliveries(lead: { id: string; created_at: string }, targets: readonly DeliveryTarget[], markedAt: Date): DeliveryRow[] {
  return newDeliveries(lead, targets, new Date(lead.created_at)).map((queued) => ({
    ...queued,
    status: "cancelled" as const,
    attempts: 0,
    locked_until: null,
    last_status: null,
    last_error: null,
    delivered_at: null,
    updated_at: markedAt.toISOString(),
  }));
}
