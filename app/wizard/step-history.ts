import { useEffect, useState } from "react";

/** The step named in the URL's hash (`#step-2` is the second step), or null. Answers never go there. */
function stepFromHash(hash: string): number | null {
  const match = /^#step-(\d{1,2})$/.exec(hash);
  return match ? Number(match[1]) - 1 : null;
}
const stepHash = (step: number) => `#step-${step + 1}`;

/**
 * The wizard's steps as entries of the browser's history (docs/decisions/019): each step is the URL's
 * hash, so Back and Forward move between steps. `requestedStep` follows the URL; it is null until the
 * page has hydrated.
 */
export function useStepHistory() {
  const [requestedStep, setRequestedStep] = useState<number | null>(null);
  useEffect(() => {
    const follow = () => setRequestedStep(stepFromHash(window.location.hash));
    follow();
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);

  return {
    requestedStep,
    /** The step the URL names now (the hook's value lags a render behind on hydration). */
    stepInUrl: () => stepFromHash(window.location.hash),
    /** A new entry for `step`, shown from the top of the page, remembering the step it came from. */
    push(step: number, from: number) {
      window.history.pushState({ wizardFrom: from }, "", stepHash(step));
      setRequestedStep(step);
      window.scrollTo(0, 0);
    },
    /** The current entry names `step` instead. */
    replace(step: number) {
      window.history.replaceState(window.history.state, "", stepHash(step));
      setRequestedStep(step);
    },
    back: () => window.history.back(),
    /** The step this entry was pushed from, if the wizard pushed it. */
    cameFrom: () => (window.history.state as { wizardFrom?: number } | null)?.wizardFrom,
  };
}
