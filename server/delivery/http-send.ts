import { isRetryable } from "./retry-policy";

/** One delivery attempt, reduced to what the outbox needs to know. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  retryable: boolean;
  durationMs: number;
}

/**
 * Sends one request with a timeout. `readError` may inspect a 2xx answer and name an error in it
 * (a partner that answers 200 with `status: 'Error'`); such errors are retried like any failure.
 */
export async function attempt(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  readError?: (response: Response) => Promise<string | null>,
): Promise<AttemptResult> {
  const started = performance.now();
  const result = (ok: boolean, status: number | null, error: string | null, retryable: boolean): AttemptResult => ({
    ok,
    status,
    error,
    retryable,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      return result(false, response.status, `HTTP ${response.status}`, isRetryable(response.status));
    }
    const problem = readError ? await readError(response) : (await response.body?.cancel(), null);
    return problem ? result(false, response.status, problem, true) : result(true, response.status, null, false);
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    return result(false, null, timedOut ? "Request timeout" : networkMessage(error), true);
  }
}

/** A failure that happens before any request is made (e.g. missing configuration): retried later. */
export function notSent(error: string): AttemptResult {
  return { ok: false, status: null, error, retryable: true, durationMs: 0 };
}

function networkMessage(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `Network error: ${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
}
