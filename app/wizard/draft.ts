import { HONEYPOT_FIELD, type FormValues } from "#claims/engine/form-values";

/**
 * The answers of a claim form in progress, kept for this browser tab only (sessionStorage), so that
 * Back, Forward and reload keep them. Nothing here ever goes into a URL. A submitted claim's draft is
 * dropped and its submission key remembered, so a form shown again afterwards starts fresh.
 */
const draftKey = (slug: string) => `claim-draft:${slug}`;
const USED_KEYS = "claim-submitted-keys";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function loadDraft(slug: string): FormValues | null {
  try {
    const raw = storage()?.getItem(draftKey(slug));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as FormValues) : null;
  } catch {
    return null;
  }
}

export function saveDraft(slug: string, values: FormValues) {
  const { [HONEYPOT_FIELD]: _honeypot, ...kept } = values;
  try {
    storage()?.setItem(draftKey(slug), JSON.stringify(kept));
  } catch {
    // storage full or disabled: the form still works, only reload loses the answers
  }
}

function usedKeys(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(USED_KEYS) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/** Called once the claim is saved: forget its answers, remember that its key was used. */
export function finishDraft(slug: string, submissionKey: string) {
  try {
    storage()?.removeItem(draftKey(slug));
    storage()?.setItem(USED_KEYS, JSON.stringify([...usedKeys().slice(-19), submissionKey]));
  } catch {
    // nothing to clean up
  }
}

export function wasSubmitted(submissionKey: string): boolean {
  return usedKeys().includes(submissionKey);
}
