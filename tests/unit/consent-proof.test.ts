import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { claimBySlug } from "#claims/registry";
import { consentTextVersion } from "../../server/consent-proof/consent-version";
import { readBrowserReport } from "../../server/consent-proof/fill-facts";
import { createFormTiming, MAX_TRAIL } from "../../server/leads/form-timing";
import { durationInWords } from "../../server/lead-console/consent-proof";

describe("the consent text's version", () => {
  const text = "By checking this box I agree to be contacted by Claim Advocates — reply STOP to opt out.";

  it("is the SHA-256 of the text's UTF-8 bytes, and a version id made from it", () => {
    const sha256 = createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
    expect(consentTextVersion(text)).toEqual({ sha256, version: `ct-${sha256.slice(0, 16)}` });
  });

  it("is the same for the same text on every call and instance, and differs when one character does", () => {
    expect(consentTextVersion(`${text}`)).toEqual(consentTextVersion(text.slice(0)));
    expect(consentTextVersion(`${text} `).version).not.toBe(consentTextVersion(text).version);
    expect(consentTextVersion(text.replace("STOP", "Stop")).sha256).not.toBe(consentTextVersion(text).sha256);
  });
});

describe("the form timing token", () => {
  let now = new Date("2026-11-23T10:00:00Z");
  const timing = createFormTiming(async () => "the session secret, thirty-two characters or more", () => now);
  const at = (ms: number) => new Date(now.getTime() + ms);

  it("says how long ago the form was rendered, for its own claim only", async () => {
    const token = await timing.issue("mva");
    expect(await timing.check(token, "mva", at(4_200), 5)).toEqual({ status: "valid", renderedAt: now, elapsedMs: 4_200, stepMs: null });
    expect(await timing.check(token, "pfas", at(4_200), 3)).toEqual({ status: "forged" });
    expect(await timing.check(undefined, "mva", at(1), 5)).toEqual({ status: "missing" });
    expect(await timing.check("", "mva", at(1), 5)).toEqual({ status: "missing" });
    expect(await timing.check(42, "mva", at(1), 5)).toEqual({ status: "forged" });
  });

  it("is not the session cookie's signature: the key is derived, and another secret's token is forged", async () => {
    const other = createFormTiming(async () => "another session secret of thirty-two chars", () => now);
    expect(await timing.check(await other.issue("mva"), "mva", at(10_000), 5)).toEqual({ status: "forged" });
  });

  it("times each posted step on the server's clock, keeping the most recent posts only", async () => {
    const start = now;
    let token = (await timing.issue("pfas"))!;
    for (const [step, ms] of [[0, 5_000], [1, 7_000], [0, 2_000], [1, 3_000]] as const) {
      now = new Date(now.getTime() + ms);
      token = (await timing.advance(token, "pfas", step))!;
    }
    const check = await timing.check(token, "pfas", new Date(now.getTime() + 11_000), 3);
    expect(check).toEqual({ status: "valid", renderedAt: start, elapsedMs: 28_000, stepMs: [7_000, 10_000, 11_000] });

    for (let i = 0; i < MAX_TRAIL + 5; i++) token = (await timing.advance(token, "pfas", 0))!;
    expect(token.length).toBeLessThan(2_000);
    expect((await timing.check(token, "pfas", now, 3)).status).toBe("valid");
  });
});

describe("the browser's fill report", () => {
  const mva = claimBySlug("mva")!;

  it("keeps only the claim's contact boxes and the known entry methods", () => {
    expect(readBrowserReport(mva, JSON.stringify({ entry: { fn: ["typed", "typed"], accidentDate: ["typed"] } }))).toMatchObject({ rejected: ["entry"], entry: null });
    expect(readBrowserReport(mva, { entry: { fn: ["typed", "typed"], ph: ["pasted"] } })).toMatchObject({ rejected: [], entry: { fn: ["typed"], ph: ["pasted"] } });
  });

  it("is absent when the hidden field is empty (JavaScript off)", () => {
    expect(readBrowserReport(mva, "")).toEqual({ present: false });
    expect(readBrowserReport(mva, undefined)).toEqual({ present: false });
  });
});

describe("durations in words", () => {
  it.each([
    [850, "850 ms"],
    [12_449, "12.4 s"],
    [134_000, "2 min 14 s"],
    [3_720_000, "1 h 2 min"],
  ])("%i ms is %s", (ms, words) => expect(durationInWords(ms)).toBe(words));
});
