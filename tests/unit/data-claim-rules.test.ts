import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILT_IN_AS_DATA } from "#claims/built-in-rules";
import { checkDataClaim, compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import { evaluateEligibility, holds, type Condition } from "#claims/engine/data-claim/eligibility-rules";
import { dataClaimOf } from "#claims/engine/data-claim/export-claim";
import { asNewClaim, blankDataClaim } from "#claims/engine/data-claim/templates";
import { allFields } from "#claims/engine/form-values";
import type { ClaimDefinition } from "#claims/engine/types";
import { productionClaims } from "#claims/registry";
import { examplesOf } from "../fixtures/claims/examples";
import { hairRelaxer } from "../support/data-claims";

// The rule language as a table against the built-in claims' own eligibility (issue 28, item 2): each
// claim's rules (claims/built-in-rules.ts) give the outcome and reason its eligibility() gives, over its
// examples and over answers generated from its questions' options; and "Copy as a new claim" of each
// compiles to a claim whose schema, eligibility and lead columns agree with the original's.

/** Answers to generate: every option of each choice question (and blank when optional), the example's answer for the rest. */
function answersArbitrary(claim: ClaimDefinition, base: Record<string, unknown>) {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of allFields(claim)) {
    const values = (field.options ?? []).map((o) => o.value);
    if (field.kind === "checkboxes") record[field.name] = fc.subarray(values, { minLength: field.optional ? 0 : 1 });
    else if (values.length) record[field.name] = fc.constantFrom(...values, ...(field.optional ? [""] : []));
    else record[field.name] = fc.constant(base[field.name]);
  }
  return fc.record(record);
}

const parsed = (claim: ClaimDefinition, answers: unknown) => {
  const result = claim.schema.safeParse(answers);
  return result.success ? (result.data as Record<string, unknown>) : undefined;
};

describe("the rule language", () => {
  const answers = { a: "Yes", b: ["x", "y"], c: "", d: null };
  it.each<[string, Condition, boolean]>([
    ["is", { answer: "a", is: "Yes" }, true],
    ["is (other value)", { answer: "a", is: "No" }, false],
    ["isNot", { answer: "a", isNot: "No" }, true],
    ["in", { answer: "a", in: ["No", "Yes"] }, true],
    ["notIn", { answer: "a", notIn: ["No", "Yes"] }, false],
    ["includes (checkboxes)", { answer: "b", includes: "y" }, true],
    ["includes (missing)", { answer: "b", includes: "z" }, false],
    ["answered (blank text)", { answer: "c", answered: false }, true],
    ["answered (null)", { answer: "d", answered: true }, false],
    ["answered (an unknown answer is blank)", { answer: "zz", answered: false }, true],
    ["all", { all: [{ answer: "a", is: "Yes" }, { answer: "b", includes: "x" }] }, true],
    ["all (one fails)", { all: [{ answer: "a", is: "Yes" }, { answer: "b", includes: "q" }] }, false],
    ["any", { any: [{ answer: "a", is: "No" }, { answer: "b", includes: "x" }] }, true],
    ["not", { not: { answer: "a", is: "Yes" } }, false],
  ])("%s", (_name, condition, expected) => {
    expect(holds(condition, answers)).toBe(expected);
  });

  it("takes the first rule that holds, else 'otherwise'", () => {
    const rules = {
      rules: [
        { when: { answer: "a", is: "Yes" }, outcome: "ineligible" as const, reason: "First" },
        { when: { answer: "a", is: "Yes" }, outcome: "eligible" as const, reason: "Second" },
      ],
      otherwise: { outcome: "partial" as const, reason: "None" },
    };
    expect(evaluateEligibility(rules, answers)).toEqual({ outcome: "ineligible", reason: "First" });
    expect(evaluateEligibility(rules, { a: "No" })).toEqual({ outcome: "partial", reason: "None" });
  });
});

