import { z } from "zod";
import { fieldMappingSchema } from "../buyers/buyer-delivery";
import { jsonPath } from "../routing/acceptance-rule";

/** A check's budget is at most this: the worker's claim on the run outlives it (DELIVERY_TIMEOUT_MS). */
export const MAX_CHECK_BUDGET_MS = 10_000;

/** One reading of the provider's JSON answer: the first that matches decides (as a buyer's acceptance rule). */
export const checkConditionSchema = z.object({
  field: jsonPath,
  /** Compared exactly: "Litigator" is not "litigator", and 1 is not "1". */
  equals: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  means: z.enum(["pass", "block"]),
  /** Where the answer says why, such as `reason`. */
  detailField: jsonPath.optional(),
});

/**
 * An HTTP check before a sale (docs/decisions/048), configured as a buyer's delivery is: the fields are
 * `{placeholder}` templates (server/distribution/buyers/buyer-delivery.ts), sent as a GET query or a JSON or form
 * POST; `{credentials}` or the credential header carries the provider's key, sealed with SECRETS_KEY.
 */
export const checkConfigSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: "Enter an http(s) URL." }),
  method: z.enum(["get", "post-json", "post-form"]),
  fields: fieldMappingSchema,
  credentialHeader: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, "Enter a header name such as X-Api-Key.")
    .optional(),
  /** A 2xx answer passes unless a condition says otherwise; with a `pass` condition, an answer matching none blocks. */
  conditions: z.array(checkConditionSchema).default([]),
  budgetMs: z
    .number()
    .int("Enter whole milliseconds.")
    .min(100, "Enter at least 100 ms.")
    .max(MAX_CHECK_BUDGET_MS, "Enter at most 10,000 ms."),
  /** What one lookup costs, in cents; a cached answer costs nothing. */
  priceCents: z.number().int("Enter whole cents.").min(0).max(10_000_00),
  /** Days an answer for a phone number is reused; 0: never. */
  cacheDays: z.number().int("Enter whole days.").min(0).max(365),
  /** Empty: every claim. */
  claimTypes: z.array(z.string()).default([]),
  /** A provider down, answering an error or past the budget: hold the lead, or sell it without this check (recorded). */
  whenUnavailable: z.enum(["hold", "sell"]),
});

export type CheckConfig = z.infer<typeof checkConfigSchema>;
export type CheckCondition = z.infer<typeof checkConditionSchema>;

export function appliesTo(
  config: Pick<CheckConfig, "claimTypes">,
  caseType: string,
): boolean {
  return !config.claimTypes.length || config.claimTypes.includes(caseType);
}
