import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueBuyerApiKey } from "../../server/distribution/buyers/buyer-api-key";
import { systemBuyerId } from "../../server/distribution/buyers/system-buyers";

const LEGAL_BRIDGE_ID = systemBuyerId("legal-bridge");
import { REVOCATION_ACCEPTED } from "../../server/http/revocation-route";
import { startApiApp } from "../support/api-app";
import { mvaAnswers } from "#claims/mva/examples";
import { markLeadSentTo } from "../support/sent-leads";

let api: Awaited<ReturnType<typeof startApiApp>>;
let key: string;
const auth = () => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0" });
  key = (await issueBuyerApiKey(api.db, LEGAL_BRIDGE_ID))!;
});
afterAll(() => api.close());

const revocations = () => api.db.selectFrom("revocations").selectAll().orderBy("created_at").execute();

describe("POST /api/revocations", () => {
  it("needs a buyer's key: none, a wrong one or a malformed one is 401 and changes nothing", async () => {
    const missing = await api.post("/api/revocations", { phone: "4155550134" });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect(await missing.json()).toEqual({ error: expect.stringContaining("API key is required") });
    for (const wrong of [`lpk_${"x".repeat(43)}`, "not-a-key"]) {
      const answer = await api.post("/api/revocations", { phone: "4155550134" }, { authorization: `Bearer ${wrong}` });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: expect.stringContaining("not valid") });
    }
    expect(await revocations()).toEqual([]);
  });

  it("revokes the person's leads as a buyer report and answers 202 alike whether or not anything matched", async () => {
    const lead = await api.post("/api/leads/mva", mvaAnswers({ ph: "(415) 555-0134", em: "pat@example.com" }));
    const { leadId } = (await lead.json()) as { leadId: string };
    // A buyer revokes only the leads it was sent (issue 25; buyer-api-protection.test.ts has the rest).
    await markLeadSentTo(api.db, leadId, LEGAL_BRIDGE_ID);
    // Between the lead's creation and now (issue 25).
    const revokedAt = new Date().toISOString();
    const known = await api.post("/api/revocations", { phone: "+1 (415) 555-0134", revokedAt }, auth());
    const unknown = await api.post("/api/revocations", { email: "nobody@example.com" }, { "x-api-key": key });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    const [knownText, unknownText] = [await known.text(), await unknown.text()];
    expect(knownText).toBe(unknownText);
    expect(unknownText).not.toContain("nobody");

    const leadRow = await api.db.selectFrom("leads").select(["revoked_at"]).where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(leadRow.revoked_at).toBe(revokedAt);
    const recorded = await revocations();
    expect(recorded.slice(-2).map((r) => [r.method, r.channel, r.buyer_id, Number(r.lead_count)])).toEqual([
      ["buyer report", "phone", LEGAL_BRIDGE_ID, 1],
      ["buyer report", "email", LEGAL_BRIDGE_ID, 0],
    ]);
  });

  it("takes a phone and an e-mail together", async () => {
    const answer = await api.post("/api/revocations", { phone: "212-555-0188", email: "Sam@Example.com" }, auth());
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ status: "accepted", message: REVOCATION_ACCEPTED });
  });

  it.each([
    [{}, "Send phone and/or email"],
    [{ phone: "555-0134" }, "10-digit US phone number"],
    [{ phone: "(115) 555-0134" }, "10-digit US phone number"],
    [{ email: "not an address" }, "e-mail address such as"],
    [{ email: "" }, "Enter the phone number or e-mail address"],
    [{ phone: 4155550134 }, "phone must be a string"],
    [{ phone: "4155550134", name: "Pat" }, "Unknown field: name"],
    [{ phone: "4155550134", revokedAt: "yesterday" }, "revokedAt must be an ISO 8601 time"],
    [{ phone: "4155550134", revokedAt: "2999-01-01T00:00:00Z" }, "revokedAt is in the future"],
    [[], "The body must be a JSON object"],
    ["null", "The body must be a JSON object"],
  ])("refuses %j with a clear 400", async (body, message) => {
    const answer = await api.post("/api/revocations", body, auth());
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toContain(message);
  });

  it("refuses malformed JSON, another content type and other methods with a 4xx", async () => {
    expect((await api.post("/api/revocations", "{", auth())).status).toBe(400);
    expect((await api.post("/api/revocations", "phone=4155550134", { ...auth(), "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    const get = await fetch(`${api.url}/api/revocations`, { headers: auth() });
    expect(get.status).toBe(405);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as { paths: Record<string, { post?: { security?: unknown } }> };
    expect(doc.paths["/api/revocations"]?.post?.security).toEqual([{ buyerApiKey: [] }]);
  });
});