describe.each(productionClaims.map((claim) => [claim.slug, claim] as const))("%s in the rule language", (slug, claim) => {
  const asData = BUILT_IN_AS_DATA[slug]!;
  const examples = examplesOf(claim);

  it("has rules exactly when the claim has eligibility", () => {
    expect(asData, `claims/built-in-rules.ts has no entry for '${slug}'`).toBeDefined();
    expect(Boolean(asData.eligibility)).toBe(Boolean(claim.eligibility));
  });

  it.each(examples.map((e) => [e.name, e] as const))("example '%s': the same outcome, reason and lead columns", (_name, example) => {
    const answers = parsed(claim, example.answers)!;
    expect(answers).toBeDefined();
    const copy = compileDataClaim(dataClaimOf(claim, asData), { version: 1, paused: false });
    expect(copy.eligibility?.(answers) ?? null).toEqual(claim.eligibility?.(answers) ?? null);
    expect(copy.toLead(answers)).toEqual(claim.toLead(answers));
    expect(copy.eligibility?.(answers).outcome ?? null).toBe(example.outcome);
  });

  it("agrees with the claim's eligibility and toLead over generated answers", () => {
    const rules = asData.eligibility;
    const copy = compileDataClaim(dataClaimOf(claim, asData), { version: 1, paused: false });
    fc.assert(
      fc.property(answersArbitrary(claim, examples[0].answers), (generated) => {
        const answers = parsed(claim, generated);
        fc.pre(answers !== undefined);
        if (rules) expect(evaluateEligibility(rules, answers!)).toEqual(claim.eligibility!(answers!));
        expect(copy.toLead(answers!)).toEqual(claim.toLead(answers!));
      }),
      { numRuns: 300 },
    );
  });

  it("'Copy as a new claim' is a valid data claim whose schema accepts and refuses what the original does", () => {
    const data = asNewClaim(dataClaimOf(claim, asData), `${slug}-copy`, `${claim.caseType} copy`);
    expect(data.routes).toEqual({ landing: `/claims/${slug}-copy`, form: `/claims/${slug}-copy/form` });
    const check = checkDataClaim(JSON.parse(JSON.stringify(data)));
    expect(check.ok ? [] : check.errors).toEqual([]);
    const copy = compileDataClaim(data, { version: 1, paused: false });
    expect(copy.steps).toEqual(claim.steps.map((step) => expect.objectContaining({ title: step.title })));
    const outcomes = (answers: unknown) => {
      const a = claim.schema.safeParse(answers);
      const b = copy.schema.safeParse(answers);
      return [a.success ? a.data : a.error.issues.map((i) => [i.path.join("."), i.message]), b.success ? b.data : b.error.issues.map((i) => [i.path.join("."), i.message])];
    };
    fc.assert(
      fc.property(answersArbitrary(claim, examples[0].answers), (generated) => {
        const [original, copied] = outcomes(generated);
        expect(copied).toEqual(original);
      }),
      { numRuns: 100 },
    );
    for (const field of allFields(claim)) {
      const [original, copied] = outcomes({ ...examples[0].answers, [field.name]: undefined });
      expect(copied, `${field.name} left out`).toEqual(original);
      const [badOriginal, badCopy] = outcomes({ ...examples[0].answers, [field.name]: "\u0000" });
      expect(badCopy, `${field.name} malformed`).toEqual(badOriginal);
    }
  });
});

describe("checking a data claim", () => {
  const mva = productionClaims.find((c) => c.slug === "mva")!;
  const valid = () => JSON.parse(JSON.stringify(asNewClaim(dataClaimOf(mva, BUILT_IN_AS_DATA.mva!), "mva-copy", "MVA copy")));

  it("takes the blank template as it is", () => {
    const check = checkDataClaim(blankDataClaim("hair-relaxer", "Hair Relaxer"));
    expect(check.ok ? [] : check.errors).toEqual([]);
  });

  it("warns of the texts its Spanish pages would show in English, without refusing the claim", () => {
    const blank = checkDataClaim(blankDataClaim("hair-relaxer", "Hair Relaxer"));
    expect(blank.ok && blank.warnings).toEqual(["es: no Spanish table; the claim's pages under /es show its own texts in English"]);
    expect(checkDataClaim(hairRelaxer())).toMatchObject({ ok: true, warnings: [] });
    const partly = hairRelaxer();
    delete partly.es!["Diagnosis"];
    delete partly.es!["Ovarian cancer"];
    expect(checkDataClaim(partly)).toMatchObject({ ok: true, warnings: ["es: no Spanish for 'Diagnosis'", "es: no Spanish for 'Ovarian cancer'"] });
  });

  it("refuses a Spanish table with an empty text", () => {
    const claim = hairRelaxer();
    claim.es!["Diagnosis"] = " ";
    const check = checkDataClaim(claim);
    expect(check.ok ? [] : check.errors).toEqual(["es.Diagnosis: A Spanish text is required"]);
  });

  it("keeps a data claim's pages under /claims/", () => {
    const claim = valid();
    claim.routes.form = "/admin/leads";
    const check = checkDataClaim(claim);
    expect(check.ok ? [] : check.errors).toEqual([expect.stringMatching(/^routes\.form: A path such as \/claims\/hair-relaxer/)]);
  });

  it("names each problem and where it is", () => {
    const claim = valid();
    claim.slug = "Bad Slug";
    claim.theme.accent = "blue";
    const check = checkDataClaim(claim);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors.join("\n")).toMatch(/^slug: A slug/m);
    expect(!check.ok && check.errors.join("\n")).toMatch(/^theme\.accent: A colour/m);
  });

  it("refuses rules and lead columns that read answers no question asks, and missing result screens", () => {
    const claim = valid();
    claim.eligibility.rules[0].when = { answer: "nowhere", is: "Yes" };
    claim.lead.cq["1"] = { answer: "elsewhere" };
    delete claim.results.partial;
    const check = checkDataClaim(claim);
    expect(check.ok ? [] : check.errors).toEqual([
      "The lead mapping reads 'elsewhere', which no question asks",
      "An eligibility rule reads 'nowhere', which no question asks",
      "The result screen for 'partial' is missing",
    ]);
  });

  it("refuses two questions of one name, a reserved name, options missing and a second consent", () => {
    const claim = valid();
    claim.steps[1].fields.push({ name: "fn", label: "Again", kind: "text" });
    claim.steps[1].fields.push({ name: "website", label: "Site", kind: "text" });
    claim.steps[1].fields.push({ name: "pick", label: "Pick", kind: "radio" });
    claim.steps[1].fields.push({ name: "again", label: "Agree again", kind: "consent" });
    const check = checkDataClaim(claim);
    expect(check.ok ? [] : check.errors).toEqual([
      "Two questions are named 'fn'",
      "'website' is a name the form uses itself: choose another",
      "'pick' (radio) needs its options",
      "A claim asks for consent once: exactly one 'consent' question",
    ]);
  });
});
