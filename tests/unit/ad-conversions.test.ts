import { describe, expect, it } from "vitest";
import { claims } from "#claims/registry";
import type { ConversionFacts } from "../../server/conversions/conversion-facts";
import { clickIdOf } from "../../server/conversions/conversion-queue";
import { googleDateTime, googlePartialFailure, googleRequest, type GoogleTarget } from "../../server/conversions/google-ads";
import { googleEmail, googlePhone, hashedIdentifiers, metaEmail, metaPhone, sha256Hex } from "../../server/conversions/identifiers";
import { metaFbc, metaRequest } from "../../server/conversions/meta-capi";
import { GOOGLE_FIELDS, leaves, META_EVENT_NAMES, META_FIELDS, TELLING_WORDS } from "../support/ad-conversion-fields";

const target: GoogleTarget = { customerId: "1234567890", loginCustomerId: null, submittedActionId: "111", soldActionId: "222", testMode: false };

function facts(kind: ConversionFacts["kind"], more: Partial<ConversionFacts> = {}): ConversionFacts {
  return {
    eventId: "0b6c5c1e-0000-4000-8000-000000000001",
    kind,
    leadId: "5f0e7f7a-0000-4000-8000-000000000002",
    at: new Date("2026-11-27T10:15:30.123Z"),
    gclid: "Cj0KCQiA-gclid",
    fbclid: "IwAR-fbclid",
    fbclidSeenAt: new Date("2026-11-27T10:00:00.000Z"),
    email: " Jane.Doe@GMail.com ",
    phoneE164: "+14155550134",
    userAgent: "Mozilla/5.0",
    ip: "203.0.113.9",
    saleId: kind === "submitted" ? null : "9a1d2c3b-0000-4000-8000-000000000003",
    valueCents: kind === "submitted" ? null : 12_345,
    ...more,
  };
}

describe("identifiers, normalised and hashed as each platform documents", () => {
  it("hashes with SHA-256 as lower-case hex (known answers computed outside Node)", () => {
    // Published in the Conversions API docs of Snap and Meta: person@example.com.
    expect(sha256Hex("person@example.com")).toBe("542d240129883c019e106e3b1b2d3f3cb3537c43c425364de8e951d5a3083345");
    expect(sha256Hex("+14155550134")).toBe("e80ac8e3eca883c7344a609f3532e3f70365f5c1facd204f88f5d2c7caebac38");
    expect(sha256Hex("14155550134")).toBe("e4df23eae17fd7b23181d75ca8503ed89f92dc8e84c26f8c5aab970a950d48b3");
  });

  it("normalises e-mails for Google: trimmed, lower case, and the dots of a gmail.com or googlemail.com name removed", () => {
    expect(googleEmail(" Jane.Doe@GMail.com ")).toBe("janedoe@gmail.com");
    expect(googleEmail("j.a.n.e@googlemail.com")).toBe("jane@googlemail.com");
    expect(googleEmail("Jane.Doe@Example.com")).toBe("jane.doe@example.com");
    expect(googleEmail("jane+ads@gmail.com")).toBe("jane+ads@gmail.com");
    expect(hashedIdentifiers("google", { email: " Jane.Doe@GMail.com ", phoneE164: "+14155550134" })).toEqual({
      email: "d6117306485ed0e50afab3ac871e98f81699151f30281527d63ff5f233656c69",
      phone: "e80ac8e3eca883c7344a609f3532e3f70365f5c1facd204f88f5d2c7caebac38",
    });
  });

  it("normalises for Meta: e-mail trimmed and lower case (dots kept), phone as digits with the country code", () => {
    expect(metaEmail(" Person@Example.com ")).toBe("person@example.com");
    expect(metaEmail("Jane.Doe@GMail.com")).toBe("jane.doe@gmail.com");
    expect(metaPhone("+14155550134")).toBe("14155550134");
    expect(hashedIdentifiers("meta", { email: " Person@Example.com", phoneE164: "+14155550134" })).toEqual({
      email: "542d240129883c019e106e3b1b2d3f3cb3537c43c425364de8e951d5a3083345",
      phone: "e4df23eae17fd7b23181d75ca8503ed89f92dc8e84c26f8c5aab970a950d48b3",
    });
  });

  it("leaves out what is missing or not a number", () => {
    expect(googlePhone("4155550134")).toBeNull();
    expect(metaPhone("12")).toBeNull();
    expect(hashedIdentifiers("google", { email: "  ", phoneE164: null })).toEqual({ email: null, phone: null });
  });

  it("reads the click id from the stored first touch only", () => {
    expect(clickIdOf(JSON.stringify({ gclid: "abc", utm_source: "google" }), "google")).toBe("abc");
    expect(clickIdOf(JSON.stringify({ utm_source: "gclid" }), "google")).toBeNull();
    expect(clickIdOf("not json", "meta")).toBeNull();
  });
});

