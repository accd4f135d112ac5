import { createPolledReload } from "../polled-reload";
import type { Logger } from "../logger";
import { variantIndex } from "./assignment";
import type { ExperimentStore } from "./experiment-store";
import { variantTag, type Experiment, type ShownVariant, type VariantTexts } from "./experiment-types";

export const EXPERIMENTS_POLL_MS = 1_000;

/**
 * The experiments this instance's pages show, in memory (docs/decisions/060), polled as site content
 * is (docs/decisions/055): every second one read of the highest revision, and a reload when it
 * changed. `stamp()` is that revision; the page cache starts again when it changes, so a new, stopped
 * or promoted experiment shows on every instance within about a second.
 */
export function createLiveExperiments({ store, logger, pollMs = EXPERIMENTS_POLL_MS }: { store: ExperimentStore; logger: Logger; pollMs?: number }) {
  let stamp = -1;
  let running = new Map<string, Experiment>();
  /** Per claim, the texts of the winners promoted on it, the latest last, merged. */
  let promoted = new Map<string, VariantTexts>();

  async function refresh(): Promise<void> {
    const revision = await store.revision();
    if (revision === stamp) return;
    const { experiments } = await store.live();
    running = new Map(experiments.filter((experiment) => experiment.status === "running").map((experiment) => [experiment.claim, experiment]));
    promoted = new Map();
    // Ordered by when they ended: a later winner's texts override an earlier one's.
    for (const experiment of experiments.filter((candidate) => candidate.status === "promoted")) {
      const winner = experiment.variants.find((variant) => variant.key === experiment.winner);
      if (winner) promoted.set(experiment.claim, overlay(promoted.get(experiment.claim), winner));
    }
    stamp = revision;
  }

  const polled = createPolledReload({ reload: refresh, pollMs, logger, failure: "experiments not refreshed; the pages keep the variants they had" });

  /** What a visitor (their first-touch cookie, or null without one) sees on a claim's pages. */
  function shown(claim: string, visitorKey: string | null | undefined): ShownVariant | null {
    const experiment = running.get(claim);
    if (experiment && visitorKey) {
      const variant = experiment.variants[variantIndex(visitorKey, experiment.id, experiment.variants.length)]!;
      return { texts: overlay(promoted.get(claim), variant), tag: variantTag(experiment.id, variant.key) };
    }
    return base(claim);
  }

  /** The page of one variant by its tag (a page rendered once for all its visitors), or the claim's page without one. */
  function shownAs(claim: string, tag: string | null): ShownVariant | null {
    const experiment = running.get(claim);
    const variant = tag && experiment?.variants.find((candidate) => variantTag(experiment.id, candidate.key) === tag);
    return variant ? { texts: overlay(promoted.get(claim), variant), tag } : base(claim);
  }

  function base(claim: string): ShownVariant | null {
    const texts = promoted.get(claim);
    return texts ? { texts, tag: null } : null;
  }

  return {
    shown,
    shownAs,
    /** The tag a visitor's funnel events and lead carry on a claim ('' outside a running experiment). */
    tagOf: (claim: string, visitorKey: string | null | undefined): string => shown(claim, visitorKey)?.tag ?? "",
    stamp: (): number => stamp,
    /** Loads now (start-up, and right after a change on this instance). */
    refresh: polled.refresh,
    start: polled.start,
    stop: polled.stop,
  };
}

export type LiveExperiments = ReturnType<typeof createLiveExperiments>;

/** `texts` over `under`: each text the variant sets replaces the one below; an empty one keeps it. */
function overlay(under: VariantTexts | undefined, texts: VariantTexts): VariantTexts {
  const pick = (key: keyof VariantTexts) => texts[key] || under?.[key] || "";
  return { headline: pick("headline"), heroText: pick("heroText"), cta: pick("cta"), formIntro: pick("formIntro") };
}
