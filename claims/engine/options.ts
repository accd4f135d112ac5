import type { Option } from "./types";

/** Options whose stored value is also what visitors read. */
export const labelledAsIs = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

export const YES_NO: readonly Option[] = labelledAsIs(["Yes", "No"]);

/** Yes/No where the spec stores lowercase ids (AFFF, rideshare). */
export const YES_NO_IDS: readonly Option[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];
