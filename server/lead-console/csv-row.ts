/**
 * One CSV record of text cells, as csv-stringify writes it with `quoted_string` and `escape_formulas`
 * (tests/unit/csv-row.test.ts compares the two): every text cell quoted with its quotes doubled, a
 * null cell empty, and text a spreadsheet would run as a formula (OWASP CSV injection) prefixed with
 * '. The lead export writes a million of these: csv-stringify took more CPU than reading the leads
 * (docs/decisions/030).
 */
export function csvRow(cells: readonly (string | null)[]): string {
  return `${cells.map(csvCell).join(",")}\n`;
}

function csvCell(cell: string | null): string {
  if (cell === null) return "";
  const text = FORMULA_START.has(cell.charCodeAt(0)) ? `'${cell}` : cell;
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

/** = + - @ tab CR and their full-width forms, as csv-stringify's escape_formulas knows them. */
const FORMULA_START = new Set([..."=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20"].map((c) => c.charCodeAt(0)));
