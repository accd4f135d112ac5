import type { AppLoadContext } from "react-router";
import type { SpanishTable } from "#claims/engine/localize";
import type { Locale } from "#claims/engine/locale";
import type { ClaimDefinition } from "#claims/engine/types";
import { spanishClaim } from "#claims/spanish-tables";

/** What of the site content a claim's Spanish needs: the operator's published Spanish texts by claim (docs/decisions/058, amendment). */
export type ClaimTexts = Pick<AppLoadContext["content"], "claimTextsEs">;

/** For what needs only a claim's addresses, the same in every version of its texts (a page's canonical path). */
export const FOLDER_TEXTS: ClaimTexts = { claimTextsEs: {} };

/**
 * A claim as a page in `locale` shows it: its texts and addresses in that language (docs/decisions/058),
 * a built-in claim's Spanish with the operator's published texts over its folder's (`content.claimTextsEs`).
 */
export const claimIn = (claim: ClaimDefinition, locale: Locale, content: ClaimTexts): ClaimDefinition =>
  locale === "es" ? spanishClaim(claim, content.claimTextsEs[claim.slug]) : claim;

/** The texts a form page's loader carried (`spanishTexts`, only those that differ from the folder's), for its component, which has no load context. */
export const claimTextsOfPage = (slug: string, texts: SpanishTable | undefined): ClaimTexts => (texts ? { claimTextsEs: { [slug]: texts } } : FOLDER_TEXTS);
