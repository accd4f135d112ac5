import { z } from "zod";
import { acceptanceRuleSchema, jsonPath } from "../routing/acceptance-rule";

/** Facts of a stored lead a mapped field can name as `{name}`. */
export const LEAD_PLACEHOLDERS = [
  "leadId",
  "caseType",
  "createdAt",
  "fn",
  "ln",
  "em",
  "ph",
  "st",
  "tcpa",
  "ip",
  "userAgent",
  "pageUrl",
  "certificateUrl",
] as const;
/** The buyer's credentials, opened only by the sender when it sends. */
export const CREDENTIALS_PLACEHOLDER = "credentials";
/** `{answers.diagnosis}`: an answer of the claim's form, by its field name. */
const ANSWER_PLACEHOLDER = /^answers\.[A-Za-z_][\w-]*$/;
const PLACEHOLDER = /\{([^{}]*)\}/g;

export function isKnownPlaceholder(name: string): boolean {
  return (LEAD_PLACEHOLDERS as readonly string[]).includes(name) || name === CREDENTIALS_PLACEHOLDER || ANSWER_PLACEHOLDER.test(name);
}

/**
 * One field's value: a constant, a placeholder, or text around placeholders ("{fn} {ln}"). A brace
 * outside a placeholder is refused, so that a typo such as "{fn" is not sent as it stands.
 */
const fieldTemplate = z
  .string()
  .max(2000)
  .superRefine((template, ctx) => {
    for (const [, name] of template.matchAll(PLACEHOLDER)) {
      if (!isKnownPlaceholder(name!)) ctx.addIssue({ code: "custom", message: `Unknown placeholder {${name}}.` });
    }
    if (/[{}]/.test(template.replace(PLACEHOLDER, ""))) {
      ctx.addIssue({ code: "custom", message: "A brace is not closed: write placeholders as {name}." });
    }
  });

/** The buyer's field names, in the order sent, each with its template. */
export const fieldMappingSchema = z
  .record(z.string().trim().min(1, "Name the field.").max(100), fieldTemplate)
  .refine((fields) => Object.keys(fields).length > 0, "Map at least one field.");

const httpUrl = z.url({ protocol: /^https?$/, message: "Enter an http(s) URL." });

/**
 * Where a ping-post buyer bids on a lead before it is sold (docs/decisions/022): the ping carries no
 * contact details, and the answer's `bidField` holds the bid in dollars. The full lead still goes to
 * the buyer's `url`, by its method, once it wins.
 */
export const pingSchema = z.object({
  url: httpUrl,
  bidField: jsonPath.default("bid"),
});

/**
 * How the buyer is told that a person revoked consent for a lead it was sent (docs/decisions/025, 039):
 * the signed `lead.consent_revoked` event, with the buyer's credential header, to its lead URL, or to
 * `url` when the buyer gives a separate one.
 */
export const revocationNoticeSchema = z.object({
  method: z.literal("signed-event").default("signed-event"),
  url: httpUrl.optional(),
});

const deliveryCommon = {
  url: httpUrl,
  /** Sends the credentials in this header (Authorization, X-Api-Key); a mapped field can carry them instead. */
  credentialHeader: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, "Enter a header name such as X-Api-Key.")
    .optional(),
  acceptance: acceptanceRuleSchema.default({ conditions: [] }),
  /** Set: a ping-post buyer, which takes a claim only through its auction. Absent on buyers saved before. */
  ping: pingSchema.optional(),
  /** Absent: the signed event to the lead URL. */
  revocation: revocationNoticeSchema.optional(),
};

/** Our signed JSON webhook (the Standard Webhooks payload every lead has). */
export const webhookDeliverySchema = z.object({ method: z.literal("webhook"), ...deliveryCommon });

/** A JSON or form post of mapped fields, the way Legal Bridge takes a lead. */
export const postDeliverySchema = z.object({
  method: z.literal("post"),
  ...deliveryCommon,
  format: z.enum(["json", "form"]),
  fields: fieldMappingSchema,
});

export const buyerDeliverySchema = z.discriminatedUnion("method", [webhookDeliverySchema, postDeliverySchema]);

export type BuyerDelivery = z.infer<typeof buyerDeliverySchema>;
export type BuyerPing = z.infer<typeof pingSchema>;
export type RevocationNotice = z.infer<typeof revocationNoticeSchema>;
