/**
 * One CSV record of text cells, as csv-stringify writes it with `quoted_string` and `escape_formulas`
 * (tests/unit/csv-row.test.ts compares the two): every text cell quoted with its quotes doubled, a
 * null cell empty, and text a spreadsheet would run as a formula (OWASP CSV injection) prefixed with
 * ', except a phone number in E.164 form (below). The lead export writes a million of these: csv-stringify took more CPU than reading the leads
 * (docs/decisions/030).
 */
export function csvRow(cells: readonly (string | null)[]): string {
  return `${cells.map(csvCell).join(",")}\n`;
}

function csvCell(cell: string | null): string {
  if (cell === null) return "";
  const text = FORMULA_START.has(cell.charCodeAt(0)) && !E164_PHONE.test(cell) ? `'${cell}` : cell;
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

/** = + - @ tab CR and their full-width forms, as csv-stringify's escape_formulas knows them. */
const FORMULA_START = new Set([..."=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20"].map((c) => c.charCodeAt(0)));

/**
 * '+' and digits only, as E.164 writes a phone number ('+14155550134'): written as it is. Excel,
 * LibreOffice Calc and Google Sheets read a leading '+' before digits alone as the sign of a number,
 * and were they to take it as a formula, it would be a numeric constant: no reference, function or
 * operator can follow. An apostrophe in front, the escape for real formulas, stays in the cell's text
 * for every other reader of the file (docs/decisions/042).
 */
const E164_PHONE = /^\+[1-9]\d{6,14}$/;
