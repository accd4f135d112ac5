/**
 * Every field a conversion request may carry (docs/decisions/061), as dotted paths with [] for list
 * items. A field not here fails the tests: nothing about the claim, the answers or the person's health
 * can ride along unnoticed.
 */
export const GOOGLE_FIELDS = [
  "conversions[].conversionAction",
  "conversions[].conversionDateTime",
  "conversions[].gclid",
  "conversions[].userIdentifiers[].hashedEmail",
  "conversions[].userIdentifiers[].hashedPhoneNumber",
  "conversions[].orderId",
  "conversions[].conversionValue",
  "conversions[].currencyCode",
  "conversionAdjustments[].conversionAction",
  "conversionAdjustments[].adjustmentType",
  "conversionAdjustments[].adjustmentDateTime",
  "conversionAdjustments[].orderId",
  "conversionAdjustments[].restatementValue.adjustedValue",
  "conversionAdjustments[].restatementValue.currencyCode",
  "partialFailure",
  "validateOnly",
];

export const META_FIELDS = [
  "data[].event_name",
  "data[].event_time",
  "data[].event_id",
  "data[].action_source",
  "data[].event_source_url",
  "data[].user_data.em[]",
  "data[].user_data.ph[]",
  "data[].user_data.fbc",
  "data[].user_data.client_ip_address",
  "data[].user_data.client_user_agent",
  "data[].custom_data.value",
  "data[].custom_data.currency",
  "test_event_code",
  "access_token",
];

/** The neutral event names Meta may get. */
export const META_EVENT_NAMES = ["Lead", "Purchase"];

/** Every leaf of a JSON value as a dotted path, with its value. */
export function leaves(value: unknown, path = ""): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, `${path}[]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

/** Words that would tell a platform what the claim is about; none may appear in any value sent. */
export const TELLING_WORDS = [
  "mesothelioma", "asbestos", "cancer", "depo", "provera", "meningioma", "tumor", "pfas", "roundup", "lymphoma",
  "afff", "rideshare", "uber", "lyft", "assault", "video", "game", "addiction", "injury", "accident", "diagnos", "health", "claim",
];
