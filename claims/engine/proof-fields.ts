import { allFields } from "./form-values";
import { isIdentifyingField } from "./identifying-fields";
import type { ClaimDefinition } from "./types";

/**
 * Hidden fields a claim form carries for its consent record (docs/decisions/026). Neither is an answer:
 * the server reads them for the certificate's fill facts and the timed honeypot, and never refuses a
 * submission because of them.
 */

/** The server's signed render time of the form, and the times each step was posted without JavaScript. */
export const FORM_TIMING_FIELD = "formTiming";
/** What the browser observed while the form was filled (JSON), written by the wizard when JavaScript runs. */
export const FILL_FACTS_FIELD = "fillFacts";

/** How a contact answer got into its box, as the browser's input events tell it. */
export type EntryMethod = "typed" | "pasted" | "autofilled";
export const ENTRY_METHODS: readonly EntryMethod[] = ["typed", "pasted", "autofilled"];

/** The browser's report, as the wizard writes it into FILL_FACTS_FIELD. */
export interface BrowserFillReport {
  /** Viewport width and height in CSS pixels. */
  viewport: [number, number];
  /** Milliseconds spent on each step (by step index), summed over visits. */
  stepMs: number[];
  /** For each contact field the visitor changed: every way its text was entered. */
  entry: Record<string, EntryMethod[]>;
}

const TYPED_KINDS = new Set(["text", "email", "tel"]);

/** The typed boxes that identify or reach the claimant (name, e-mail, phone): whose entry method the fill facts record. */
export function contactFieldNames(definition: ClaimDefinition): string[] {
  return allFields(definition)
    .filter((field) => TYPED_KINDS.has(field.kind) && isIdentifyingField(field))
    .map((field) => field.name);
}
