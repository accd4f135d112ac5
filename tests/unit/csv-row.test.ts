import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { csvRow } from "../../server/lead-console/csv-row";

// The lead export writes its rows itself (ADR 030): byte for byte what csv-stringify writes with the
// options the export used before, for every kind of cell a lead has.
const CELLS: (string | null)[] = [
  "plain",
  "",
  null,
  'say "hi"',
  "a,b",
  "two\nlines",
  "cr\rinside",
  "=1+2",
  "+1",
  "-2@example.com",
  "@SUM(1,2)",
  "\t=1",
  "\r=1",
  "＝1+2",
  "＋1",
  "－1",
  "＠x",
  "'already",
  "Zoë Ångström 山田 ✓",
  ' "=quoted" ',
];

describe("csvRow", () => {
  it("writes each cell as csv-stringify does with quoted_string and escape_formulas", () => {
    for (const cell of CELLS) expect(csvRow([cell]), JSON.stringify(cell)).toBe(stringify([[cell]], { quoted_string: true, escape_formulas: true }));
  });

  it("writes a whole row, cells in order, ended by a newline", () => {
    expect(csvRow(CELLS)).toBe(stringify([CELLS], { quoted_string: true, escape_formulas: true }));
    expect(csvRow([null, null])).toBe(",\n");
  });

  it("writes an E.164 phone number as it is, without the apostrophe of a formula", () => {
    expect(csvRow(["+14155550134", "+442071838750"])).toBe('"+14155550134","+442071838750"\n');
    // Anything more than '+' and digits can compute: it keeps the escape.
    for (const cell of ["+1 415 555 0134", "+1-415-555-0134", "+14155550134+1", "+1415555013A", "+0123456789", "+1"]) {
      expect(csvRow([cell]), cell).toBe(`"'${cell}"\n`);
    }
  });
});
