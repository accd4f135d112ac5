import { z } from "zod";

/** A dot path into a JSON answer: `status`, `result.code`, `errors.0.message`. */
export const jsonPath = z
  .string()
  .trim()
  .regex(
    /^[^.\s]+(\.[^.\s]+)*$/,
    "Enter a field such as status or result.code.",
  );

export const acceptanceConditionSchema = z.object({
  field: jsonPath,
  /** Compared exactly: "Error" is not "error", and 1 is not "1". */
  equals: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  means: z.enum(["accepted", "rejected"]),
  /** Where a rejection's reason is, such as `message`. */
  reasonField: jsonPath.optional(),
});

/**
 * A 2xx answer is accepted and any other is rejected, unless a condition on the JSON body says
 * otherwise; the first condition that matches decides. Once any condition says what acceptance looks
 * like, a JSON answer that matches none of them is rejected.
 */
export const acceptanceRuleSchema = z.object({
  conditions: z.array(acceptanceConditionSchema).default([]),
});

export type AcceptanceCondition = z.infer<typeof acceptanceConditionSchema>;
export type AcceptanceRule = z.infer<typeof acceptanceRuleSchema>;
export type AcceptanceVerdict =
  { accepted: true } | { accepted: false; reason: string };

export const DEFAULT_ACCEPTANCE_RULE: AcceptanceRule = { conditions: [] };

// A buyer's message is shown on the lead and stored with the decision; it need not be long.
const MAX_REASON_LENGTH = 300;

export function evaluateAcceptance(
  rule: AcceptanceRule | null | undefined,
  status: number,
  bodyText: string,
): AcceptanceVerdict {
  if (status < 200 || status > 299)
    return { accepted: false, reason: `HTTP ${status}` };
  const conditions = rule?.conditions ?? [];
  if (!conditions.length) return { accepted: true };
  const body = parseJson(bodyText);
  // The rules read JSON; an answer that is not JSON is judged by its status alone.
  if (body === undefined) return { accepted: true };

  for (const condition of conditions) {
    const found = valueAt(body, condition.field);
    if (!found.present || found.value !== condition.equals) continue;
    if (condition.means === "accepted") return { accepted: true };
    return { accepted: false, reason: reasonOf(body, condition) };
  }
  if (conditions.some((condition) => condition.means === "accepted")) {
    const expected = conditions
      .filter((condition) => condition.means === "accepted")
      .map(
        (condition) =>
          `${condition.field} = ${JSON.stringify(condition.equals)}`,
      )
      .join(" or ");
    return { accepted: false, reason: `The answer did not say ${expected}` };
  }
  return { accepted: true };
}

function reasonOf(body: unknown, condition: AcceptanceCondition): string {
  const fallback = `${condition.field} = ${JSON.stringify(condition.equals)}`;
  if (!condition.reasonField) return fallback;
  const found = valueAt(body, condition.reasonField);
  const text =
    typeof found.value === "string" || typeof found.value === "number"
      ? String(found.value).trim()
      : "";
  if (!text) return fallback;
  return text.length > MAX_REASON_LENGTH
    ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…`
    : text;
}

/** The value at a dot path of a parsed JSON answer; own properties only. */
export function valueAt(
  body: unknown,
  path: string,
): { present: boolean; value?: unknown } {
  let current = body;
  for (const key of path.split(".")) {
    // Own properties only: a path such as `constructor` must not reach Object.prototype.
    if (
      current === null ||
      typeof current !== "object" ||
      !Object.hasOwn(current, key)
    )
      return { present: false };
    current = (current as Record<string, unknown>)[key];
  }
  return { present: true, value: current };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
