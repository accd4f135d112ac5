import * as z from "zod/mini";
import type { Eligibility, Outcome } from "../types";

/**
 * The rule language of data claims (docs/decisions/059): rules in order, each an all/any of
 * conditions on the answers and the outcome it gives; the first rule that holds decides, and
 * `otherwise` decides when none does.
 *
 *   { "rules": [
 *       { "when": { "any": [ { "answer": "hasAttorney", "is": "Yes" }, { "answer": "diagnosis", "in": ["No Diagnosis"] } ] },
 *         "outcome": "ineligible", "reason": "Ineligible" } ],
 *     "otherwise": { "outcome": "eligible", "reason": "Eligible" } }
 *
 * A condition names one answer and one test: `is` / `isNot` (one value), `in` / `notIn` (a list),
 * `includes` (a checkbox group has this value), `answered` (true: given and not blank; false: left blank).
 * `all`, `any` and `not` combine conditions.
 */

export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { answer: string; is: string }
  | { answer: string; isNot: string }
  | { answer: string; in: string[] }
  | { answer: string; notIn: string[] }
  | { answer: string; includes: string }
  | { answer: string; answered: boolean };

const answerName = z.string().check(z.minLength(1, "Name the answer the condition tests"));

export const conditionSchema: z.ZodMiniType<Condition> = z.lazy(() =>
  z.union(
    [
      z.strictObject({ all: z.array(conditionSchema).check(z.minLength(1, "'all' needs at least one condition")) }),
      z.strictObject({ any: z.array(conditionSchema).check(z.minLength(1, "'any' needs at least one condition")) }),
      z.strictObject({ not: conditionSchema }),
      z.strictObject({ answer: answerName, is: z.string() }),
      z.strictObject({ answer: answerName, isNot: z.string() }),
      z.strictObject({ answer: answerName, in: z.array(z.string()) }),
      z.strictObject({ answer: answerName, notIn: z.array(z.string()) }),
      z.strictObject({ answer: answerName, includes: z.string() }),
      z.strictObject({ answer: answerName, answered: z.boolean() }),
    ],
    { error: "A condition is {all: [...]}, {any: [...]}, {not: ...} or {answer, and one of is, isNot, in, notIn, includes, answered}" },
  ),
);

const OUTCOMES = ["eligible", "partial", "ineligible"] as const;
const decision = {
  outcome: z.enum(OUTCOMES, { error: "The outcome is eligible, partial or ineligible" }),
  /** Stored as the lead's eligibility_reason. */
  reason: z.string().check(z.trim(), z.minLength(1, "Give the reason stored on the lead"), z.maxLength(200)),
};

export const eligibilityRulesSchema = z.object({
  rules: z.array(z.object({ when: conditionSchema, ...decision })),
  otherwise: z.object(decision),
});
export type EligibilityRules = z.infer<typeof eligibilityRulesSchema>;

/** An answer as text for comparison: what the visitor chose, or "" when left blank. */
function single(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(",");
  return String(value);
}

export function holds(condition: Condition, answers: Readonly<Record<string, unknown>>): boolean {
  if ("all" in condition) return condition.all.every((c) => holds(c, answers));
  if ("any" in condition) return condition.any.some((c) => holds(c, answers));
  if ("not" in condition) return !holds(condition.not, answers);
  const value = answers[condition.answer];
  if ("is" in condition) return single(value) === condition.is;
  if ("isNot" in condition) return single(value) !== condition.isNot;
  if ("in" in condition) return condition.in.includes(single(value));
  if ("notIn" in condition) return !condition.notIn.includes(single(value));
  if ("includes" in condition) return Array.isArray(value) ? value.map(String).includes(condition.includes) : single(value) === condition.includes;
  const given = Array.isArray(value) ? value.length > 0 : single(value).trim() !== "";
  return given === condition.answered;
}

/** The outcome of the first rule that holds, else `otherwise`. */
export function evaluateEligibility(rules: EligibilityRules, answers: Readonly<Record<string, unknown>>): Eligibility {
  const rule = rules.rules.find((r) => holds(r.when, answers)) ?? rules.otherwise;
  return { outcome: rule.outcome as Outcome, reason: rule.reason };
}

/** Every answer name a set of rules reads, to check each names a field of the claim. */
export function answersReadBy(rules: EligibilityRules): string[] {
  const names = new Set<string>();
  const visit = (c: Condition) => {
    if ("all" in c) c.all.forEach(visit);
    else if ("any" in c) c.any.forEach(visit);
    else if ("not" in c) visit(c.not);
    else names.add(c.answer);
  };
  for (const rule of rules.rules) visit(rule.when);
  return [...names];
}
