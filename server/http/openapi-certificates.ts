import { JWKS_PATH } from "../certificates/certificate-signing";

const errorBody = { type: "object", properties: { error: { type: "string" } }, required: ["error"] };
const error = (description: string) => ({ description, content: { "application/json": { schema: errorBody } } });
const certificateIdParameter = {
  name: "certificateId",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^tfp_\\d{13}_[a-z0-9]{9}$" },
  description: "The certificate's ID, as in its verification link (?cert=...).",
};

/** The buyers' key: issued by the operator on the buyer's page, sent as a bearer token (or X-Api-Key). */
export const buyerApiKeyScheme = {
  type: "http",
  scheme: "bearer",
  description: "A buyer's API key (lpk_...), issued by the operator on the buyer's page. `X-Api-Key: <key>` is taken as well.",
};

/** OpenAPI paths of the signed certificates, their keys and the match API (docs/decisions/024). */
export function certificatePaths() {
  return {
    "/api/certificates/{certificateId}": {
      get: {
        summary: "The masked certificate, signed",
        operationId: "get-certificate",
        description:
          "The certificate as the public page shows it (personal data masked), as a compact JWS signed with Ed25519 (alg EdDSA, " +
          "typ consent-certificate+jwt). Its payload has iss (this site), sub (the certificate ID) and iat. Verify it with a key of " +
          `${JWKS_PATH}, chosen by the kid in its header. Reading it is not counted as a verification.`,
        parameters: [certificateIdParameter],
        responses: {
          "200": { description: "The compact JWS", content: { "application/jose": { schema: { type: "string", pattern: "^[\\w-]+\\.[\\w-]+\\.[\\w-]+$" } } } },
          "404": error("No such certificate, or a malformed ID"),
        },
      },
    },
    "/api/certificates/{certificateId}/match": {
      post: {
        summary: "Check an e-mail address or phone number against a certificate",
        operationId: "match-certificate",
        description:
          "Whether the lead behind the certificate gave this e-mail address (compared trimmed and in lower case) or phone number " +
          "(compared in E.164; US unless it has a country code). The stored values are never returned. Every check is recorded " +
          "with the buyer and the results, never the values sent. Only the fields sent are answered. A buyer can check only the " +
          "certificates of leads it was sent or pinged with; any other answers 404, as an unknown certificate does. At most 60 " +
          "checks per key per minute and 10 per certificate per key per day (429 with Retry-After).",
        security: [{ buyerApiKey: [] }],
        parameters: [certificateIdParameter],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  email: { type: "string", maxLength: 320, examples: ["jane@example.com"] },
                  phone: { type: "string", maxLength: 40, examples: ["+14155550134", "(415) 555-0134"] },
                },
                additionalProperties: false,
                minProperties: 1,
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Whether each field sent matches",
            content: {
              "application/json": {
                schema: { type: "object", properties: { email: { type: "boolean" }, phone: { type: "boolean" } }, additionalProperties: false },
              },
            },
          },
          "400": error("Malformed JSON, no field to check, a field of the wrong type, an unknown field, or a phone that is not one"),
          "401": error("No API key, or one that is not valid (revoked or replaced)"),
          "404": error("No such certificate, or one of a lead you were not sent or pinged with"),
          "413": error("Body larger than 32 KB"),
          "429": error("Too many checks from this key (per minute, or of this certificate per day); retry after Retry-After seconds"),
          "415": error("Content-Type is not application/json"),
        },
      },
    },
    [JWKS_PATH]: {
      get: {
        summary: "The public keys certificates are signed with",
        operationId: "get-jwks",
        description: "A JWK Set of Ed25519 keys (kty OKP, crv Ed25519), each with its kid (RFC 7638 thumbprint); the current key first, earlier ones kept.",
        responses: { "200": { description: "The JWK Set", content: { "application/json": { schema: { type: "object", required: ["keys"] } } } } },
      },
    },
  };
}
