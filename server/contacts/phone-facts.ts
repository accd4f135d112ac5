import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { stateOfAreaCode } from "./area-codes";
import type { LineType } from "./line-types";

export interface PhoneFacts {
  lineType: LineType | null;
  areaCode: string | null;
  /** The state the area code serves, by the table in area-codes.ts; null when unknown. */
  areaCodeState: string | null;
  /** Whether the area code lies in the lead's stated state; null when either is unknown. */
  areaCodeInState: boolean | null;
}

/** What the number itself says, offline: its type (libphonenumber's full metadata) and its area code's state. */
export function phoneFactsOf(
  phoneE164: string | null,
  statedState: string | null,
): PhoneFacts {
  const parsed = phoneE164 ? parsePhoneNumberFromString(phoneE164) : undefined;
  if (!parsed)
    return {
      lineType: null,
      areaCode: null,
      areaCodeState: null,
      areaCodeInState: null,
    };
  const type = parsed.getType();
  const lineType = (type ? type.toLowerCase() : "unknown") as LineType;
  if (parsed.countryCallingCode !== "1")
    return {
      lineType,
      areaCode: null,
      areaCodeState: null,
      areaCodeInState: null,
    };
  const areaCode = String(parsed.nationalNumber).slice(0, 3);
  const areaCodeState = stateOfAreaCode(areaCode) ?? null;
  const stated = statedState?.trim().toUpperCase() || null;
  return {
    lineType,
    areaCode,
    areaCodeState,
    areaCodeInState: areaCodeState && stated ? areaCodeState === stated : null,
  };
}
