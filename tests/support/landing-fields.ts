import type { LandingCopy } from "#claims/engine/landing-copy";

/** /admin/content's form fields for a claim's landing copy, named as the page names them. */
export function landingFields(copy: LandingCopy): Record<string, string> {
  const fields: Record<string, string> = {
    "seo.title": copy.seo.title,
    "seo.description": copy.seo.description,
    "hero.badge": copy.hero.badge,
    "hero.title": copy.hero.title,
    "hero.intro": copy.hero.intro,
    "hero.cta": copy.hero.cta,
    disclaimer: copy.disclaimer,
    "card.description": copy.card.description,
    "card.figureLabel": copy.card.figureLabel,
    "card.figure": copy.card.figure,
  };
  copy.figures.forEach((figure, i) => Object.assign(fields, { [`figures.${i}.label`]: figure.label, [`figures.${i}.value`]: figure.value }));
  copy.faq.forEach((qa, i) => Object.assign(fields, { [`faq.${i}.question`]: qa.question, [`faq.${i}.answer`]: qa.answer }));
  copy.results.forEach((result, i) =>
    Object.assign(fields, { [`results.${i}.heading`]: result.heading, [`results.${i}.text`]: result.text, [`results.${i}.estimate`]: result.estimate }),
  );
  return fields;
}
