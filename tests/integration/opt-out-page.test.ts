import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, OPT_OUT_DONE } from "../../app/routes/opt-out";
import { OPT_OUT_RATE_LIMITED } from "../../server/revocations/revocation-service";
import { EMAIL_INVALID, CONTACT_REQUIRED, PHONE_INVALID } from "../../server/contacts/person-contact";
import { mvaAnswers } from "#claims/mva/examples";
import { answerOf, formPost, routeArgs, settled, startRouteServices } from "../support/load-context";

let app: Awaited<ReturnType<typeof startRouteServices>>;

beforeAll(async () => {
  app = await startRouteServices({ OPT_OUT_RATE_LIMIT_PER_HOUR: "4" });
});
afterAll(() => app.close());

const post = async (fields: Record<string, string>, ip = "203.0.113.50") =>
  answerOf(await action(routeArgs(formPost("/opt-out", fields), app.context({ ip }))));

async function submitLead(ph: string) {
  const result = await app.services.leads.submit("mva", mvaAnswers({ ph }), { ip: "198.51.100.9", userAgent: "Test", pageUrl: null, attribution: null });
  if (result.status !== "created") throw new Error(result.status);
  return result.leadId;
}
const revokedAt = async (leadId: string) =>
  (await app.db.selectFrom("leads").select("revoked_at").where("id", "=", leadId).executeTakeFirstOrThrow()).revoked_at;

describe("/opt-out", () => {
  it("shows the value to confirm first, and changes nothing until it is confirmed", async () => {
    const leadId = await submitLead("(415) 555-0134");
    const review = await post({ intent: "review", contact: "+1 415.555.0134" });
    expect(review).toMatchObject({ status: 200, data: { step: "confirm", value: "+1 415.555.0134", shown: "(415) 555-0134" } });
    expect(await revokedAt(leadId)).toBeNull();
    expect(await app.db.selectFrom("revocations").select("id").execute()).toEqual([]);

    const done = await post({ intent: "confirm", contact: "+1 415.555.0134" });
    expect(done).toMatchObject({ status: 200, data: { step: "done" } });
    expect(await revokedAt(leadId)).not.toBeNull();
    expect(await app.db.selectFrom("revocations").select(["method", "channel"]).execute()).toEqual([{ method: "opt-out page", channel: "phone" }]);
  });

  it("answers a known and an unknown person with the same status and data", async () => {
    await submitLead("(212) 555-0188");
    const known = await post({ intent: "confirm", contact: "212 555 0188" }, "203.0.113.51");
    const unknown = await post({ intent: "confirm", contact: "(917) 555-0100" }, "203.0.113.51");
    const unknownEmail = await post({ intent: "confirm", contact: "nobody@example.com" }, "203.0.113.51");
    expect(known).toEqual(unknown);
    expect(known).toEqual(unknownEmail);
    expect(known.data).toEqual({ step: "done" });
    expect(OPT_OUT_DONE).not.toMatch(/found|no record|not in/i);
  });

  it.each([
    ["", CONTACT_REQUIRED],
    ["   ", CONTACT_REQUIRED],
    ["555-0134", PHONE_INVALID],
    ["call me", PHONE_INVALID],
    ["pat@", EMAIL_INVALID],
  ])("refuses %j with a message at both steps", async (value, message) => {
    for (const intent of ["review", "confirm"]) {
      expect(await post({ intent, contact: value }, "203.0.113.52")).toMatchObject({ status: 400, data: { step: "enter", error: message } });
    }
  });

  it("takes a missing field as empty and a broken body as a 400", async () => {
    expect(await post({ intent: "review" })).toMatchObject({ status: 400, data: { error: CONTACT_REQUIRED } });
    const broken = new Request("https://claims.example/opt-out", { method: "POST", body: "--x\r\n", headers: { "content-type": "multipart/form-data; boundary=y" } });
    expect((await settled(Promise.resolve().then(() => action(routeArgs(broken, app.context()))))).status).toBe(400);
  });

  it("limits confirmations per IP with a 429 and a clear message", async () => {
    for (let i = 0; i < 4; i++) expect((await post({ intent: "confirm", contact: "(646) 555-0123" }, "203.0.113.60")).status).toBe(200);
    expect(await post({ intent: "confirm", contact: "(646) 555-0123" }, "203.0.113.60")).toMatchObject({ status: 429, data: { error: OPT_OUT_RATE_LIMITED } });
    // Reviewing changes nothing, so it is not limited.
    expect((await post({ intent: "review", contact: "(646) 555-0123" }, "203.0.113.60")).status).toBe(200);
  });
});
