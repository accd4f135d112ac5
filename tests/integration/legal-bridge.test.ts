import { describe, expect, it } from "vitest";
import type { Selectable } from "kysely";
import type { LeadsTable } from "../../server/db/schema";
import { AFFF_LEGAL_BRIDGE } from "#claims/afff/definition";
import type { PartnerDelivery } from "#claims/engine/types";
import type { PartnerEndpoint } from "../../server/config";
import { partnerRequest, sendToPartner } from "../../server/distribution/delivery/partner-sender";
import { startFakeReceiver } from "../support/fake-receiver";

const SPEC_FIELDS = [
  "Format", "Key", "API_Action", "TYPE", "IP_Address", "SRC", "Landing_Page", "Sub_ID", "Pub_ID", "First_Name", "Last_Name",
  "Phone", "Email", "State", "Zip", "TCPA", "User_Agent", "Already_Represented", "Diagnosis", "Case_Notes", "xxTrustedFormCerturl",
];

function afffLead(): Selectable<LeadsTable> {
  const formData = {
    fullName: "Sam Rivera",
    SRC: "web_form",
    Format: "JSON",
    API_Action: "submitLead",
    TYPE: "75",
    IP_Address: "203.0.113.9",
    Landing_Page: "https://claims.example/afff-firefoam-claim",
    Sub_ID: "12",
    Pub_ID: "12345",
    Zip: "10001",
    TCPA: "Yes",
    User_Agent: "PartnerTest/1.0",
    Already_Represented: "no",
    Diagnosis: "kidney-cancer",
    Case_Notes: "Age 20-80: yes; exposed: yes; locations: fire-department",
    xxTrustedFormCerturl: "https://claims.example/verify-trustedforms-pro?cert=tfp_1_abc",
  };
  return {
    id: "lead-1", created_at: "2026-11-22T00:00:00.000Z", case_type: "AFFF", fn: "Sam", ln: "Rivera", em: "sam@example.com",
    ph: "2125550188", st: "NY", accident_date: null, cq1: "yes", cq2: "yes", cq3: "fire-department", cq4: "kidney-cancer",
    cq5: null, cq6: null, cq7: null, cq8: null, cq9: null, cq10: null, notes: null, tcpa: 1, is_eligible: null,
    is_not_eligible: null, eligibility_reason: null, source: "web_form", user_ip: "203.0.113.9", user_agent: "PartnerTest/1.0",
    form_data: JSON.stringify(formData), attribution: null, certificate_id: null, submission_key: "k", submission_sha256: "s",
    is_spam: 0, language: "en", buyer_status: null, revoked_at: null, revocation_id: null, webhook_sent: 0, webhook_sent_at: null, webhook_error: null, outcome: "none", fn_search: "sam", phone_digits_reversed: "8810555212",
    ln_search: "rivera", em_search: "sam@example.com", phone_digits: "2125550188", utm_source: null, utm_campaign: null,
    phone_e164: "+12125550188", email_normalized: "sam@example.com", duplicate_of: null, low_quality: null, held_reason: null, supplier_id: null, supplier_payout_cents: null, experiment_variant: null, claim_version: null,
  };
}

const partnerConfig = (url: string, apiKey: string | undefined): PartnerEndpoint => ({
  name: "Legal Bridge",
  url,
  apiKey,
  settings: ["LEGAL_BRIDGE_URL", "LEGAL_BRIDGE_API_KEY"],
});
const sendToLegalBridge = (lead: Selectable<LeadsTable>, endpoint: PartnerEndpoint, timeoutMs: number) =>
  sendToPartner(endpoint, partnerRequest(lead, AFFF_LEGAL_BRIDGE), timeoutMs);
const MISSING_KEY = "Legal Bridge API key not configured";

async function formFields(body: string, contentType: string) {
  const form = await new Request("http://x", { method: "POST", body, headers: { "content-type": contentType } }).formData();
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
}

