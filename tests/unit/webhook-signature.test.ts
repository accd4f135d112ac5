import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook } from "../../server/distribution/delivery/signature";

/**
 * The known-answer vector of the Standard Webhooks reference library (standard-webhooks/standard-webhooks,
 * libraries/javascript/src/webhook.test.ts, 'sign function works').
 */
const VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  msgId: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("Standard Webhooks signatures", () => {
  it("produce the specification's known answer exactly", () => {
    expect(signWebhook(VECTOR.secret, VECTOR.msgId, VECTOR.timestamp, VECTOR.payload)).toBe(VECTOR.signature);
  });

  it("agree with the official library, which verifies ours", () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const body = '{"leadId":"l-1","fn":"Jane"}';
    const signature = signWebhook(VECTOR.secret, "msg_1", timestamp, body);
    const wh = new Webhook(VECTOR.secret);
    expect(wh.sign("msg_1", new Date(timestamp * 1000), body)).toBe(signature);
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(timestamp), "webhook-signature": signature };
    expect(wh.verify(body, headers)).toEqual({ leadId: "l-1", fn: "Jane" });
    expect(() => wh.verify(body.replace("Jane", "Joan"), headers)).toThrow(WebhookVerificationError);
  });

  it("our receiver-side check accepts any of several signatures and rejects a changed body", () => {
    const headers = { id: VECTOR.msgId, timestamp: String(VECTOR.timestamp), signature: `v1,bm90IGl0 ${VECTOR.signature}` };
    expect(verifyWebhook(VECTOR.secret, headers, VECTOR.payload)).toBe(true);
    expect(verifyWebhook(VECTOR.secret, headers, '{"test": 2432232315}')).toBe(false);
  });
});
