import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "../../server/export/csv-cell";

// Issue 9 item 5: the lead console export neutralises formulas the way OWASP's CSV-injection page says.
describe("csvCell", () => {
  it.each(["=HYPERLINK(\"http://evil\",\"x\")", "+1+1", "-2+3", "@SUM(A1:A2)", "\t=1", "\r=1", "=cmd|' /C calc'!A0"])(
    "prefixes a formula %j with a quote and quotes the cell",
    (value) => {
      const cell = csvCell(value);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(cell.endsWith('"')).toBe(true);
    },
  );

  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell("Jane")).toBe('"Jane"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell('=1+"2"')).toBe(`"'=1+""2"""`);
  });

  it("leaves numbers, booleans and empty values plain", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(3.5)).toBe("3.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe('""');
  });

  it("makes rows", () => {
    expect(csvRow(["Jane", "=1", 4, null])).toBe(`"Jane","'=1",4,`);
  });
});
