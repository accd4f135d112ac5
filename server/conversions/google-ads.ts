import { CURRENCY, currencyUnits, type ConversionFacts } from "./conversion-facts";
import { hashedIdentifiers } from "./identifiers";

/** The Google Ads API version the requests are written for (REST, docs/decisions/061). */
export const GOOGLE_ADS_API_VERSION = "v26";

export interface GoogleTarget {
  customerId: string;
  loginCustomerId: string | null;
  submittedActionId: string | null;
  soldActionId: string;
  /** validateOnly: Google checks the request and records nothing. */
  testMode: boolean;
}

export interface GoogleCredentials {
  developerToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

/** "yyyy-mm-dd hh:mm:ss+|-hh:mm", as ClickConversion.conversion_date_time documents; ours in UTC. */
export function googleDateTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace("T", " ")}+00:00`;
}

const actionName = (target: GoogleTarget, actionId: string) => `customers/${target.customerId}/conversionActions/${actionId}`;

export interface GoogleRequest {
  path: string;
  body: Record<string, unknown>;
}

/**
 * The request for one event, or null when there is nothing to send (no conversion action for it).
 * Submitted and sold leads are click conversions (ConversionUploadService.UploadClickConversions) keyed
 * by the gclid, with the hashed e-mail and phone as user identifiers (enhanced conversions for leads);
 * the sold one carries the price and the sale's id as order_id. A return adjusts that sold conversion
 * (ConversionAdjustmentUploadService): a RETRACTION when nothing of the sale is left, else a RESTATEMENT
 * to what is left.
 */
export function googleRequest(target: GoogleTarget, facts: ConversionFacts): GoogleRequest | null {
  const common = { partialFailure: true, validateOnly: target.testMode };
  if (facts.kind === "returned") {
    if (!facts.saleId) return null;
    const left = facts.valueCents ?? 0;
    return {
      path: `/${GOOGLE_ADS_API_VERSION}/customers/${target.customerId}:uploadConversionAdjustments`,
      body: {
        conversionAdjustments: [
          {
            conversionAction: actionName(target, target.soldActionId),
            adjustmentType: left > 0 ? "RESTATEMENT" : "RETRACTION",
            adjustmentDateTime: googleDateTime(facts.at),
            orderId: facts.saleId,
            ...(left > 0 ? { restatementValue: { adjustedValue: currencyUnits(left), currencyCode: CURRENCY } } : {}),
          },
        ],
        ...common,
      },
    };
  }
  const actionId = facts.kind === "sold" ? target.soldActionId : target.submittedActionId;
  if (!actionId) return null;
  const hashed = hashedIdentifiers("google", { email: facts.email, phoneE164: facts.phoneE164 });
  const userIdentifiers = [
    ...(hashed.email ? [{ hashedEmail: hashed.email }] : []),
    ...(hashed.phone ? [{ hashedPhoneNumber: hashed.phone }] : []),
  ];
  return {
    path: `/${GOOGLE_ADS_API_VERSION}/customers/${target.customerId}:uploadClickConversions`,
    body: {
      conversions: [
        {
          conversionAction: actionName(target, actionId),
          conversionDateTime: googleDateTime(facts.at),
          ...(facts.gclid ? { gclid: facts.gclid } : {}),
          ...(userIdentifiers.length ? { userIdentifiers } : {}),
          orderId: facts.kind === "sold" ? facts.saleId : facts.leadId,
          ...(facts.kind === "sold" && facts.valueCents !== null ? { conversionValue: currencyUnits(facts.valueCents), currencyCode: CURRENCY } : {}),
        },
      ],
      ...common,
    },
  };
}

/** The headers Google Ads API requests carry: the OAuth access token, the developer token, the manager account. */
export function googleHeaders(target: GoogleTarget, credentials: GoogleCredentials, accessToken: string): Record<string, string> {
  return {
    "content-type": "application/json",
    authorization: `Bearer ${accessToken}`,
    "developer-token": credentials.developerToken,
    ...(target.loginCustomerId ? { "login-customer-id": target.loginCustomerId } : {}),
  };
}

/**
 * The error a 200 answer names: with partialFailure, a conversion Google refused comes back in
 * partialFailureError, not as an HTTP error. Null when every conversion was taken.
 */
export function googlePartialFailure(body: string | null): string | null {
  if (!body) return null;
  try {
    const answer = JSON.parse(body) as { partialFailureError?: { message?: string; code?: number } };
    const failure = answer.partialFailureError;
    return failure && (failure.code ?? 0) !== 0 ? `Google refused the conversion: ${failure.message ?? `code ${failure.code}`}` : null;
  } catch {
    return null;
  }
}
