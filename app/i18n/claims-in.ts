import type { Locale } from "#claims/engine/locale";
import type { ClaimDefinition } from "#claims/engine/types";
import { spanishClaim } from "#claims/spanish-tables";

/** A claim as a page in `locale` shows it: its texts and addresses in that language (docs/decisions/058). */
export const claimIn = (claim: ClaimDefinition, locale: Locale): ClaimDefinition => (locale === "es" ? spanishClaim(claim) : claim);
