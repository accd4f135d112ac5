import { z } from "zod";
import { landingCopyOf, resultHasEstimate, type LandingCopy } from "#claims/engine/landing-copy";
import { BUILT_IN_CONSENT_TEMPLATE } from "#claims/engine/personal-fields";
import { claimBySlug, claims } from "#claims/registry";
import { spanishClaim } from "#claims/spanish-tables";
import type { Locale } from "#claims/engine/locale";
import { BUILT_IN_CONSENT_TEMPLATE_ES } from "#claims/engine/messages-es";
import type { SiteIdentity } from "#claims/engine/types";
import { claimTextsSchema, defaultClaimTexts, type ClaimTextsBody } from "./claim-texts";

/**
 * The kinds of site content entry (docs/decisions/055): each entry's fields, checked with zod, with
 * messages an operator reads beside the field. An entry's name is its kind, then what it is about
 * after a colon (`landing:mva`: one entry per claim of the registry); a language suffix (`:es`) can
 * follow, keeping one kind and many names.
 */

/** A required text field of `min` to `max` characters, with messages naming it (blog posts use it too). */
export const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .min(min, { error: `${label} needs at least ${min} characters.` })
    .max(max, { error: `${label} can be at most ${max} characters.` });

const siteSchema = z.object({
  name: text("The brand name", 1, 80),
  phone: text("The phone number", 1, 30).regex(/^\+?[\d ().-]{7,30}$/, { error: "The phone number may hold only digits, spaces, ( ) . - and a leading +, at least 7." }),
  email: z.email({ error: "The e-mail address is not valid (name@example.com)." }).max(254, { error: "The e-mail address can be at most 254 characters." }),
  address: z.string().trim().max(300, { error: "The postal address can be at most 300 characters." }),
});

const figureSchema = z.object({
  figure: text("Each figure", 1, 20),
  label: text("Each figure's label", 1, 60),
  // Kept for the record (who counted it, from what); never shown to visitors.
  source: text("Each figure's source note", 10, 500),
});

const trustStripSchema = z.object({
  figures: z.array(figureSchema).max(4, { error: "The trust strip shows at most 4 figures." }),
});

const homeHeroSchema = z.object({
  headline: text("The headline", 1, 120),
  text: text("The text", 1, 400),
  cta: text("The call to action", 1, 40),
});

const consentSchema = z.object({
  template: text("The consent text", 80, 2000).refine((value) => value.includes("/opt-out"), {
    error: "The consent text must tell people they can revoke consent on /opt-out.",
  }),
});

