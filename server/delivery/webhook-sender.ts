import { attempt, type AttemptResult } from "./http-send";
import { signWebhook } from "./signature";

/** POSTs a JSON payload signed the Standard Webhooks way; `messageId` stays the same across retries. */
export function sendSignedWebhook(opts: {
  url: string;
  secret: string;
  messageId: string;
  payload: unknown;
  timeoutMs: number;
  now?: Date;
}): Promise<AttemptResult> {
  const body = JSON.stringify(opts.payload);
  const timestamp = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  return attempt(
    opts.url,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "claim-intake-webhooks/1.0",
        "webhook-id": opts.messageId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhook(opts.secret, opts.messageId, timestamp, body),
      },
      body,
    },
    opts.timeoutMs,
  );
}
