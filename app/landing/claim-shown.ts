import type { AppLoadContext } from "react-router";
import { withLandingCopy } from "#claims/engine/landing-copy";
import type { ClaimDefinition } from "#claims/engine/types";

/**
 * The claim as this request shows it: with its published landing copy (docs/decisions/055, the
 * `landing:<slug>` entry) or an operator's previewed draft of it, else with its folder's own words.
 * A claim in Spanish (docs/decisions/058) shows its Spanish entry (`landing:<slug>:es`), else its translated words.
 */
export function claimShown(claim: ClaimDefinition, content: AppLoadContext["content"]): ClaimDefinition {
  const copy = (claim.locale ?? "en") === "es" ? content.landingsEs[claim.slug] : content.landings[claim.slug];
  return copy ? withLandingCopy(claim, copy) : claim;
}
