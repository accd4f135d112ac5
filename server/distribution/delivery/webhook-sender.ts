import { attempt, type AttemptResult } from "./http-send";
import { signWebhook } from "./signature";

interface SignedWebhook {
  secret: string;
  messageId: string;
  payload: unknown;
  now?: Date;
}

/** A POST of a JSON payload signed the Standard Webhooks way; `messageId` stays the same across retries. */
export function signedWebhookRequest(opts: SignedWebhook): RequestInit {
  const body = JSON.stringify(opts.payload);
  const timestamp = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "claim-intake-webhooks/1.0",
      "webhook-id": opts.messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(opts.secret, opts.messageId, timestamp, body),
    },
    body,
  };
}

/** POSTs a signed webhook (signedWebhookRequest) to `url`. */
export function sendSignedWebhook(opts: SignedWebhook & { url: string; timeoutMs: number }): Promise<AttemptResult> {
  return attempt(opts.url, signedWebhookRequest(opts), opts.timeoutMs);
}
