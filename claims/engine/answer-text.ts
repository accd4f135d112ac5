// Apart from answers.ts, so that the lead export's reader threads use it without loading the claims' schemas.
import type { FieldSpec } from "./types";

export const NOT_PROVIDED = "Not provided";

/** An answer as the visitor chose it: option labels rather than values, consent as Agreed / Not agreed. */
export function answerText(field: Pick<FieldSpec, "kind" | "options">, value: unknown): string {
  if (value === null || value === undefined || value === "") return NOT_PROVIDED;
  if (typeof value === "boolean") return field.kind === "consent" ? (value ? "Agreed" : "Not agreed") : value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length ? value.map((v) => answerText(field, v)).join(", ") : NOT_PROVIDED;
  const text = String(value);
  return field.options?.find((o) => o.value === text)?.label ?? text;
}