const landingSchema = z.object({
  seo: z.object({ title: text("The page title", 1, 120), description: text("The page description", 1, 300) }),
  hero: z.object({
    badge: text("The badge", 1, 60),
    title: text("The headline", 1, 120),
    intro: text("The introduction", 1, 600),
    // 60, not the home hero's 40: a claim's built-in Spanish runs longer (video-game's is 56 characters).
    cta: text("The call to action", 1, 60),
  }),
  figures: z
    .array(z.object({ label: text("Each figure's label", 1, 40), value: text("Each figure", 1, 30) }))
    .max(4, { error: "The landing page shows at most 4 settlement figures." }),
  disclaimer: z.string().trim().max(300, { error: "The disclaimer can be at most 300 characters." }),
  card: z.object({
    description: text("The home card's description", 1, 200),
    figureLabel: text("The home card's figure label", 1, 40),
    figure: text("The home card's figure", 1, 30),
  }),
  faq: z
    .array(z.object({ question: text("Each question", 5, 200), answer: text("Each answer", 1, 1000) }))
    .max(8, { error: "The landing page shows at most 8 questions." }),
  results: z
    .array(
      z
        .object({
          key: z.string().regex(/^[a-z0-9/#-]{1,120}$/, { error: "This result is not one of the claim's." }),
          heading: text("Each result's heading", 1, 120),
          text: z.string().trim().max(600, { error: "Each result's text can be at most 600 characters." }),
          estimate: z.string().trim().max(40, { error: "Each result's estimate can be at most 40 characters." }),
        })
        .refine((result) => resultHasEstimate(result.key) || result.text.length > 0, { error: "Each result screen's message is required.", path: ["text"] })
        .refine((result) => !resultHasEstimate(result.key) || result.estimate.length > 0, { error: "Each result page's estimate is required.", path: ["estimate"] }),
    )
    .max(12, { error: "A claim has at most 12 results." }),
}) satisfies z.ZodType<LandingCopy>;

export type SiteBody = z.infer<typeof siteSchema>;
export type TrustFigure = z.infer<typeof figureSchema>;
export type TrustStripBody = z.infer<typeof trustStripSchema>;
export type HomeHeroBody = z.infer<typeof homeHeroSchema>;
export type ConsentBody = z.infer<typeof consentSchema>;
export type LandingBody = LandingCopy;
export type { ClaimTextsBody };

/** The rows of figures the trust strip's form offers. */
export const TRUST_FIGURE_ROWS = 4;
/** The rows of settlement figures a landing entry's form offers. */
export const LANDING_FIGURE_ROWS = 4;
/** The most questions a landing page shows; the form offers two empty rows beyond those it has. */
export const FAQ_ROWS = 8;

export const CONTENT_KINDS = {
  site: { title: "Brand and contact", schema: siteSchema, previewPath: "/" },
  "trust-strip": { title: "Trust strip", schema: trustStripSchema, previewPath: "/" },
  "home-hero": { title: "Home page hero", schema: homeHeroSchema, previewPath: "/" },
  // The consent text sits beside a claim form's last checkbox: the admin page previews it as the form shows it.
  "consent-text": { title: "Consent text", schema: consentSchema, previewPath: null },
  // One entry per claim: its landing page's words, its home card's, and its results' (claims/engine/landing-copy.ts).
  landing: { title: "Landing page", schema: landingSchema, previewPath: null },
  // Spanish (docs/decisions/058): the same kinds, each with its own versions; a Spanish certificate names the Spanish version.
  "home-hero:es": { title: "Home page hero (Spanish)", schema: homeHeroSchema, previewPath: "/es" },
  "consent-text:es": { title: "Consent text (Spanish)", schema: consentSchema, previewPath: null },
  // One entry per built-in claim, `claim-texts:<slug>:es`: the Spanish of its form's (and pages') texts by their
  // English (./claim-texts.ts); parseBody checks a body against its own claim's texts, beyond this shape.
  "claim-texts": { title: "Form texts (Spanish)", schema: z.record(z.string(), z.string()), previewPath: null },
} as const;

export type ContentKind = keyof typeof CONTENT_KINDS;
type SiteWideEntry = Exclude<ContentKind, "landing" | "claim-texts">;
/** A claim's landing entry: `landing:<slug>`, and its Spanish `landing:<slug>:es`. */
export type LandingEntry = `landing:${string}`;
/** A built-in claim's Spanish texts: `claim-texts:<slug>:es`. */
export type ClaimTextsEntry = `claim-texts:${string}:es`;
export type ContentEntryName = SiteWideEntry | LandingEntry | ClaimTextsEntry;

export type ContentBodies = {
  site: SiteBody;
  "trust-strip": TrustStripBody;
  "home-hero": HomeHeroBody;
  "consent-text": ConsentBody;
  "home-hero:es": HomeHeroBody;
  "consent-text:es": ConsentBody;
} & { [entry: LandingEntry]: LandingBody } & { [entry: ClaimTextsEntry]: ClaimTextsBody };

export const landingEntry = (slug: string, locale: Locale = "en"): LandingEntry => (locale === "es" ? `landing:${slug}:es` : `landing:${slug}`);

export const claimTextsEntry = (slug: string): ClaimTextsEntry => `claim-texts:${slug}:es`;

/** The language of an entry's words: Spanish for a `:es` suffix (docs/decisions/058). */
export const localeOfEntry = (entry: ContentEntryName): Locale => (entry.endsWith(":es") ? "es" : "en");

/** The kind of an entry: its own when it is one (a language's entry, `home-hero:es`), else its name up to the first colon. */
export const kindOf = (entry: ContentEntryName): ContentKind => (Object.hasOwn(CONTENT_KINDS, entry) ? entry : entry.split(":")[0]) as ContentKind;

const CLAIM_KINDS: readonly ContentKind[] = ["landing", "claim-texts"];

/** The claim a landing or claim-texts entry is about (by its second part), or null for any other entry. */
export const claimOfEntry = (entry: ContentEntryName) => (CLAIM_KINDS.includes(kindOf(entry)) ? (claimBySlug(entry.split(":")[1] ?? "") ?? null) : null);

/**
 * The claim as a landing entry's words apply to it: the English definition, or for `landing:<slug>:es`
 * the claim in Spanish (its table applied, its pages under /es); null for any other entry.
 */
export function claimEditedBy(entry: ContentEntryName) {
  const claim = claimOfEntry(entry);
  return claim && localeOfEntry(entry) === "es" ? spanishClaim(claim) : claim;
}

/**
 * Every entry there is: the site-wide ones, then each claim's landing entries (English, then Spanish)
 * and its Spanish texts, in the registry's order.
 */
export const CONTENT_ENTRIES: readonly ContentEntryName[] = [
  ...(Object.keys(CONTENT_KINDS) as ContentKind[]).filter((kind): kind is SiteWideEntry => !CLAIM_KINDS.includes(kind)),
  ...claims.flatMap((claim) => [landingEntry(claim.slug), landingEntry(claim.slug, "es"), claimTextsEntry(claim.slug)]),
];

export const isContentEntry = (name: string): name is ContentEntryName => (CONTENT_ENTRIES as readonly string[]).includes(name);

/** The entry's heading on /admin/content. */
export function entryTitle(entry: ContentEntryName): string {
  const claim = claimOfEntry(entry);
  if (!claim) return CONTENT_KINDS[kindOf(entry)].title;
  if (kindOf(entry) === "claim-texts") return `Form texts (Spanish): ${claim.landing.card.title}`;
  return localeOfEntry(entry) === "es" ? `Landing page (Spanish): ${claim.landing.card.title}` : `Landing page: ${claim.landing.card.title}`;
}

/** The real page that previews the entry's draft (`?preview=<token>`), or null when /admin/content shows it itself. */
export function entryPreviewPath(entry: ContentEntryName): string | null {
  const claim = claimEditedBy(entry);
  // A claim's Spanish texts are mostly its form's: the real /es form page previews them.
  if (claim && kindOf(entry) === "claim-texts") return claim.routes.form;
  return claim ? claim.routes.landing : CONTENT_KINDS[kindOf(entry)].previewPath;
}

/**
 * What the site shows before anything is published: the brand from the environment (SITE_NAME,
 * SITE_PHONE, SITE_EMAIL), no track-record figures (the operator enters its own), the hero's
 * built-in words, the built-in consent text.
 */
export function defaultBodies(site: SiteIdentity): ContentBodies {
  return {
    site: { name: site.name, phone: site.phone, email: site.email, address: site.address ?? "" },
    "trust-strip": { figures: [] },
    "home-hero": {
      headline: "Get the Compensation You Deserve",
      text: "Answer a few short questions and {brand} connects you with an experienced attorney in your state. No upfront fees: you pay only if your case is won.",
      cta: "Find your claim",
    },
    "consent-text": { template: BUILT_IN_CONSENT_TEMPLATE },
    ...Object.fromEntries(claims.map((claim) => [landingEntry(claim.slug), landingCopyOf(claim)])),
    // A claim's built-in Spanish: its messages-es table applied to its landing (claims/engine/localize.ts).
    ...Object.fromEntries(claims.map((claim) => [landingEntry(claim.slug, "es"), landingCopyOf(spanishClaim(claim))])),
    "home-hero:es": {
      headline: "Reciba la compensación que le corresponde",
      text: "Conteste unas preguntas breves y {brand} lo pone en contacto con un abogado con experiencia en su estado. Sin costos por adelantado: solo paga si gana su caso.",
      cta: "Busque su reclamo",
    },
    "consent-text:es": { template: BUILT_IN_CONSENT_TEMPLATE_ES },
    // A claim's Spanish texts as its folder's table (and the engine's) give them.
    ...Object.fromEntries(claims.map((claim) => [claimTextsEntry(claim.slug), defaultClaimTexts(claim)])),
  };
}

export type FieldErrors = Record<string, string>;

/** A body checked against its kind: the body, or each wrong field's message by its form name. */
export function parseBody<N extends ContentEntryName>(name: N, value: unknown): { ok: true; body: ContentBodies[N] } | { ok: false; errors: FieldErrors } {
  const claim = kindOf(name) === "claim-texts" ? claimOfEntry(name) : null;
  const parsed = (claim ? claimTextsSchema(claim) : CONTENT_KINDS[kindOf(name)].schema).safeParse(value);
  if (parsed.success) return { ok: true, body: parsed.data as ContentBodies[N] };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    // figures.0.source → figures.0.source: the form names its rows' fields the same way.
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * A body from the admin form's fields (the names parseBody's errors use); rows of figures or questions
 * left empty are dropped. A landing entry's results are its claim's, in their order (a Spanish entry's
 * result pages under /es): the form cannot add one.
 */
export function bodyFromForm(name: ContentEntryName, form: FormData): unknown {
  const field = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  if (kindOf(name) === "claim-texts") {
    // Each text's English in a hidden field beside its Spanish, in the same order (app/admin/claim-texts-fields.tsx).
    const english = form.getAll("textEnglish").map(String);
    const spanish = form.getAll("textSpanish").map(String);
    return Object.fromEntries(english.slice(0, spanish.length).map((text, i) => [text, spanish[i]!]));
  }
  const claim = claimEditedBy(name);
  if (claim) {
    const rows = <T extends Record<string, string>>(prefix: string, count: number, keys: readonly (keyof T & string)[]) =>
      Array.from({ length: count }, (_, i) => Object.fromEntries(keys.map((key) => [key, field(`${prefix}.${i}.${key}`)])) as T).filter((row) =>
        Object.values(row).some((value) => value.trim()),
      );
    return {
      seo: { title: field("seo.title"), description: field("seo.description") },
      hero: { badge: field("hero.badge"), title: field("hero.title"), intro: field("hero.intro"), cta: field("hero.cta") },
      figures: rows<{ label: string; value: string }>("figures", LANDING_FIGURE_ROWS, ["label", "value"]),
      disclaimer: field("disclaimer"),
      card: { description: field("card.description"), figureLabel: field("card.figureLabel"), figure: field("card.figure") },
      faq: rows<{ question: string; answer: string }>("faq", FAQ_ROWS, ["question", "answer"]),
      results: landingCopyOf(claim).results.map((result, i) => ({
        key: result.key,
        heading: field(`results.${i}.heading`),
        text: field(`results.${i}.text`),
        estimate: resultHasEstimate(result.key) ? field(`results.${i}.estimate`) : "",
      })),
    };
  }
  switch (name as SiteWideEntry) {
    case "site":
      return { name: field("name"), phone: field("phone"), email: field("email").trim(), address: field("address") };
    case "trust-strip": {
      const rows = Array.from({ length: TRUST_FIGURE_ROWS }, (_, i) => ({
        figure: field(`figures.${i}.figure`),
        label: field(`figures.${i}.label`),
        source: field(`figures.${i}.source`),
      }));
      return { figures: rows.filter((row) => row.figure.trim() || row.label.trim() || row.source.trim()) };
    }
    case "home-hero":
    case "home-hero:es":
      return { headline: field("headline"), text: field("text"), cta: field("cta") };
    case "consent-text":
    case "consent-text:es":
      return { template: field("template") };
  }
}
