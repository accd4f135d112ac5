import { z } from "zod";
import { BUILT_IN_CONSENT_TEMPLATE } from "#claims/engine/personal-fields";
import { BUILT_IN_CONSENT_TEMPLATE_ES } from "#claims/engine/messages-es";
import type { SiteIdentity } from "#claims/engine/types";

/**
 * The kinds of site content entry (docs/decisions/055): each entry's fields, checked with zod, with
 * messages an operator reads beside the field. An entry's name is its kind for now; a later kind keyed
 * per claim or per language (`landing:mva`, `home-hero:es`) keeps one kind and many names.
 */

const text = (label: string, min: number, max: number) =>
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

export type SiteBody = z.infer<typeof siteSchema>;
export type TrustFigure = z.infer<typeof figureSchema>;
export type TrustStripBody = z.infer<typeof trustStripSchema>;
export type HomeHeroBody = z.infer<typeof homeHeroSchema>;
export type ConsentBody = z.infer<typeof consentSchema>;

/** The rows of figures the trust strip's form offers. */
export const TRUST_FIGURE_ROWS = 4;

export const CONTENT_KINDS = {
  site: { title: "Brand and contact", schema: siteSchema, previewPath: "/" },
  "trust-strip": { title: "Trust strip", schema: trustStripSchema, previewPath: "/" },
  "home-hero": { title: "Home page hero", schema: homeHeroSchema, previewPath: "/" },
  // The consent text sits beside a claim form's last checkbox: the admin page previews it as the form shows it.
  "consent-text": { title: "Consent text", schema: consentSchema, previewPath: null },
  // Spanish (docs/decisions/058): the same kinds, each with its own versions; a Spanish certificate names the Spanish version.
  "home-hero:es": { title: "Home page hero (Spanish)", schema: homeHeroSchema, previewPath: "/es" },
  "consent-text:es": { title: "Consent text (Spanish)", schema: consentSchema, previewPath: null },
} as const;

export type ContentEntryName = keyof typeof CONTENT_KINDS;
export const CONTENT_ENTRIES = Object.keys(CONTENT_KINDS) as ContentEntryName[];

export interface ContentBodies {
  site: SiteBody;
  "trust-strip": TrustStripBody;
  "home-hero": HomeHeroBody;
  "consent-text": ConsentBody;
  "home-hero:es": HomeHeroBody;
  "consent-text:es": ConsentBody;
}

export const isContentEntry = (name: string): name is ContentEntryName => Object.hasOwn(CONTENT_KINDS, name);

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
    "home-hero:es": {
      headline: "Reciba la compensación que le corresponde",
      text: "Conteste unas preguntas breves y {brand} lo pone en contacto con un abogado con experiencia en su estado. Sin costos por adelantado: solo paga si gana su caso.",
      cta: "Busque su reclamo",
    },
    "consent-text:es": { template: BUILT_IN_CONSENT_TEMPLATE_ES },
  };
}

export type FieldErrors = Record<string, string>;

/** A body checked against its kind: the body, or each wrong field's message by its form name. */
export function parseBody<N extends ContentEntryName>(name: N, value: unknown): { ok: true; body: ContentBodies[N] } | { ok: false; errors: FieldErrors } {
  const parsed = CONTENT_KINDS[name].schema.safeParse(value);
  if (parsed.success) return { ok: true, body: parsed.data as ContentBodies[N] };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    // figures.0.source → figures.0.source: the form names its rows' fields the same way.
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A body from the admin form's fields (the names parseBody's errors use); rows of figures left empty are dropped. */
export function bodyFromForm(name: ContentEntryName, form: FormData): unknown {
  const field = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  switch (name) {
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
