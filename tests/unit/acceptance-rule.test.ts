import { describe, expect, it } from "vitest";
import {
  acceptanceRuleSchema,
  DEFAULT_ACCEPTANCE_RULE,
  evaluateAcceptance,
  type AcceptanceRule,
} from "../../server/distribution/routing/acceptance-rule";

/** Legal Bridge answers 200 and says in the body whether it took the lead. */
const legalBridge: AcceptanceRule = { conditions: [{ field: "status", equals: "Error", means: "rejected", reasonField: "message" }] };
/** A buyer that says what success looks like; anything else it answers is a rejection. */
const successOnly: AcceptanceRule = {
  conditions: [
    { field: "result.status", equals: "ok", means: "accepted" },
    { field: "result.status", equals: "duplicate", means: "rejected", reasonField: "result.errors.0.detail" },
  ],
};

describe("evaluateAcceptance", () => {
  it.each([
    { name: "default: 200", rule: DEFAULT_ACCEPTANCE_RULE, status: 200, body: "", verdict: { accepted: true } },
    { name: "default: 204", rule: undefined, status: 204, body: "", verdict: { accepted: true } },
    { name: "default: 299", rule: null, status: 299, body: "", verdict: { accepted: true } },
    { name: "default: 302 is not a 2xx", rule: null, status: 302, body: "", verdict: { accepted: false, reason: "HTTP 302" } },
    { name: "default: 400", rule: null, status: 400, body: '{"message":"Bad phone"}', verdict: { accepted: false, reason: "HTTP 400" } },
    { name: "default: 503", rule: null, status: 503, body: "Service Unavailable", verdict: { accepted: false, reason: "HTTP 503" } },
    { name: "default: 199", rule: null, status: 199, body: "", verdict: { accepted: false, reason: "HTTP 199" } },

    { name: "Legal Bridge: an error with its message", rule: legalBridge, status: 200, body: '{"status":"Error","message":"Duplicate lead"}', verdict: { accepted: false, reason: "Duplicate lead" } },
    { name: "Legal Bridge: a success", rule: legalBridge, status: 200, body: '{"status":"Success","lead_id":"123"}', verdict: { accepted: true } },
    { name: "Legal Bridge: an error with no message", rule: legalBridge, status: 200, body: '{"status":"Error"}', verdict: { accepted: false, reason: 'status = "Error"' } },
    { name: "Legal Bridge: an error with an empty message", rule: legalBridge, status: 200, body: '{"status":"Error","message":"  "}', verdict: { accepted: false, reason: 'status = "Error"' } },
    { name: "Legal Bridge: an error whose message is an object", rule: legalBridge, status: 200, body: '{"status":"Error","message":{"code":7}}', verdict: { accepted: false, reason: 'status = "Error"' } },
    { name: "Legal Bridge: an error with a numeric message", rule: legalBridge, status: 200, body: '{"status":"Error","message":409}', verdict: { accepted: false, reason: "409" } },
    { name: "Legal Bridge: comparison is exact, 'error' is not 'Error'", rule: legalBridge, status: 200, body: '{"status":"error","message":"x"}', verdict: { accepted: true } },
    { name: "Legal Bridge: a 500 is rejected by status whatever the body", rule: legalBridge, status: 500, body: '{"status":"Success"}', verdict: { accepted: false, reason: "HTTP 500" } },
    { name: "Legal Bridge: an HTML 200 is judged by its status", rule: legalBridge, status: 200, body: "<html>Thanks</html>", verdict: { accepted: true } },
    { name: "Legal Bridge: an empty 200 is judged by its status", rule: legalBridge, status: 200, body: "", verdict: { accepted: true } },
    { name: "Legal Bridge: a JSON array has no status field", rule: legalBridge, status: 200, body: '["Error"]', verdict: { accepted: true } },

    { name: "success rule: matched", rule: successOnly, status: 200, body: '{"result":{"status":"ok"}}', verdict: { accepted: true } },
    { name: "success rule: a rejection with a nested reason", rule: successOnly, status: 201, body: '{"result":{"status":"duplicate","errors":[{"detail":"Seen 2026-06-01"}]}}', verdict: { accepted: false, reason: "Seen 2026-06-01" } },
    { name: "success rule: neither matched", rule: successOnly, status: 200, body: '{"result":{"status":"pending"}}', verdict: { accepted: false, reason: 'The answer did not say result.status = "ok"' } },
    { name: "success rule: the field missing", rule: successOnly, status: 200, body: '{"ok":true}', verdict: { accepted: false, reason: 'The answer did not say result.status = "ok"' } },
    { name: "success rule: not JSON, judged by its status", rule: successOnly, status: 200, body: "OK", verdict: { accepted: true } },
  ])("$name", ({ rule, status, body, verdict }) => {
    expect(evaluateAcceptance(rule, status, body)).toEqual(verdict);
  });

  it("expresses today's AFFF partner rejection (claims/afff/definition.ts), whose message is in `error`", () => {
    const afff: AcceptanceRule = { conditions: [{ field: "status", equals: "Error", means: "rejected", reasonField: "error" }] };
    expect(evaluateAcceptance(afff, 200, '{"status":"Error","error":"Duplicate lead"}')).toEqual({ accepted: false, reason: "Duplicate lead" });
  });

  it("the first matching condition decides", () => {
    const rule: AcceptanceRule = {
      conditions: [
        { field: "code", equals: 0, means: "accepted" },
        { field: "ok", equals: false, means: "rejected", reasonField: "why" },
      ],
    };
    expect(evaluateAcceptance(rule, 200, '{"code":0,"ok":false,"why":"late"}')).toEqual({ accepted: true });
    expect(evaluateAcceptance(rule, 200, '{"code":"0","ok":false,"why":"late"}')).toEqual({ accepted: false, reason: "late" });
    expect(evaluateAcceptance(rule, 200, '{"code":1,"accepted":null}')).toEqual({ accepted: false, reason: "The answer did not say code = 0" });
  });

  it("matches null and booleans exactly, and a field present as null differs from one missing", () => {
    const rule: AcceptanceRule = { conditions: [{ field: "error", equals: null, means: "accepted" }] };
    expect(evaluateAcceptance(rule, 200, '{"error":null}')).toEqual({ accepted: true });
    expect(evaluateAcceptance(rule, 200, "{}")).toMatchObject({ accepted: false });
  });

  it("reads own fields only, never the object prototype", () => {
    const rule: AcceptanceRule = { conditions: [{ field: "constructor.name", equals: "Object", means: "rejected" }] };
    expect(evaluateAcceptance(rule, 200, "{}")).toEqual({ accepted: true });
  });

  it("shortens a long reason", () => {
    const verdict = evaluateAcceptance(legalBridge, 200, JSON.stringify({ status: "Error", message: "x".repeat(5000) }));
    expect(verdict.accepted).toBe(false);
    expect(!verdict.accepted && verdict.reason.length).toBe(300);
  });
});

