import type { ResultPage } from "./landing-types";
import { localizedPath, pathWithoutLocale } from "./locale";
import type { ClaimDefinition, Outcome } from "./types";

/** Where a claim's home-page card leads. */
export function cardHref(claim: ClaimDefinition): string {
  return claim.landing.card.target === "form" ? claim.routes.form : claim.routes.landing;
}

const START_COUNTER = "/start/";

/**
 * Where a landing page's start buttons lead: the form, or the first-party click counter in front of
 * it, which counts a POST (a button) and only redirects a GET, so bots and prefetches write nothing.
 */
export function startHref(claim: ClaimDefinition): string {
  return claim.landing.countStarts ? localizedPath(`${START_COUNTER}${claim.slug}`, claim.locale ?? "en") : claim.routes.form;
}

/** Whether a start button must post to its href (the click counter, /start/... or /es/start/...) rather than link to it. */
export function startPosts(href: string): boolean {
  return href.startsWith(START_COUNTER) || href.startsWith(`/es${START_COUNTER}`);
}

/**
 * Where a claim defined as data's wizard posts (docs/decisions/064): its pages are one route that renders
 * them, whose answers React Router would render as a page, so its JSON twin is a route of its own here.
 */
export const DATA_CLAIM_ANSWERS = "/form-answers";

/**
 * Where the wizard's script posts the form: the form route's answers as JSON (docs/decisions/037),
 * `/mva-claim.json` (`/es/mva-claim.json` in Spanish); a claim defined as data's at
 * `/form-answers/claims/hair-relaxer/form` (`/es/form-answers/...`).
 */
export function formAnswerPath(claim: ClaimDefinition): string {
  if (!claim.data) return `${claim.routes.form}.json`;
  const locale = claim.locale ?? "en";
  return localizedPath(`${DATA_CLAIM_ANSWERS}${pathWithoutLocale(claim.routes.form)}`, locale);
}

/** Every address the landing page answers on; the first is its canonical one. */
export function landingPaths(claim: ClaimDefinition): readonly string[] {
  return [claim.routes.landing, ...(claim.routes.landingAliases ?? [])];
}

/** The result page that shows an outcome (the first page when the claim has no eligibility). */
export function resultPageFor(claim: ClaimDefinition, outcome: Outcome | null): ResultPage | undefined {
  const pages = claim.resultPages ?? [];
  return outcome ? pages.find((page) => page.variants[outcome]) : pages[0];
}

/** Where the wizard sends the visitor once the lead is saved, for claims with result pages of their own. */
export function resultPagePath(claim: ClaimDefinition, outcome: Outcome | null, leadId: string): string | undefined {
  const page = resultPageFor(claim, outcome);
  return page && `${page.path}?lead=${encodeURIComponent(leadId)}`;
}
