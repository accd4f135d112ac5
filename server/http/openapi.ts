import { z } from "zod";
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { allClaims } from "#claims/registry";
import { attributionSchema } from "../attribution/attribution";
import { EVIDENCE_FIELD } from "../suppliers/supplier-evidence";
import { buyerApiKeyScheme, certificatePaths } from "./openapi-certificates";

const errorBody = { type: "object", properties: { error: { type: "string" } }, required: ["error"] };

/** OpenAPI 3.1 for the lead API, generated from the same zod schemas the forms use, and the certificates' API. */
export function buildOpenApiDocument(siteUrl: string) {
  const toJson = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" });
  const paths: Record<string, unknown> = {};
  // Built per request: claims defined as data appear once published, and leave when paused (docs/decisions/059).
  for (const claim of allClaims().filter((c) => !c.data?.paused)) {
    const answers = toJson(claim.schema) as { properties?: Record<string, unknown>; required?: string[] };
    paths[`/api/leads/${claim.slug}`] = {
      post: {
        summary: `Submit a ${claim.caseType} claim`,
        operationId: `submit-${claim.slug}`,
        description:
          "Only suppliers send leads through this API, each with its own key (docs/decisions/046): without a valid key the answer is 401, before the body is read. The lead is recorded as consent asserted by the supplier, with the evidence it sends in consentEvidence; its certificate never claims a form we served.",
        security: [{ supplierKey: [] }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  ...answers.properties,
                  [SUBMISSION_KEY_FIELD]: {
                    type: "string",
                    pattern: "^[A-Za-z0-9_-]{8,100}$",
                    description: "Idempotency key: a repeated submission with the same key returns the first lead.",
                  },
                  [HONEYPOT_FIELD]: { type: "string", description: "Honeypot; leave empty." },
                  pageUrl: { type: "string", format: "uri", description: "The page the visitor submitted from." },
                  attribution: toJson(attributionSchema),
                  [EVIDENCE_FIELD]: {
                    type: "object",
                    additionalProperties: false,
                    description: "The consent you collected, recorded on the certificate as your assertion (checked for form only; nothing is fetched).",
                    properties: {
                      certificateUrl: {
                        type: "string",
                        description: "A TrustedForm certificate URL (https://cert.trustedform.com/<40 hex digits>) or a Jornaya LeadiD token (a UUID).",
                      },
                      pageUrl: { type: "string", format: "uri", description: "The page where the person consented." },
                      consentText: { type: "string", maxLength: 5000, description: "The consent text the person agreed to." },
                      consentedAt: { type: "string", format: "date-time", description: "When the person consented, as you recorded it." },
                    },
                  },
                },
                required: answers.required ?? [],
              },
            },
          },
        },
        responses: {
          "201": {
            description: "Lead saved",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    leadId: { type: "string" },
                    outcome: { enum: ["eligible", "partial", "ineligible", null] },
                    certificateUrl: { type: ["string", "null"] },
                    duplicateOf: {
                      type: "string",
                      description:
                        "Present only when you sent this person's first lead of this claim within the duplicate window yourself: that lead's id. Never about another source's leads.",
                    },
                    submissionKeyReplayed: {
                      type: "boolean",
                      description:
                        "True when this submission key was used before: the first lead saved under it is returned and nothing new is saved. The answer never says whether the person sent a lead before (the operator sees duplicates in the console).",
                    },
                  },
                  required: ["leadId", "outcome", "certificateUrl", "submissionKeyReplayed"],
                },
              },
            },
          },
          "200": { description: "Replayed submission key: the first lead saved under it is returned, with the same body as 201 and submissionKeyReplayed true" },
          "400": {
            description:
              "Invalid submission; fieldErrors holds one message per field. Besides the claim's own checks, the phone must be a US number libphonenumber knows (an area code in use, a real exchange) and the e-mail must pass the server's syntax and length checks",
            content: {
              "application/json": {
                schema: { ...errorBody, properties: { ...errorBody.properties, fieldErrors: { type: "object", additionalProperties: { type: "string" } } } },
              },
            },
          },
          "401": { description: "No supplier key, or an unknown, revoked or replaced one", content: { "application/json": { schema: errorBody } } },
          "403": { description: "The supplier is paused, or may not send this claim", content: { "application/json": { schema: errorBody } } },
          "404": { description: "Unknown case type" },
          "409": { description: "Submission key reused for a different submission" },
          "413": { description: "Body larger than 32 KB" },
          "415": { description: "Content-Type is not application/json" },
          "429": { description: "Too many leads from this IP address in the last hour, or the supplier's daily cap (UTC day) is reached" },
          "503": { description: "The database did not commit the lead (nothing was saved); retry after Retry-After seconds" },
        },
      },
    };
  }
  paths["/api/revocations"] = revocationsPath();
  paths["/api/returns"] = returnsPath();
  return {
    openapi: "3.1.0",
    info: { title: "Claim intake API", version: "1.0.0" },
    servers: [{ url: siteUrl }],
    paths: { ...paths, ...certificatePaths() },
    components: {
      securitySchemes: {
        buyerApiKey: buyerApiKeyScheme,
        supplierKey: {
          type: "http",
          scheme: "bearer",
          description: "A supplier key (lsk_…) the operator made on /admin/suppliers, shown once; send it as 'Authorization: Bearer <key>'.",
        },
      },
    },
  };
}

