import { describe, expect, it } from "vitest";
import { createSecretBox, lastFour, SecretBoxError, secretsKeyFrom } from "../../server/secrets/secret-box";

const HEX_KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const BASE64_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const BASE64URL_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
const PASSPHRASE = "correct horse battery staple, but much longer";
const OTHER_KEY = "f".repeat(64);

/**
 * Values sealed once (IV a0a1...ab, plaintext 'lb-api-key-1234'), kept so that a change to the format,
 * the cipher or the passphrase derivation shows here before stored credentials stop opening.
 */
const SEALED_WITH_HEX_KEY = "v1.oKGio6Slpqeoqaqr.68ybG4pfj4pAvI_cYwqCtQ.inpRTDWiL9QHHKriNUn0";
const SEALED_WITH_PASSPHRASE = "v1.oKGio6Slpqeoqaqr.-gqWmjH5-KHfwj2dmF77pg.VdjFxjA6cTfOwZWp7aff";

describe("secretsKeyFrom", () => {
  it.each([
    { name: "64 hex digits", value: HEX_KEY },
    { name: "upper-case hex", value: HEX_KEY.toUpperCase() },
    { name: "base64 of 32 bytes", value: BASE64_KEY },
    { name: "base64url of 32 bytes", value: BASE64URL_KEY },
    { name: "a key with spaces around it", value: `  ${BASE64_KEY}\n` },
  ])("reads $name as the key itself", ({ value }) => {
    expect(secretsKeyFrom(value).toString("hex")).toBe(HEX_KEY);
  });

  it("stretches a long passphrase to 32 bytes, the same each time", () => {
    const key = secretsKeyFrom(PASSPHRASE);
    expect(key).toHaveLength(32);
    expect(key.equals(secretsKeyFrom(PASSPHRASE))).toBe(true);
    expect(key.equals(secretsKeyFrom(`${PASSPHRASE}!`))).toBe(false);
  });

  it.each([
    { name: "an empty value", value: "", message: /SECRETS_KEY must be 32 bytes/ },
    { name: "a short passphrase", value: "hunter2", message: /SECRETS_KEY must be 32 bytes/ },
    { name: "31 characters", value: "x".repeat(31), message: /SECRETS_KEY must be 32 bytes/ },
    { name: "63 hex digits", value: HEX_KEY.slice(1), message: /looks like a hex or base64 key/ },
    { name: "128 hex digits", value: HEX_KEY.repeat(2), message: /looks like a hex or base64 key/ },
    { name: "padded base64 of 47 bytes", value: Buffer.alloc(47, 7).toString("base64"), message: /looks like a hex or base64 key/ },
  ])("refuses $name", ({ value, message }) => {
    expect(() => secretsKeyFrom(value)).toThrow(SecretBoxError);
    expect(() => secretsKeyFrom(value)).toThrow(message);
  });
});

