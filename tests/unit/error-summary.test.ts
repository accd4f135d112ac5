import { describe, expect, it } from "vitest";
import { INVALID_SUMMARY, MISSING_SUMMARY, emptyValues, errorSummary, validateStep, answersFromValues } from "#claims/engine/form-values";
import { claims } from "#claims/registry";

/** Issue 9, item 8: the summary says 'Missing required fields' only when the fields are empty. */
describe("error summary", () => {
  it.each(claims.map((c) => [c.slug, c] as const))("%s: empty contact step is 'missing', a filled but bad e-mail is not", (_slug, claim) => {
    const stepIndex = claim.steps.findIndex((s) => s.fields.some((f) => f.kind === "email"));
    const values = emptyValues(claim, "key-12345678");
    const empty = validateStep(claim, stepIndex, values);
    expect(Object.keys(empty).length).toBeGreaterThan(0);
    expect(errorSummary(empty, answersFromValues(claim, values))).toBe(MISSING_SUMMARY);

    // Every field filled; the e-mail and phone are not acceptable.
    for (const field of claim.steps[stepIndex]!.fields) {
      if (field.kind === "email") values[field.name] = "jane@";
      else if (field.kind === "tel") values[field.name] = "12";
      else if (field.kind === "select" || field.kind === "radio") values[field.name] = field.options!.find((o) => o.value)!.value;
      else if (field.kind === "checkboxes") values[field.name] = [field.options![0]!.value];
      else if (field.kind === "consent") values[field.name] = "on";
      else values[field.name] = "Jo Anne";
    }
    const invalid = validateStep(claim, stepIndex, values);
    expect(Object.keys(invalid)).toContain(claim.steps[stepIndex]!.fields.find((f) => f.kind === "email")!.name);
    expect(errorSummary(invalid, answersFromValues(claim, values))).toBe(INVALID_SUMMARY);
  });

  it("an API body: missing fields are 'missing', a present but wrong value is not", () => {
    expect(errorSummary({ fn: "x" }, {})).toBe(MISSING_SUMMARY);
    expect(errorSummary({ tcpa: "x" }, { tcpa: false })).toBe(MISSING_SUMMARY);
    expect(errorSummary({ em: "x" }, { em: "nope" })).toBe(INVALID_SUMMARY);
    expect(errorSummary({ fn: "x", em: "x" }, { em: "nope" })).toBe(INVALID_SUMMARY);
  });
});
