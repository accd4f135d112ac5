import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signing: HMAC-SHA256 over `${id}.${timestamp}.${body}` with the secret's key
 * (the base64 after 'whsec_'), sent as `webhook-signature: v1,<base64>`.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** What a receiver does: recompute and compare each signature in the header, in constant time. */
export function verifyWebhook(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string): boolean {
  const expected = Buffer.from(signWebhook(secret, headers.id, Number(headers.timestamp), body));
  return headers.signature
    .split(" ")
    .map((candidate) => Buffer.from(candidate))
    .some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
}