describe("createSecretBox", () => {
  const box = createSecretBox(HEX_KEY);

  it.each([
    { name: "an API key", plaintext: "lb_live_7f3a9c2e1d" },
    { name: "an empty value", plaintext: "" },
    { name: "a header value with spaces and symbols", plaintext: "Bearer abc.def/ghi+jkl==" },
    { name: "text beyond ASCII", plaintext: "clé-秘密-🔑" },
    { name: "a long value", plaintext: "k".repeat(10_000) },
  ])("opens what it sealed: $name", ({ plaintext }) => {
    const sealed = box.seal(plaintext);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
    expect(sealed).not.toContain(plaintext || "\u0000");
    expect(box.open(sealed)).toBe(plaintext);
  });

  it("uses a fresh IV each time, so the same value never seals the same", () => {
    const sealed = Array.from({ length: 50 }, () => box.seal("same key"));
    expect(new Set(sealed).size).toBe(50);
    expect(new Set(sealed.map((value) => value.split(".")[1])).size).toBe(50);
    for (const value of sealed) expect(box.open(value)).toBe("same key");
  });

  it("opens values sealed by earlier versions of this code, with a key or a passphrase", () => {
    expect(box.open(SEALED_WITH_HEX_KEY)).toBe("lb-api-key-1234");
    expect(createSecretBox(BASE64_KEY).open(SEALED_WITH_HEX_KEY)).toBe("lb-api-key-1234");
    expect(createSecretBox(PASSPHRASE).open(SEALED_WITH_PASSPHRASE)).toBe("lb-api-key-1234");
  });

  it("will not open with another key", () => {
    const sealed = box.seal("lb_live_7f3a9c2e1d");
    for (const other of [createSecretBox(OTHER_KEY), createSecretBox(PASSPHRASE)]) {
      expect(() => other.open(sealed)).toThrow(SecretBoxError);
      expect(() => other.open(sealed)).toThrow(/SECRETS_KEY is not the key it was sealed with, or the sealed value was altered/);
    }
  });

  it("will not open a value sealed for another context", () => {
    const sealed = box.seal("lb_live_7f3a9c2e1d", "buyer-1/apiKey");
    expect(box.open(sealed, "buyer-1/apiKey")).toBe("lb_live_7f3a9c2e1d");
    expect(() => box.open(sealed, "buyer-2/apiKey")).toThrow(/cannot be opened/);
    expect(() => box.open(sealed)).toThrow(/cannot be opened/);
  });

  /** Flips one bit of one part of a sealed value and keeps it valid base64url. */
  function flipBit(sealed: string, partIndex: number): string {
    const parts = sealed.split(".");
    const bytes = Buffer.from(parts[partIndex]!, "base64url");
    bytes[0]! ^= 0x01;
    parts[partIndex] = bytes.toString("base64url");
    return parts.join(".");
  }

  it.each([
    { name: "the IV", part: 1 },
    { name: "the tag", part: 2 },
    { name: "the ciphertext", part: 3 },
  ])("will not open a value whose $name was altered", ({ part }) => {
    const sealed = box.seal("lb_live_7f3a9c2e1d");
    expect(() => box.open(flipBit(sealed, part))).toThrow(/cannot be opened/);
  });

  it("will not open a ciphertext cut short or lengthened", () => {
    const sealed = box.seal("lb_live_7f3a9c2e1d");
    const [version, iv, tag, ciphertext] = sealed.split(".") as [string, string, string, string];
    const shorter = Buffer.from(ciphertext, "base64url").subarray(1).toString("base64url");
    const longer = Buffer.concat([Buffer.from(ciphertext, "base64url"), Buffer.from([0])]).toString("base64url");
    expect(() => box.open([version, iv, tag, shorter].join("."))).toThrow(/cannot be opened/);
    expect(() => box.open([version, iv, tag, longer].join("."))).toThrow(/cannot be opened/);
  });

  it.each([
    { name: "plain text", value: "lb_live_7f3a9c2e1d", message: /Not a sealed secret this server can read: expected v1/ },
    { name: "an unknown version", value: "v2.oKGio6Slpqeoqaqr.68ybG4pfj4pAvI_cYwqCtQ.inpRTDWiL9QHHKriNUn0", message: /version 'v2'/ },
    { name: "a missing part", value: "v1.oKGio6Slpqeoqaqr.inpRTDWiL9QHHKriNUn0", message: /12-byte IV and a 16-byte tag/ },
    { name: "an extra part", value: `${SEALED_WITH_HEX_KEY}.AAAA`, message: /12-byte IV and a 16-byte tag/ },
    { name: "a short IV", value: "v1.oKGio6Sl.68ybG4pfj4pAvI_cYwqCtQ.inpRTDWiL9QHHKriNUn0", message: /12-byte IV/ },
    { name: "a short tag", value: "v1.oKGio6Slpqeoqaqr.68ybG4pfj4pA.inpRTDWiL9QHHKriNUn0", message: /16-byte tag/ },
    { name: "characters outside base64url", value: "v1.oKGio6Slpqeoqaqr.68ybG4pfj4pAvI/cYwqCtQ.inpRTDWiL9QHHKriNUn0", message: /Not a sealed secret/ },
  ])("says clearly when a value is not a sealed secret: $name", ({ value, message }) => {
    expect(() => box.open(value)).toThrow(SecretBoxError);
    expect(() => box.open(value)).toThrow(message);
  });
});

describe("lastFour", () => {
  it.each([
    { secret: "lb_live_7f3a9c2eabcd", shown: "••••abcd" },
    { secret: "12345678", shown: "••••5678" },
    { secret: "1234567", shown: "••••" },
    { secret: "abcd", shown: "••••" },
    { secret: "", shown: "••••" },
    { secret: "key-ending-in-🔑🔑🔑🔑", shown: "••••🔑🔑🔑🔑" },
  ])("shows $secret as $shown", ({ secret, shown }) => {
    expect(lastFour(secret)).toBe(shown);
  });
});
