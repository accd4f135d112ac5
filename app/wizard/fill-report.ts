import { useEffect, useMemo, useRef, type FormEvent } from "react";
import { contactFieldNames, FILL_FACTS_FIELD, type BrowserFillReport, type EntryMethod } from "#claims/engine/proof-fields";
import type { ClaimDefinition } from "#claims/engine/types";

/** How a contact box's text got there, from its input event's inputType (absent when the browser autofills). */
function entryMethod(inputType: string | undefined): EntryMethod {
  if (!inputType || inputType === "insertReplacementText") return "autofilled";
  return inputType.startsWith("insertFromPaste") || inputType === "insertFromDrop" ? "pasted" : "typed";
}

/**
 * The browser's part of the certificate's fill facts (docs/decisions/026): time on each step, the
 * viewport, and whether contact boxes were typed, pasted or autofilled. Written into a hidden field
 * when the claim is submitted; the server checks it and keeps it for the record only.
 */
export function useFillReport(definition: ClaimDefinition, step: number) {
  const report = useRef<{ stepMs: number[]; shownAt: number; entry: Record<string, EntryMethod[]> }>({ stepMs: [], shownAt: 0, entry: {} });
  const contact = useMemo(() => new Set(contactFieldNames(definition)), [definition]);

  useEffect(() => {
    const r = report.current;
    r.shownAt = Date.now();
    return () => {
      r.stepMs[step] = (r.stepMs[step] ?? 0) + Date.now() - r.shownAt;
    };
  }, [step]);

  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!contact.has(name)) return;
    const way = entryMethod((event.nativeEvent as InputEvent).inputType);
    const ways = (report.current.entry[name] ??= []);
    if (!ways.includes(way)) ways.push(way);
  }

  /** Puts the report in the form's hidden field, just before the form is sent. */
  function write(form: HTMLFormElement) {
    const r = report.current;
    const stepMs = definition.steps.map((_s, i) => Math.round((r.stepMs[i] ?? 0) + (i === step ? Date.now() - r.shownAt : 0)));
    const value: BrowserFillReport = { viewport: [window.innerWidth, window.innerHeight], stepMs, entry: r.entry };
    const field = form.elements.namedItem(FILL_FACTS_FIELD);
    if (field instanceof HTMLInputElement) field.value = JSON.stringify(value);
  }

  return { onInput, write };
}
