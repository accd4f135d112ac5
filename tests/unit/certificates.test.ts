import { describe, expect, it } from "vitest";
import { canonicalJson, sha256Hex } from "../../server/certificates/canonical-json";
import { CERTIFICATE_ID_PATTERN, certificateUrl, newCertificateId } from "../../server/certificates/certificate-id";
import { describeFreeText, maskEmail, maskIp, maskName, maskPhone } from "../../server/contacts/mask";

describe("certificate ids (spec section 9)", () => {
  it("are 'tfp_' + the time in milliseconds + 9 random characters", () => {
    const id = newCertificateId(new Date(1_732_000_000_123));
    expect(id).toMatch(/^tfp_1732000000123_[a-z0-9]{9}$/);
    expect(id).toMatch(CERTIFICATE_ID_PATTERN);
  });
  it("differ between calls in the same millisecond", () => {
    const now = new Date();
    const ids = new Set(Array.from({ length: 200 }, () => newCertificateId(now)));
    expect(ids.size).toBe(200);
  });
  it("link to the verification page", () => {
    expect(certificateUrl("https://example.com", "tfp_1_abc")).toBe("https://example.com/verify-trustedforms-pro?cert=tfp_1_abc");
  });
});

describe("masking on the public certificate page", () => {
  it("masks e-mail, phone, names and IP addresses", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j***@example.com");
    expect(maskPhone("4155552671")).toBe("(***) ***-2671");
    expect(maskName("Jane")).toBe("J***");
    expect(maskName("Émilie")).toBe("É***");
    expect(maskIp("203.0.113.42")).toBe("203.0.113.***");
    expect(maskIp("::ffff:127.0.0.1")).toBe("127.0.0.***");
    expect(maskIp("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:****");
    expect(describeFreeText("hello")).toBe("Provided (5 characters)");
  });
});

describe("submission hash", () => {
  it("does not depend on key order", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(sha256Hex(canonicalJson({ a: 1, b: 2 }))).toBe(sha256Hex(canonicalJson({ b: 2, a: 1 })));
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
