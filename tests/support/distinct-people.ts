/**
 * A different person's e-mail and phone (the claims' `em` and `ph` answers) on every call. Leads of
 * one claim from the same person within DUPLICATE_WINDOW_DAYS are duplicates that buyers do not get,
 * so a test about routing or delivery that saves several leads of a claim gives each its own person,
 * as real leads would have.
 */
let next = 0;

export function anotherPerson(): { em: string; ph: string } {
  const n = next++;
  return { em: `person${n}@example.com`, ph: `(415) 555-${String(1000 + (n % 9000)).padStart(4, "0")}` };
}