describe("the documented request shapes", () => {
  it("writes Google's date time as yyyy-mm-dd hh:mm:ss+hh:mm", () => {
    expect(googleDateTime(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02 03:04:05+00:00");
  });

  it("uploads a sold lead as a click conversion keyed by gclid, with hashed identifiers, its value in dollars and the sale as order id", () => {
    const request = googleRequest({ ...target, testMode: true }, facts("sold"))!;
    expect(request.path).toBe("/v26/customers/1234567890:uploadClickConversions");
    expect(request.body).toEqual({
      conversions: [
        {
          conversionAction: "customers/1234567890/conversionActions/222",
          conversionDateTime: "2026-11-27 10:15:30+00:00",
          gclid: "Cj0KCQiA-gclid",
          userIdentifiers: [
            { hashedEmail: "d6117306485ed0e50afab3ac871e98f81699151f30281527d63ff5f233656c69" },
            { hashedPhoneNumber: "e80ac8e3eca883c7344a609f3532e3f70365f5c1facd204f88f5d2c7caebac38" },
          ],
          orderId: "9a1d2c3b-0000-4000-8000-000000000003",
          conversionValue: 123.45,
          currencyCode: "USD",
        },
      ],
      partialFailure: true,
      validateOnly: true,
    });
  });

  it("retracts a sale returned in full and restates one returned in part, by its order id", () => {
    const retraction = googleRequest(target, facts("returned", { valueCents: 0 }))!;
    expect(retraction.path).toBe("/v26/customers/1234567890:uploadConversionAdjustments");
    expect(retraction.body.conversionAdjustments).toEqual([
      { conversionAction: "customers/1234567890/conversionActions/222", adjustmentType: "RETRACTION", adjustmentDateTime: "2026-11-27 10:15:30+00:00", orderId: "9a1d2c3b-0000-4000-8000-000000000003" },
    ]);
    const restatement = googleRequest(target, facts("returned", { valueCents: 5_000 }))!;
    expect(restatement.body.conversionAdjustments).toEqual([
      expect.objectContaining({ adjustmentType: "RESTATEMENT", restatementValue: { adjustedValue: 50, currencyCode: "USD" } }),
    ]);
  });

  it("sends no submitted lead to Google without a conversion action for it", () => {
    expect(googleRequest({ ...target, submittedActionId: null }, facts("submitted"))).toBeNull();
  });

  it("reads a partial failure out of Google's 200 answer", () => {
    expect(googlePartialFailure('{"partialFailureError":{"code":3,"message":"The click was not found"}}')).toMatch(/click was not found/);
    expect(googlePartialFailure('{"results":[{}]}')).toBeNull();
  });

  it("sends Meta a website Lead and a system-generated Purchase with hashed em and ph, fbc unhashed, and nothing for a return", () => {
    const lead = metaRequest({ pixelId: "1234567890", testEventCode: "TEST123" }, facts("submitted"), "https://example.com", "TOKEN")!;
    expect(lead.path).toBe("/v25.0/1234567890/events");
    expect(lead.body).toEqual({
      data: [
        {
          event_name: "Lead",
          event_time: 1_795_774_530,
          event_id: "0b6c5c1e-0000-4000-8000-000000000001",
          action_source: "website",
          event_source_url: "https://example.com/",
          user_data: {
            em: ["831f6494ad6be4fcb3a724c3d5fef22d3ceffa3c62ef3a7984e45a0ea177f982"],
            ph: ["e4df23eae17fd7b23181d75ca8503ed89f92dc8e84c26f8c5aab970a950d48b3"],
            fbc: metaFbc("IwAR-fbclid", new Date("2026-11-27T10:00:00.000Z")),
            client_ip_address: "203.0.113.9",
            client_user_agent: "Mozilla/5.0",
          },
        },
      ],
      test_event_code: "TEST123",
      access_token: "TOKEN",
    });
    expect(metaFbc("IwAR-fbclid", new Date("2026-11-27T10:00:00.000Z"))).toBe("fb.1.1795773600000.IwAR-fbclid");
    const sale = metaRequest({ pixelId: "1234567890", testEventCode: null }, facts("sold"), "https://example.com", "TOKEN")!;
    expect(sale.body.data[0]).toMatchObject({ event_name: "Purchase", action_source: "system_generated", custom_data: { value: 123.45, currency: "USD" } });
    expect(sale.body).not.toHaveProperty("test_event_code");
    expect(metaRequest({ pixelId: "1", testEventCode: null }, facts("returned"), "https://example.com", "TOKEN")).toBeNull();
  });

  it("sends only allow-listed fields, neutral event names, and no word about any claim", () => {
    const sent: Array<{ body: unknown; fields: string[] }> = [];
    for (const kind of ["submitted", "sold", "returned"] as const) {
      for (const valueCents of [0, 5_000]) {
        const google = googleRequest(target, facts(kind, kind === "submitted" ? {} : { valueCents }));
        if (google) sent.push({ body: google.body, fields: GOOGLE_FIELDS });
        const meta = metaRequest({ pixelId: "1234567890", testEventCode: "TEST1" }, facts(kind), "https://example.com", "TOKEN");
        if (meta) sent.push({ body: meta.body, fields: META_FIELDS });
      }
    }
    expect(sent.length).toBe(10);
    const claimWords = claims.flatMap((claim) => [claim.slug, claim.caseType].map((word) => word.toLowerCase()));
    for (const { body, fields } of sent) {
      for (const [path, value] of leaves(body)) {
        expect(fields, `field ${path}`).toContain(path);
        const text = String(value).toLowerCase();
        for (const word of [...TELLING_WORDS, ...claimWords]) expect(text, `${path} must not say ${word}`).not.toContain(word);
        if (path === "data[].event_name") expect(META_EVENT_NAMES).toContain(value);
      }
    }
  });
});
