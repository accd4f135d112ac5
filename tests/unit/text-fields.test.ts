import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { allFields } from "#claims/engine/form-values";
import { DEFAULT_PERSONAL_MESSAGES, personalSchemaShape } from "#claims/engine/personal-fields";
import { CONTROL_CHARACTERS_MESSAGE, FORMAT_CHARACTERS_MESSAGE, NAME_START_MESSAGE, optionalText, requiredText } from "#claims/engine/schema-builders";
import { US_STATES } from "#claims/engine/us-states";
import { claims } from "#claims/registry";

// Issue 9 item 5: text fields refuse control and bidi characters, keep text in NFC, and names start with a letter.
const JUNK = ["\u0000", "\u0007", "\u001b[31m", "\u007f", "\u0085", "\u009b", "\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u061c"];
const firstError = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("free text", () => {
  it.each(JUNK)("refuses %j anywhere in a required or optional text, with a clear message", (junk) => {
    expect(firstError(requiredText("Required"), `Main St${junk}reet`)).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(firstError(optionalText(), `notes ${junk} here`)).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it("keeps line breaks and tabs in free text, and normalises to NFC", () => {
    expect(optionalText().parse("line one\r\nline two\twith a tab")).toBe("line one\r\nline two\twith a tab");
    expect(requiredText("Required").parse("Cafe\u0301 on Main")).toBe("Caf\u00e9 on Main");
  });

  it("every text field of every claim refuses a bidi override", () => {
    for (const claim of claims) {
      const shape = (claim.schema as unknown as { shape: Record<string, z.ZodMiniType> }).shape;
      for (const field of allFields(claim).filter((f) => f.kind === "text" || f.kind === "textarea")) {
        expect(firstError(shape[field.name]!, "Jane\u202eDoe"), `${claim.slug}.${field.name}`).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
    }
  });
});

describe("names", () => {
  const { fn, ln } = personalSchemaShape(US_STATES);

  it.each(["=HYPERLINK(\"http://x\",\"y\")", "+1234", "@SUM(A1)", "-2+3", "1Jane", " =cmd", "'Jane"])(
    "must start with a letter: %j",
    (name) => {
      expect(firstError(fn, name)).toBe(NAME_START_MESSAGE);
      expect(firstError(ln, name)).toBe(NAME_START_MESSAGE);
    },
  );

  // Issue 25: format characters (Unicode category Cf) are invisible, so a name holding one is not what it looks like.
  it.each(["\u200bJane", "Ja\u200bne", "Jane\u200d", "Ja\u00adne", "Ja\ufeffne", "Ja\u2060ne", "Jane\u{e0041}"])("refuse the format character in %j with a clear message", (name) => {
    expect(firstError(fn, name)).toBe(FORMAT_CHARACTERS_MESSAGE);
    expect(firstError(ln, name)).toBe(FORMAT_CHARACTERS_MESSAGE);
    const afff = claims.find((c) => c.slug === "afff")!;
    const shape = (afff.schema as unknown as { shape: Record<string, z.ZodMiniType> }).shape;
    expect(firstError(shape.fullName!, `Jane ${name}`)).toBe(FORMAT_CHARACTERS_MESSAGE);
  });

  it("accept real names from many languages, in NFC", () => {
    for (const name of ["Jane", "O'Brien", "Anne-Marie", "Łukasz", "Zoë", "José María", "李小龍", "Nguyễn", "Ólafur"]) {
      expect(fn.parse(name)).toBe(name.normalize("NFC"));
    }
    expect(fn.parse("Jose\u0301")).toBe("Jos\u00e9");
  });

  it("refuse control characters, and keep the spec's messages for blank and short names", () => {
    expect(firstError(fn, "Ja\u0000ne")).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(firstError(fn, "Ja\nne")).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(firstError(fn, "")).toBe(DEFAULT_PERSONAL_MESSAGES.firstNameRequired);
    expect(firstError(fn, "J")).toBe(DEFAULT_PERSONAL_MESSAGES.firstNameShort);
  });

  it("the AFFF full name must start with a letter too", () => {
    const afff = claims.find((c) => c.slug === "afff")!;
    const shape = (afff.schema as unknown as { shape: Record<string, z.ZodMiniType> }).shape;
    expect(firstError(shape.fullName!, "=HYPERLINK(1)")).toBe(NAME_START_MESSAGE);
    expect(firstError(shape.fullName!, "Jane Doe")).toBeNull();
  });
});
