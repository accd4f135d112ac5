import type { AppLoadContext } from "react-router";
import { withLandingCopy } from "#claims/engine/landing-copy";
import type { ClaimDefinition } from "#claims/engine/types";

/**
 * The claim as this request shows it: with its published landing copy (docs/decisions/055, the
 * `landing:<slug>` entry) or an operator's previewed draft of it, else with its folder's own words.
 * That copy is English: a claim in Spanish (docs/decisions/058) keeps its translated words.
 */
export function claimShown(claim: ClaimDefinition, content: AppLoadContext["content"]): ClaimDefinition {
  const copy = (claim.locale ?? "en") === "en" ? content.landings[claim.slug] : undefined;
  return copy ? withLandingCopy(claim, copy) : claim;
}
