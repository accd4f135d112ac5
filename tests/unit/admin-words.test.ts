import { describe, expect, it } from "vitest";
import { z } from "zod";
import { attributionRows } from "../../app/admin/format";
import { buyerRulesSchema } from "../../server/distribution/routing/buyer-rules";
import { inWords } from "../../server/validation/in-words";

describe("zod's issues in words", () => {
  const messagesOf = (schema: z.ZodType, input: unknown, nouns?: Record<string, string>) => {
    const parsed = schema.safeParse(input, { error: inWords(nouns) });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("says what to enter instead of 'Too small: expected number to be >=0', naming the field's kind when given", () => {
    const rules = z.object({ rules: buyerRulesSchema });
    expect(
      messagesOf(rules, { rules: { timeZone: "America/Chicago", caps: { perDay: -1 }, weight: 0, priority: 1.5 } }, { perDay: "a number of leads", weight: "a weight" }),
    ).toEqual({
      "rules.caps.perDay": "Enter a number of leads of 0 or more.",
      "rules.weight": "Enter a weight above 0.",
      "rules.priority": "Enter a whole number.",
    });
  });

  it("words lengths, types, formats and choices, and leaves a schema's own message alone", () => {
    const schema = z.object({
      name: z.string().min(1),
      code: z.string().max(3),
      count: z.number(),
      url: z.url(),
      kind: z.enum(["litigator", "clients"]),
      days: z.array(z.number()).min(1),
      zone: z.string().refine(() => false, "Enter an IANA time zone."),
    });
    expect(messagesOf(schema, { name: "", code: "abcd", count: "x", url: "nope", kind: "other", days: [], zone: "x" })).toEqual({
      name: "Enter a value.",
      code: "Use at most 3 characters.",
      count: "Enter a number.",
      url: "Enter a full web address starting with https://.",
      kind: "Choose one of: litigator, clients.",
      days: "Choose at least one.",
      zone: "Enter an IANA time zone.",
    });
  });
});

describe("attribution as the operator reads it", () => {
  it("labels the keys, shows the first visit in the operator's time zone, and keeps keys it does not know", () => {
    expect(
      attributionRows({ first_seen_at: "2026-11-03T15:04:00.000Z", gclid: "g-1", utm_source: "google", custom_key: "x" }, "America/Chicago"),
    ).toEqual([
      ["Campaign source (utm_source)", "google"],
      ["Google Ads click (gclid)", "g-1"],
      ["First seen", "Nov 3, 2026, 9:04 AM CST"],
      ["custom_key", "x"],
    ]);
  });

  it("shows a first-seen value that is not a time as it is", () => {
    expect(attributionRows({ first_seen_at: "yesterday" }, "America/Chicago")).toEqual([["First seen", "yesterday"]]);
  });
});
