import { isRetryable } from "./retry-policy";

/** One delivery attempt, reduced to what the outbox needs to know. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  retryable: boolean;
  durationMs: number;
  /** The start of the receiver's answer (RESPONSE_EXCERPT_BYTES), for the operator to read. */
  responseBody: string | null;
}

export const RESPONSE_EXCERPT_BYTES = 2048;
/** A 2xx answer that `readError` inspects is read this far; receivers answer leads in a few hundred bytes. */
const MAX_INSPECTED_BYTES = 64 * 1024;

/**
 * Sends one request with a timeout. `readError` may inspect a 2xx answer's text and name an error in
 * it (a partner that answers 200 with `status: 'Error'`); such errors are retried like any failure.
 */
export async function attempt(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  readError?: (body: string) => string | null,
): Promise<AttemptResult> {
  const started = performance.now();
  let responseBody: string | null = null;
  const result = (ok: boolean, status: number | null, error: string | null, retryable: boolean): AttemptResult => ({
    ok,
    status,
    error,
    retryable,
    durationMs: Math.round(performance.now() - started),
    responseBody,
  });
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    const text = await readText(response, readError && response.ok ? MAX_INSPECTED_BYTES : RESPONSE_EXCERPT_BYTES);
    responseBody = excerpt(text);
    if (!response.ok) return result(false, response.status, `HTTP ${response.status}`, isRetryable(response.status));
    const problem = readError ? readError(text) : null;
    return problem ? result(false, response.status, problem, true) : result(true, response.status, null, false);
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    return result(false, null, timedOut ? "Request timeout" : networkMessage(error), true);
  }
}

/** A failure that happens before any request is made (e.g. missing configuration): retried later. */
export function notSent(error: string): AttemptResult {
  return { ok: false, status: null, error, retryable: true, durationMs: 0, responseBody: null };
}

/** Reads at most `maxBytes` of the body as UTF-8 and drops the rest unread. */
async function readText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      const chunk = value.subarray(0, maxBytes - bytes);
      bytes += chunk.length;
      text += decoder.decode(chunk, { stream: true });
    }
    return text + decoder.decode();
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function excerpt(text: string): string | null {
  if (!text) return null;
  const bytes = Buffer.from(text);
  return bytes.length <= RESPONSE_EXCERPT_BYTES ? text : new TextDecoder().decode(bytes.subarray(0, RESPONSE_EXCERPT_BYTES));
}

function networkMessage(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `Network error: ${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
}
