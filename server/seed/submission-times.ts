import type { Random } from "./random";

const DAY_MS = 86_400_000;

/** Visitors' activity by hour of the day (US Eastern): quiet at night, busiest in the evening. */
const HOUR_WEIGHT = [0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.25, 0.45, 0.6, 0.7, 0.75, 0.8, 0.85, 0.8, 0.75, 0.75, 0.8, 0.85, 0.95, 1, 1, 0.9, 0.7, 0.45];
const WEEKEND_WEIGHT = 0.8;
const EASTERN_OFFSET_MS = -5 * 3_600_000;

/**
 * When `count` leads came in, oldest first, over the `days` before `nowMs`, busier in the evenings and
 * on weekdays. The newest is `nowMs` itself, so the console's first page shows leads of today.
 */
export function submissionTimes(random: Random, count: number, days: number, nowMs: number): Float64Array {
  const times = new Float64Array(count);
  const span = days * DAY_MS;
  for (let i = 0; i < count; ) {
    const t = nowMs - Math.floor(random.next() * span);
    const local = new Date(t + EASTERN_OFFSET_MS);
    const day = local.getUTCDay();
    const weight = HOUR_WEIGHT[local.getUTCHours()]! * (day === 0 || day === 6 ? WEEKEND_WEIGHT : 1);
    if (random.next() < weight) times[i++] = t;
  }
  times.sort();
  if (count > 0) times[count - 1] = nowMs;
  return times;
}
