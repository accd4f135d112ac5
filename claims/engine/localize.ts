import type { LandingContent, LandingSection, LandingTile, ResultPage, ResultVariant } from "./landing-types";
import { localizedPath } from "./locale";
import { ENGINE_SPANISH, ENGINE_SPANISH_PATTERNS } from "./messages-es";
import type { ClaimDefinition, FieldSpec, Option, ResultCopy, StepSpec } from "./types";
import { US_STATES } from "./us-states";

/**
 * A claim's Spanish (docs/decisions/058): each English text of the claim as it is written in its
 * definition, and its Spanish. Keyed by the English so that a claim folder's `messages-es.ts` reads as
 * a glossary beside the definition, and the completeness check (`untranslatedTexts`) can name what is missing.
 */
export type SpanishTable = Readonly<Record<string, string>>;

/** A translator: the Spanish of a text in the claim's table or the engine's, else the text itself. */
export function translatorOf(table: SpanishTable): (text: string) => string {
  return (text) => {
    const own = table[text] ?? ENGINE_SPANISH[text];
    if (own !== undefined) return own;
    for (const [pattern, spanish] of ENGINE_SPANISH_PATTERNS) {
      const match = pattern.exec(text);
      if (match) return spanish(match);
    }
    return text;
  };
}

/**
 * Every text a visitor reads in a claim, by where it is: what `localizeClaim` translates, and what
 * the completeness check walks. Values stored with leads (option values, slugs, field names) and the
 * schema's own messages (translated when shown) are not among them.
 */
function mapTexts(claim: ClaimDefinition, t: (text: string) => string, routes: (path: string) => string, at: (group: string) => void = () => {}): ClaimDefinition {
  const option = (o: Option): Option => ({ ...o, label: t(o.label) });
  const field = (f: FieldSpec): FieldSpec => ({
    ...f,
    label: t(f.label),
    ...(f.hint === undefined ? {} : { hint: t(f.hint) }),
    ...(f.placeholder === undefined ? {} : { placeholder: t(f.placeholder) }),
    ...(f.options ? { options: f.options.map(option) } : {}),
  });
  const step = (s: StepSpec, index: number): StepSpec => {
    at(`Step ${index + 1}: ${s.title}`);
    return {
      ...s,
      title: t(s.title),
      fields: s.fields.map(field),
      ...(s.panel ? { panel: { title: t(s.panel.title), points: s.panel.points.map(t) } } : {}),
    };
  };
  const tile = (x: LandingTile): LandingTile => ({ ...x, title: t(x.title), text: t(x.text) });
  const section = (x: LandingSection): LandingSection => {
    switch (x.kind) {
      case "tiles":
        return { ...x, title: t(x.title), ...(x.intro === undefined ? {} : { intro: t(x.intro) }), tiles: x.tiles.map(tile) };
      case "checklist":
        return { ...x, title: t(x.title), ...(x.intro === undefined ? {} : { intro: t(x.intro) }), items: x.items.map(t) };
      case "support":
        return { ...x, title: t(x.title), text: t(x.text), call: { ...x.call, label: t(x.call.label) } };
    }
  };
  const l = claim.landing;
  at("The landing page");
  const landing: LandingContent = {
    ...l,
    seo: { title: t(l.seo.title), description: t(l.seo.description) },
    card: { ...l.card, title: t(l.card.title), description: t(l.card.description), figureLabel: t(l.card.figureLabel), figure: t(l.card.figure), cta: t(l.card.cta) },
    hero: {
      badge: t(l.hero.badge),
      title: t(l.hero.title),
      intro: t(l.hero.intro),
      stats: l.hero.stats.map((s) => ({ label: t(s.label), value: t(s.value) })),
      cta: t(l.hero.cta),
      steps: { title: t(l.hero.steps.title), steps: l.hero.steps.steps.map(t), cta: t(l.hero.steps.cta) },
    },
    ...(l.disclaimer === undefined ? {} : { disclaimer: t(l.disclaimer) }),
    sections: l.sections.map(section),
    ...(l.faq ? { faq: l.faq.map((qa) => ({ question: t(qa.question), answer: t(qa.answer) })) } : {}),
    ...(l.closing ? { closing: { title: t(l.closing.title), text: t(l.closing.text), cta: t(l.closing.cta) } } : {}),
    ...(l.articleCta ? { articleCta: { ...l.articleCta, label: t(l.articleCta.label) } } : {}),
  };
  const variant = (v: ResultVariant): ResultVariant => ({
    ...v,
    heading: t(v.heading),
    ...(v.lead === undefined ? {} : { lead: t(v.lead) }),
    estimate: { ...v.estimate, label: t(v.estimate.label), value: t(v.estimate.value) },
    ...(v.reasons ? { reasons: { title: t(v.reasons.title), items: v.reasons.items.map(t) } } : {}),
    ...(v.explanation === undefined ? {} : { explanation: t(v.explanation) }),
    ...(v.highlights ? { highlights: v.highlights.map(tile) } : {}),
    ...(v.nextSteps ? { nextSteps: { title: t(v.nextSteps.title), steps: v.nextSteps.steps.map(t) } } : {}),
    ...(v.otherClaims ? { otherClaims: { title: t(v.otherClaims.title) } } : {}),
    homeLink: t(v.homeLink),
  });
  const resultPage = (p: ResultPage): ResultPage => ({
    path: routes(p.path),
    title: t(p.title),
    variants: Object.fromEntries(Object.entries(p.variants).map(([outcome, v]) => [outcome, variant(v)])),
  });
  const result = (r: ResultCopy): ResultCopy => ({ ...r, heading: t(r.heading), message: t(r.message), ...(r.help ? { help: { ...r.help, text: t(r.help.text) } } : {}) });
  const c = claim.copy;
  const steps = claim.steps.map(step);
  at("The form's own words");
  const copy = {
    formTitle: t(c.formTitle),
    formIntro: t(c.formIntro),
    ...(c.next === undefined ? {} : { next: t(c.next) }),
    submit: t(c.submit),
    submitting: t(c.submitting),
    submitError: t(c.submitError),
    savedNotice: t(c.savedNotice),
    contactWithin: t(c.contactWithin),
  };
  at("The form's result screens");
  const results = claim.results ? Object.fromEntries(Object.entries(claim.results).map(([outcome, r]) => [outcome, result(r)])) : undefined;
  at("The result pages");
  const resultPages = claim.resultPages?.map(resultPage);
  return {
    ...claim,
    routes: {
      landing: routes(claim.routes.landing),
      form: routes(claim.routes.form),
      ...(claim.routes.landingAliases ? { landingAliases: claim.routes.landingAliases.map(routes) } : {}),
    },
    landing,
    steps,
    copy,
    ...(results ? { results } : {}),
    ...(resultPages ? { resultPages } : {}),
  };
}

