import { valueAt } from "../routing/acceptance-rule";
import type { CheckOutcome } from "../../db/schema";
import type { CheckCondition } from "./check-config";

export interface CheckVerdict {
  outcome: CheckOutcome;
  detail: string | null;
}

const MAX_DETAIL_LENGTH = 300;

/**
 * What a provider's answer means, read as a buyer's acceptance rule reads a buyer's answer
 * (server/distribution/routing/acceptance-rule.ts): a status outside 2xx is the provider unavailable; the first
 * condition on the JSON body that matches decides; with any `pass` condition, an answer matching none
 * blocks; otherwise a 2xx passes. An answer that is not JSON passes only when no `pass` condition exists.
 */
export function checkVerdictOf(
  conditions: readonly CheckCondition[],
  status: number,
  bodyText: string,
): CheckVerdict {
  if (status < 200 || status > 299)
    return { outcome: "unavailable", detail: `HTTP ${status}` };
  let body: unknown;
  try {
    body = JSON.parse(bodyText) as unknown;
  } catch {
    body = undefined;
  }
  if (body !== undefined) {
    for (const condition of conditions) {
      const found = valueAt(body, condition.field);
      if (!found.present || found.value !== condition.equals) continue;
      return { outcome: condition.means, detail: detailOf(body, condition) };
    }
  }
  const passes = conditions.filter((condition) => condition.means === "pass");
  if (!passes.length) return { outcome: "pass", detail: null };
  return {
    outcome: "block",
    detail: `The answer did not say ${passes.map((c) => `${c.field} = ${JSON.stringify(c.equals)}`).join(" or ")}`,
  };
}

function detailOf(body: unknown, condition: CheckCondition): string {
  const fallback = `${condition.field} = ${JSON.stringify(condition.equals)}`;
  if (!condition.detailField) return fallback;
  const found = valueAt(body, condition.detailField);
  const text =
    typeof found.value === "string" || typeof found.value === "number"
      ? String(found.value).trim()
      : "";
  if (!text) return fallback;
  return text.length > MAX_DETAIL_LENGTH
    ? `${text.slice(0, MAX_DETAIL_LENGTH - 1)}…`
    : text;
}
