import type { Buyer } from "../../server/distribution";

// One buyer's delivery and rules in the few words a row of the buyers list has room for.

export const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export function deliveryLabel(delivery: Buyer["delivery"]): string {
  if (delivery.method === "webhook") return "Signed webhook";
  return delivery.format === "json" ? "JSON post" : "Form post";
}

/** "$1,234.50": whole cents as money, grouped for reading. */
export function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;
}

/** "$45.00", or "-$45.00" for money given back: the ledger's signed cents. */
export function signedCents(cents: number): string {
  return cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents);
}

/** "$45.00 / lead", or "No price" for a buyer without one. */
export function priceSummary(cents: number | null): string {
  return cents === null ? "No price" : `${formatCents(cents)} / lead`;
}

export function capsSummary(caps: Buyer["rules"]["caps"]): string {
  const parts = [
    caps.perDay === undefined ? null : `${caps.perDay.toLocaleString("en-US")} / day`,
    caps.perMonth === undefined ? null : `${caps.perMonth.toLocaleString("en-US")} / month`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "No cap";
}

/** "Mon–Fri 08:00–18:00", "Every day 22:00–06:00", "Always open". */
export function scheduleSummary(schedule: Buyer["rules"]["schedule"]): string {
  if (!schedule) return "Always open";
  return `${daysSummary(schedule.days)} ${schedule.from}–${schedule.to}`;
}

/** Runs of three days or more as ranges, Monday first: [1,2,3,4,5] is "Mon–Fri", [0,6] "Sat, Sun". */
export function daysSummary(days: readonly number[]): string {
  const set = new Set(days);
  if (set.size === 7) return "Every day";
  // Monday first, as an office week reads.
  const week = [1, 2, 3, 4, 5, 6, 0].filter((day) => set.has(day));
  const runs: number[][] = [];
  let position = -2;
  for (const day of week) {
    const at = [1, 2, 3, 4, 5, 6, 0].indexOf(day);
    if (at === position + 1) runs.at(-1)!.push(day);
    else runs.push([day]);
    position = at;
  }
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${DAY_NAMES[run[0]!]}–${DAY_NAMES[run.at(-1)!]}`] : run.map((day) => DAY_NAMES[day]!)))
    .join(", ");
}

/** The claim types by their names; a type no longer in the registry by its stored value. */
export function claimsSummary(claimTypes: readonly string[], names: Readonly<Record<string, string>>): string {
  return claimTypes.length ? claimTypes.map((caseType) => names[caseType] ?? caseType).join(", ") : "All claims";
}

export function statesSummary(states: readonly string[]): string {
  return states.length ? states.join(", ") : "All states";
}
