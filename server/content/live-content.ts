import { createPolledReload } from "../polled-reload";
import type { SiteIdentity } from "#claims/engine/types";
import type { Logger } from "../logger";
import { claims } from "#claims/registry";
import type { SpanishTable } from "#claims/engine/localize";
import { changedClaimTexts } from "./claim-texts";
import { claimOfEntry, claimTextsEntry, defaultBodies, landingEntry, localeOfEntry, type ContentBodies, type ClaimTextsBody, type ContentEntryName, type HomeHeroBody, type LandingBody, type TrustStripBody } from "./content-kinds";
import type { ContentDraft, ContentStore, PublishedVersions } from "./content-store";
import { withEnglishDisclaimer } from "./spanish-landing";

/** What the pages show: the published content (or the built-in defaults), with one draft in a preview. */
export interface SiteContent {
  /** The brand, contact details and the consent text with its version: what claim forms and certificates use. */
  site: SiteIdentity & { address: string };
  trustStrip: TrustStripBody;
  homeHero: HomeHeroBody;
  /**
   * Each claim's landing copy by slug, for the claims that have one published (or previewed); a claim
   * without one shows its folder's words (app/landing/claim-shown.ts).
   */
  landings: Record<string, LandingBody>;
  /**
   * The same for the Spanish pages (`landing:<slug>:es`), for the claims that have one published (or
   * previewed), or whose English page shows a disclaimer their Spanish copy lacks (spanish-landing.ts).
   */
  landingsEs: Record<string, LandingBody>;
  /**
   * Each built-in claim's published (or previewed) Spanish texts (`claim-texts:<slug>:es`) by slug: only
   * those that differ from its folder's table, and only for claims that have such texts. The same object
   * until the content changes, so that a claim's Spanish definition is made once per publish (claimIn).
   */
  claimTextsEs: Record<string, SpanishTable>;
  /** The home hero of the Spanish home page (`home-hero:es`). */
  homeHeroEs: HomeHeroBody;
  /** The entry whose draft this shows instead of its published version (a preview), else null. */
  preview: ContentEntryName | null;
}

/** How often each web instance asks the database whether anything was published (the issue asks for 5 s at most). */
export const CONTENT_POLL_MS = 1_000;

export function siteContentOf(defaults: ContentBodies, published: PublishedVersions, draft: ContentDraft | null = null): SiteContent {
  const body = <N extends ContentEntryName>(entry: N): ContentBodies[N] =>
    draft?.entry === entry ? (draft.body as ContentBodies[N]) : (published[entry]?.body as ContentBodies[N] | undefined) ?? defaults[entry];
  // A draft's consent text has no version yet (0); without any published one the built-in text stands, unversioned.
  const consentVersion = draft?.entry === "consent-text" ? 0 : published["consent-text"]?.number;
  const consent = consentVersion === undefined ? {} : { consent: { template: body("consent-text").template, version: consentVersion } };
  // The Spanish consent text (docs/decisions/058), which Spanish pages show as `consent` (siteInLanguage).
  const consentEsVersion = draft?.entry === "consent-text:es" ? 0 : published["consent-text:es"]?.number;
  const consentEs = consentEsVersion === undefined ? {} : { consentEs: { template: body("consent-text:es").template, version: consentEsVersion } };
  return {
    site: { ...body("site"), ...consent, ...consentEs },
    trustStrip: body("trust-strip"),
    homeHero: body("home-hero"),
    landings: landingsOf(published, draft, "en"),
    landingsEs: spanishLandingsOf(defaults, landingsOf(published, draft, "en"), landingsOf(published, draft, "es")),
    homeHeroEs: body("home-hero:es"),
    claimTextsEs: claimTextsOf(defaults, published, draft),
    preview: draft?.entry ?? null,
  };
}

/** The landing entries of one language (`landing:<slug>`, or `landing:<slug>:es`) by their claim's slug. */
function landingsOf(published: PublishedVersions, draft: ContentDraft | null, locale: "en" | "es"): Record<string, LandingBody> {
  const landings: Record<string, LandingBody> = {};
  const add = (entry: ContentEntryName, body: unknown) => {
    const claim = claimOfEntry(entry);
    if (claim && localeOfEntry(entry) === locale && entry === landingEntry(claim.slug, locale)) landings[claim.slug] = body as LandingBody;
  };
  for (const version of Object.values(published)) if (version) add(version.entry, version.body);
  if (draft) add(draft.entry, draft.body);
  return landings;
}

/** The Spanish texts of each claim that differ from its folder's, published or in the previewed draft. */
function claimTextsOf(defaults: ContentBodies, published: PublishedVersions, draft: ContentDraft | null): Record<string, SpanishTable> {
  const shown: Record<string, SpanishTable> = {};
  for (const { slug } of claims) {
    const entry = claimTextsEntry(slug);
    const body = draft?.entry === entry ? draft.body : published[entry]?.body;
    const changed = body && changedClaimTexts(body as ClaimTextsBody, defaults[entry]!);
    if (changed) shown[slug] = changed;
  }
  return shown;
}

/** The Spanish copies the Spanish pages show: each published one, and a claim's built-in one when it would lack the English page's disclaimer. */
function spanishLandingsOf(defaults: ContentBodies, english: Record<string, LandingBody>, spanish: Record<string, LandingBody>): Record<string, LandingBody> {
  const shown: Record<string, LandingBody> = {};
  for (const { slug } of claims) {
    const own = spanish[slug] ?? defaults[landingEntry(slug, "es")]!;
    const copy = withEnglishDisclaimer(english[slug] ?? defaults[landingEntry(slug)]!, own);
    if (spanish[slug] || copy !== own) shown[slug] = copy;
  }
  return shown;
}

/**
 * The published content held in memory by each web instance, so a page reads it without a query. A
 * timer asks the database for the highest version id every CONTENT_POLL_MS (one indexed read) and
 * reloads the content when it changed; `stamp()` is that id, which the page cache keys its pages by
 * (server/http/static-page-cache.ts), so a publish on any instance shows on every one within about a
 * second, without a restart and without bypassing the cache.
 */
export function createLiveContent({ store, site, logger, pollMs = CONTENT_POLL_MS }: { store: ContentStore; site: SiteIdentity; logger: Logger; pollMs?: number }) {
  const defaults = defaultBodies(site);
  let published: PublishedVersions = {};
  let content = siteContentOf(defaults, published);
  let stamp = -1;

  async function refresh(): Promise<void> {
    const now = await store.stamp();
    if (now === stamp) return;
    published = await store.published();
    content = siteContentOf(defaults, published);
    stamp = now;
  }

  const polled = createPolledReload({ reload: refresh, pollMs, logger, failure: "site content not refreshed; the pages keep the content they had" });

  return {
    defaults,
    current: (): SiteContent => content,
    /** The highest published version id this instance has loaded (-1 before the first load). */
    stamp: (): number => stamp,
    /** Loads the content now (start-up, and right after a publish on this instance). */
    refresh: polled.refresh,
    /** The published content with the draft whose preview token this is, or null when there is none. */
    async preview(token: string): Promise<SiteContent | null> {
      const draft = await store.draftByToken(token);
      return draft ? siteContentOf(defaults, published, draft) : null;
    },
    start: polled.start,
    stop: polled.stop,
  };
}

export type LiveContent = ReturnType<typeof createLiveContent>;