/** The claim in Spanish: its texts from its table (and the engine's), its pages under /es. */
export function localizeClaim(claim: ClaimDefinition, table: SpanishTable): ClaimDefinition {
  const t = translatorOf(table);
  return { ...mapTexts(claim, t, (path) => localizedPath(path, "es")), locale: "es", translate: t };
}

/**
 * The texts of a claim that neither its table nor the engine's translate (and that are not the same
 * in both languages, such as figures: a text counts as translated when the table names it).
 */
export function untranslatedTexts(claim: ClaimDefinition, table: SpanishTable): string[] {
  const missing = new Set<string>();
  const t = translatorOf(table);
  mapTexts(
    claim,
    (text) => {
      if (t(text) === text && !Object.hasOwn(table, text) && !Object.hasOwn(ENGINE_SPANISH, text) && !SAME_IN_SPANISH.test(text) && !STATE_NAMES.has(text)) missing.add(text);
      return text;
    },
    (path) => path,
  );
  return [...missing];
}

/**
 * Every text a visitor reads in the claim, in the order the walk meets them, each with where it is
 * (the landing page, a step by its title, the form's words, its result screens, its result pages):
 * what an operator's Spanish of the claim's texts (`claim-texts:<slug>:es`) is made of.
 */
export function visitorTexts(claim: ClaimDefinition): Array<{ group: string; text: string }> {
  const texts: Array<{ group: string; text: string }> = [];
  let group = "";
  mapTexts(
    claim,
    (text) => {
      texts.push({ group, text });
      return text;
    },
    (path) => path,
    (where) => (group = where),
  );
  return texts;
}

/** Whether a text reads the same in both languages (a figure, a state's name): no translation is needed. */
export const sameInSpanish = (text: string) => SAME_IN_SPANISH.test(text) || STATE_NAMES.has(text);

/** Texts that read the same in Spanish: figures and amounts ($25K - $500K+, 95%, 24/7); and the states' names, kept as the mail writes them. */
const SAME_IN_SPANISH = /^[\d$%+\-–.,/() KMkm]*$/;
const STATE_NAMES = new Set(US_STATES.map((state) => state.label));