describe("the acceptance rule's schema", () => {
  it("defaults to no conditions: any 2xx is accepted", () => {
    expect(acceptanceRuleSchema.parse({})).toEqual(DEFAULT_ACCEPTANCE_RULE);
  });

  it("takes Legal Bridge's rule as written", () => {
    expect(acceptanceRuleSchema.parse(legalBridge)).toEqual(legalBridge);
  });

  it.each([
    { name: "an empty field", rule: { conditions: [{ field: "", equals: "Error", means: "rejected" }] } },
    { name: "a field with an empty segment", rule: { conditions: [{ field: "result..status", equals: "x", means: "rejected" }] } },
    { name: "a field ending in a dot", rule: { conditions: [{ field: "status.", equals: "x", means: "rejected" }] } },
    { name: "an unknown meaning", rule: { conditions: [{ field: "status", equals: "x", means: "maybe" }] } },
    { name: "an object to compare with", rule: { conditions: [{ field: "status", equals: { a: 1 }, means: "rejected" }] } },
    { name: "no value to compare with", rule: { conditions: [{ field: "status", means: "rejected" }] } },
    { name: "an empty reason field", rule: { conditions: [{ field: "status", equals: "x", means: "rejected", reasonField: "" }] } },
  ])("refuses $name", ({ rule }) => {
    expect(acceptanceRuleSchema.safeParse(rule).success).toBe(false);
  });
});