describe("Legal Bridge partner delivery (AFFF), through the generic partner sender", () => {
  it("posts a multipart form with every field of spec section 7 and the key from configuration", async () => {
    const partner = await startFakeReceiver({ status: 200, json: { status: "Success", lead_id: "p-1" } });
    try {
      const result = await sendToLegalBridge(afffLead(), partnerConfig(partner.url, "secret-key"), 2000);
      expect(result).toMatchObject({ ok: true, status: 200, error: null });
      const [request] = partner.received;
      expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      const fields = await formFields(request!.body, String(request!.headers["content-type"]));
      expect(Object.keys(fields).sort()).toEqual([...SPEC_FIELDS].sort());
      expect(fields).toMatchObject({
        Key: "secret-key", SRC: "web_form", TYPE: "75", Sub_ID: "12", Pub_ID: "12345", Zip: "10001", Format: "JSON",
        API_Action: "submitLead", First_Name: "Sam", Last_Name: "Rivera", Phone: "2125550188", Email: "sam@example.com",
        State: "NY", TCPA: "Yes", IP_Address: "203.0.113.9", Diagnosis: "kidney-cancer",
        xxTrustedFormCerturl: "https://claims.example/verify-trustedforms-pro?cert=tfp_1_abc",
      });
    } finally {
      await partner.close();
    }
  });

  it("fails without sending when the API key is missing, and the failure is retried", async () => {
    const partner = await startFakeReceiver("ok");
    try {
      const result = await sendToLegalBridge(afffLead(), partnerConfig(partner.url, undefined), 2000);
      expect(result).toMatchObject({ ok: false, error: MISSING_KEY, retryable: true });
      expect(partner.received).toHaveLength(0);
    } finally {
      await partner.close();
    }
  });

  it("fails for good with the partner's error when its answer has status 'Error' (a rejection routing moves on from)", async () => {
    const partner = await startFakeReceiver({ status: 200, json: { status: "Error", error: "Duplicate lead" } });
    try {
      const result = await sendToLegalBridge(afffLead(), partnerConfig(partner.url, "secret-key"), 2000);
      expect(result).toMatchObject({ ok: false, status: 200, error: "Duplicate lead", retryable: false });
    } finally {
      await partner.close();
    }
  });
});

describe("the partner sender knows no partner", () => {
  const acme: PartnerDelivery<{ colour: string }> = {
    partner: "legal-bridge",
    format: "json",
    fields: { name: "fn", shade: (a) => a.colour.toUpperCase(), token: { apiKey: true }, channel: { value: "web" } },
    rejection: { field: "result", value: "rejected", messageField: "reason" },
  };
  const lead = () => ({ ...afffLead(), form_data: JSON.stringify({ colour: "teal" }) });
  const acmeEndpoint = (url: string): PartnerEndpoint => ({ name: "Acme", url, apiKey: "acme-key", settings: [] });

  it("posts JSON in the mapping's order, computing fields the record does not hold from the stored row", async () => {
    const partner = await startFakeReceiver({ status: 200, json: { result: "accepted" } });
    try {
      const result = await sendToPartner(acmeEndpoint(partner.url), partnerRequest(lead(), acme as PartnerDelivery), 2000);
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(partner.received[0]!.headers["content-type"]).toBe("application/json");
      expect(partner.received[0]!.body).toBe('{"name":"Sam","shade":"TEAL","token":"acme-key","channel":"web"}');
    } finally {
      await partner.close();
    }
  });

  it("reads the partner's own rejection, and names the partner when its key is missing", async () => {
    const partner = await startFakeReceiver({ status: 200, json: { result: "rejected", reason: "Out of area" } });
    try {
      const request = partnerRequest(lead(), acme as PartnerDelivery);
      expect(await sendToPartner(acmeEndpoint(partner.url), request, 2000)).toMatchObject({ ok: false, error: "Out of area" });
      expect(await sendToPartner({ ...acmeEndpoint(partner.url), apiKey: undefined }, request, 2000)).toMatchObject({
        ok: false,
        error: "Acme API key not configured",
      });
      expect(partner.received).toHaveLength(1);
    } finally {
      await partner.close();
    }
  });
});
