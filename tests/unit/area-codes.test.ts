import { describe, expect, it } from "vitest";
import { AREA_CODES_NOT_YET_GEOCODED, stateOfAreaCode } from "../../server/contacts/area-codes";
import { GEOCODED_AREA_CODES } from "../../server/contacts/geocoded-area-codes";
import { geocodedAreaCodes } from "../../tools/geocoded-area-codes";

// The area-code table (docs/decisions/048): known codes and overlays read as their states, the
// generated table is what the installed libphonenumber geocoding says, and the hand-kept overlays are
// only those it does not place yet.

describe("area codes by state", () => {
  it.each([
    ["212", "NY"], ["305", "FL"], ["415", "CA"], ["512", "TX"], ["907", "AK"],
    ["202", "DC"], ["206", "WA"], ["201", "NJ"], ["203", "CT"], ["310", "CA"], ["713", "TX"], ["718", "NY"],
  ])("a long-standing code: %s is in %s", (code, state) => {
    expect(stateOfAreaCode(code)).toBe(state);
  });

  it.each([
    // Overlays over the codes above, and newer ones.
    ["332", "NY"], ["646", "NY"], ["917", "NY"], ["786", "FL"], ["645", "FL"], ["628", "CA"], ["737", "TX"], ["945", "TX"],
    ["235", "MO"], ["738", "CA"], ["748", "CO"], ["835", "PA"], ["326", "OH"],
    // Not yet in libphonenumber's geocoding: from the hand-kept list.
    ["436", "OH"], ["624", "NY"], ["679", "MI"], ["861", "IL"],
  ])("an overlay: %s is in %s", (code, state) => {
    expect(stateOfAreaCode(code)).toBe(state);
  });

  it.each(["800", "888", "900", "411", "555", "416", "787", "999"])("%s (toll-free, service, Canadian, territory or unassigned) is unknown", (code) => {
    expect(stateOfAreaCode(code)).toBeUndefined();
  });

  it("the generated table is what the installed libphonenumber geocoding says (run `npm run area-codes` after an upgrade)", () => {
    const table = Object.fromEntries(Object.entries(GEOCODED_AREA_CODES).map(([state, codes]) => [state, codes.split(" ")]));
    expect(table).toEqual(geocodedAreaCodes());
    expect(Object.keys(table)).toHaveLength(51);
  });

  it("the hand-kept overlays are only codes libphonenumber does not place yet (drop one once it does)", () => {
    const geocoded = new Set(Object.values(geocodedAreaCodes()).flat());
    const handKept = Object.values(AREA_CODES_NOT_YET_GEOCODED).flatMap((codes) => codes.split(" "));
    expect(handKept.filter((code) => geocoded.has(code))).toEqual([]);
  });
});
