import type { LandingContent, LandingSection } from "#claims/engine/landing-types";
import { ChecklistSection, CtaBanner, FaqSection, LandingHero, LandingShell, StepsCard, SupportPanel, TileSection } from "~/components/landing";
import { usePageMessages } from "~/i18n/use-messages";
import { ICONS } from "./icon-map";

export interface ClaimLandingProps {
  slug: string;
  /** Where the start buttons lead (the form, or the click counter in front of it). */
  startHref: string;
  landing: LandingContent;
}

function Section({ section }: { section: LandingSection }) {
  switch (section.kind) {
    case "tiles":
      return (
        <TileSection
          id={section.id}
          title={section.title}
          intro={section.intro}
          tone={section.tone}
          tiles={section.tiles.map(({ icon, ...tile }) => ({ ...tile, icon: icon && ICONS[icon] }))}
        />
      );
    case "checklist":
      return <ChecklistSection id={section.id} title={section.title} intro={section.intro} items={section.items} />;
    case "support":
      return <SupportPanel id={section.id} title={section.title} text={section.text} call={section.call} />;
  }
}

/** A claim's landing page from its content (claims/<slug>/landing.ts); server-rendered, no JavaScript. */
export function ClaimLanding({ slug, startHref, landing }: ClaimLandingProps) {
  const { hero, sections, closing, faq } = landing;
  const t = usePageMessages();
  return (
    <LandingShell theme={`theme-${slug}`} startHref={startHref}>
      <LandingHero
        badge={hero.badge}
        title={hero.title}
        intro={hero.intro}
        stats={hero.stats}
        disclaimer={landing.disclaimer}
        disclaimerLang={landing.disclaimerLang}
        cta={{ label: hero.cta, href: startHref }}
        aside={<StepsCard title={hero.steps.title} steps={hero.steps.steps} cta={{ label: hero.steps.cta, href: startHref }} />}
      />
      {sections.map((section) => (
        <Section key={section.id} section={section} />
      ))}
      {faq?.length ? <FaqSection id="faq-title" title={t.faqTitle} items={faq} /> : null}
      {closing ? <CtaBanner title={closing.title} text={closing.text} cta={{ label: closing.cta, href: startHref }} /> : null}
    </LandingShell>
  );
}
