/** The most a bid or a price may be: anything larger is a typo or a buyer's bug, not an offer. */
export const MAX_CENTS = 100_000_00;

export type CentsParse =
  | { ok: true; cents: number; fractionDropped: boolean }
  | { ok: false; reason: string };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Whole cents of an amount in dollars given as a JSON number (12.5) or a decimal string ("12.50").
 * The amount is read from its decimal text, not multiplied as a float (1.15 * 100 is 114.99999999999999),
 * and fractions of a cent are dropped, so nobody is recorded as offering more than it said.
 */
export function dollarsToCents(value: unknown): CentsParse {
  if (
    typeof value === "number" &&
    Number.isFinite(value) &&
    value * 100 > MAX_CENTS
  )
    return { ok: false, reason: `above $${MAX_CENTS / 100}: ${value}` };
  const text = decimalText(value);
  if (text === undefined)
    return { ok: false, reason: `not an amount: ${describe(value)}` };
  if (text.startsWith("-")) return { ok: false, reason: `negative: ${text}` };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: `not an amount: ${describe(value)}` };
  const [, digits, fraction = ""] = match;
  const whole = digits!.replace(/^0+(?=\d)/, "");
  if (whole.length > String(MAX_CENTS).length)
    return { ok: false, reason: `above $${MAX_CENTS / 100}: ${text}` };
  const cents =
    Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  if (cents > MAX_CENTS)
    return { ok: false, reason: `above $${MAX_CENTS / 100}: ${text}` };
  return { ok: true, cents, fractionDropped: /[1-9]/.test(fraction.slice(2)) };
}

/** "$12.50" for the operator. */
export function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function decimalText(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim();
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  // Below a millionth JavaScript writes an exponent (1e-7); such an amount is no whole cent anyway.
  if (Math.abs(value) < 1e-6) return "0";
  // Shortest text that reads back as the same number: what the buyer's JSON said.
  return String(value);
}

function describe(value: unknown): string {
  const text =
    typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
