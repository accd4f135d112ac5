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
/** The error of an attempt that got no whole answer in time (its own timeout, or the caller's signal). */
export const REQUEST_TIMEOUT = "Request timeout";
/** A 2xx answer that `readError` inspects is read this far; receivers answer leads in a few hundred bytes. */
const MAX_INSPECTED_BYTES = 64 * 1024;

/**
 * Sends one request with a timeout. `readError` may inspect a 2xx answer's text and name an error in
 * it (a partner that answers 200 with `status: 'Error'`); such errors are retried like any failure.
 * A signal in `init` ends the request early too (an auction's deadline shared by all its pings), and
 * counts as a timeout.
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
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const response = await fetch(url, { ...init, redirect: "manual", signal });
    const body = await readBody(response, readError && response.ok ? MAX_INSPECTED_BYTES : RESPONSE_EXCERPT_BYTES);
    responseBody = excerpt(body);
    if (!response.ok) return result(false, response.status, `HTTP ${response.status}`, isRetryable(response.status));
    const problem = readError ? readError(new TextDecoder().decode(body)) : null;
    return problem ? result(false, response.status, problem, true) : result(true, response.status, null, false);
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    return result(false, null, timedOut ? REQUEST_TIMEOUT : networkMessage(error), true);
  }
}

/** A failure that happens before any request is made (e.g. missing configuration): retried later. */
export function notSent(error: string): AttemptResult {
  return { ok: false, status: null, error, retryable: true, durationMs: 0, responseBody: null };
}

/** Reads at most `maxBytes` of the body and drops the rest unread. */
async function readBody(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = value.subarray(0, maxBytes - bytes);
      chunks.push(chunk);
      bytes += chunk.length;
    }
    return Buffer.concat(chunks);
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * The start of the body as text, for the operator: at most RESPONSE_EXCERPT_BYTES of UTF-8, whole
 * characters only (a character the limit cuts in two is left out, not turned into U+FFFD).
 */
function excerpt(body: Buffer): string | null {
  const text = new TextDecoder().decode(wholeCharacters(body.subarray(0, RESPONSE_EXCERPT_BYTES)));
  return text ? withinBytes(text, RESPONSE_EXCERPT_BYTES) : null;
}

/** `bytes` without the UTF-8 character its end cuts in two, if it does. */
function wholeCharacters(bytes: Buffer): Buffer {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for the character's first
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.subarray(0, bytes.length - back) : bytes;
  }
  return bytes;
}

/** The longest start of `text` of at most `maxBytes` in UTF-8 (a body that is not UTF-8 decodes to 3-byte U+FFFDs). */
function withinBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

function networkMessage(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `Network error: ${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
}
