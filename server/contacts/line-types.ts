/**
 * libphonenumber's number types (lower case). A US number is mostly 'fixed_line_or_mobile': the NANP
 * does not tell mobiles from landlines by number, so only a carrier lookup (a check) can.
 */
export const LINE_TYPES = [
  "fixed_line_or_mobile",
  "mobile",
  "fixed_line",
  "toll_free",
  "premium_rate",
  "shared_cost",
  "voip",
  "personal_number",
  "pager",
  "uan",
  "voicemail",
  "unknown",
] as const;
export type LineType = (typeof LINE_TYPES)[number];