/** A buyer reports a revocation of consent it received (docs/decisions/025). */
function revocationsPath() {
  return {
    post: {
      summary: "Report a revocation of consent",
      description:
        "Every lead with this phone number or e-mail address that was sent to you is revoked, is never delivered again, and every destination that received one is sent a signed lead.consent_revoked event. Leads not sent to you are left alone. The answer is the same whether or not anything matched. At most 60 reports per key per minute and 10 per contact per key per day.",
      operationId: "report-revocation",
      security: [{ buyerApiKey: [] }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              additionalProperties: false,
              minProperties: 1,
              properties: {
                phone: { type: "string", description: "A 10-digit US number, any formatting: (415) 555-0134, +1 415 555 0134." },
                email: { type: "string", format: "email" },
                revokedAt: { type: "string", format: "date-time", description: "When the person revoked consent; now if absent. Not in the future, nor before the lead you were sent was created." },
              },
            },
          },
        },
      },
      responses: {
        "202": {
          description: "Recorded; revealing nothing about whether the person is in our records",
          content: { "application/json": { schema: { type: "object", properties: { status: { const: "accepted" }, message: { type: "string" } } } } },
        },
        "400": { description: "Neither phone nor email, a malformed value, an unknown field, or revokedAt in the future or before the lead you were sent was created", content: { "application/json": { schema: errorBody } } },
        "401": { description: "No API key, or an unknown one", content: { "application/json": { schema: errorBody } } },
        "429": { description: "Too many reports from this key (per minute, or for this contact per day); retry after Retry-After seconds", content: { "application/json": { schema: errorBody } } },
        "413": { description: "Body larger than 32 KB" },
        "415": { description: "Content-Type is not application/json" },
      },
    },
  };
}

/** A buyer returns a lead it bought (docs/decisions/041). */
function returnsPath() {
  return {
    post: {
      summary: "Return a lead you bought",
      description:
        "Within your return window (7 days after the sale unless agreed otherwise), with a reason code. Within your return cap (15% of your sales this month unless agreed otherwise) the return is approved at once and the lead's price is credited on your next statement; over it, it waits for the operator's decision. A lead is returned once.",
      operationId: "return-lead",
      security: [{ buyerApiKey: [] }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              additionalProperties: false,
              required: ["leadId", "reason"],
              properties: {
                leadId: { type: "string", description: "The id of the lead, as it was delivered to you." },
                reason: { type: "string", enum: ["wrong-number", "duplicate", "not-interested", "already-represented", "other"] },
                text: { type: "string", maxLength: 500, description: "Why; required when reason is 'other'." },
              },
            },
          },
        },
      },
      responses: {
        "201": {
          description: "The return is recorded: approved (and credited), or pending the operator's approval",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { returnId: { type: "string" }, status: { enum: ["approved", "pending"] }, credited: { type: "boolean" } },
              },
            },
          },
        },
        "400": { description: "A missing or unknown reason, 'other' without text, or an unknown field", content: { "application/json": { schema: errorBody } } },
        "401": { description: "No API key, or an unknown one", content: { "application/json": { schema: errorBody } } },
        "404": { description: "You did not buy this lead (the same answer whether or not it exists)", content: { "application/json": { schema: errorBody } } },
        "429": { description: "Too many returns from this key (per minute, or for this lead per day); retry after Retry-After seconds", content: { "application/json": { schema: errorBody } } },
        "409": { description: "Already returned, nothing left to credit, or the return window has closed", content: { "application/json": { schema: errorBody } } },
        "413": { description: "Body larger than 32 KB" },
        "415": { description: "Content-Type is not application/json" },
      },
    },
  };
}
