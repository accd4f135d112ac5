/**
 * CSV cells for the lead console's export, safe to open in a spreadsheet (OWASP, 'CSV Injection'):
 * every text cell is wrapped in double quotes with its quotes doubled, and text that starts with
 * '=', '+', '-', '@', a tab or a carriage return gets a leading single quote, so the spreadsheet
 * shows it as text instead of running it as a formula. Numbers and booleans stay as they are.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(",");
}
