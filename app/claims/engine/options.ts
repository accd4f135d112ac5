import type { Option } from "./types";

/** Options whose stored value is also what visitors read. */
export const labelledAsIs = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

export const YES_NO: readonly Option[] = labelledAsIs(["Yes", "No"]);
