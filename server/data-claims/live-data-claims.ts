import { createPolledReload } from "../polled-reload";
import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import { setDataClaims } from "#claims/engine/live-claims";
import type { Logger } from "../logger";
import type { DataClaimStore } from "./data-claim-store";

/** How often each process asks whether a claim was published, paused or resumed (as site content, docs/decisions/055). */
export const DATA_CLAIM_POLL_MS = 1_000;

/**
 * The claims defined as data this process runs (docs/decisions/059): the published and paused ones at
 * their live versions, compiled into claim definitions and handed to the registry's look-ups
 * (claims/engine/live-claims.ts). A timer reads the store's stamp every DATA_CLAIM_POLL_MS and reloads
 * when it changed; the instance that made the change reloads at once. A version that no longer
 * compiles (a rule of the engine tightened since) is left out and logged, not served half-checked.
 */
export function createLiveDataClaims({ store, logger, pollMs = DATA_CLAIM_POLL_MS }: { store: DataClaimStore; logger: Logger; pollMs?: number }) {
  let stamp: string | null = null;

  async function reload(): Promise<void> {
    const now = await store.stamp();
    if (now === stamp) return;
    const live = await store.live();
    setDataClaims(
      live.flatMap(({ claim, version, paused }) => {
        try {
          return [compileDataClaim(claim, { version, paused })];
        } catch (error) {
          logger.error({ err: error, slug: claim.slug, version }, "a claim defined as data did not compile; it is not served");
          return [];
        }
      }),
    );
    stamp = now;
  }

  const polled = createPolledReload({ reload, pollMs, logger, failure: "claims defined as data not refreshed; the site keeps the ones it had" });

  return {
    /** Loads the claims now (start-up, and right after a change on this instance). */
    refresh: polled.refresh,
    start: polled.start,
    stop: polled.stop,
  };
}

export type LiveDataClaims = ReturnType<typeof createLiveDataClaims>;
