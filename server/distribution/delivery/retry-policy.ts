/** Which answers are worth trying again, and when. */

/** Network errors and timeouts (no status), 408, 429 and 5xx are retried; other 4xx are final. */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

/** The wait before attempt `attempts + 1`, with ±10% jitter; null once the schedule is used up. */
export function retryDelayMs(attempts: number, scheduleMs: readonly number[], random: () => number = Math.random): number | null {
  const base = scheduleMs[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random()));
}
