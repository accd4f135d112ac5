import { ClockIcon, DollarIcon, ShieldIcon, UsersIcon } from "~/components/icons";
import { CtaBanner, LandingHero, LandingShell, StepsCard, TileSection } from "~/components/landing";
import { pfasClaim } from "#claims/pfas/definition";

const FORM = pfasClaim.routes.form;
const START = "Start Your Free PFAS Claim Today";

export function PfasLanding() {
  return (
    <LandingShell theme="theme-pfas" startHref={FORM}>
      <LandingHero
        badge="PFAS Health Alert"
        title="Exposed to PFAS “Forever Chemicals”?"
        intro="PFAS are man-made chemicals that build up in the body and do not break down. If you were exposed through drinking water, firefighting foam or your work and later became ill, you may be entitled to compensation from the companies that made them."
        stats={[
          { label: "Typical settlement", value: "$50K - $1M+" },
          { label: "Coverage", value: "All 50 states" },
        ]}
        cta={{ label: START, href: FORM }}
        aside={
          <StepsCard
            title="How a PFAS claim works"
            steps={[
              "Tell us where you were exposed and how it affected your health",
              "A legal expert reviews your claim, free of charge",
              "We contact you within 24 hours to discuss your options",
            ]}
            cta={{ label: "Start My Claim", href: FORM }}
          />
        }
      />
      <TileSection
        id="exposure-title"
        title="Common sources of PFAS exposure"
        intro="Thousands of PFAS chemicals have been used since the 1950s. People are most often exposed through:"
        tiles={[
          { title: "Contaminated drinking water", text: "Public water systems and private wells near factories, airports and bases." },
          { title: "Military base foam", text: "Firefighting foam (AFFF) used in training and emergencies on military bases and airfields." },
          { title: "Non-stick cookware & packaging", text: "Non-stick pans, grease-resistant food wrappers and take-out containers." },
          { title: "Industrial workplaces", text: "Chemical plants, manufacturing and other jobs that make or use PFAS." },
          { title: "Stain-resistant fabrics", text: "Carpets, upholstery and outdoor gear treated to repel stains and water." },
        ]}
      />
      <TileSection
        id="conditions-title"
        title="Health conditions linked to PFAS"
        tone="tinted"
        tiles={[
          { title: "Cancer", text: "Including kidney and testicular cancer, linked to long-term PFAS exposure." },
          { title: "Liver disease", text: "Liver damage and raised liver enzymes." },
          { title: "Thyroid issues", text: "Thyroid disease and hormone disruption." },
          { title: "Immune system", text: "A weaker immune response, including to vaccines." },
        ]}
      />
      <TileSection
        id="why-title"
        title="Why start your PFAS claim with us"
        tiles={[
          { icon: DollarIcon, title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
          { icon: UsersIcon, title: "Experienced attorneys", text: "Lawyers who handle PFAS and water-contamination cases." },
          { icon: ClockIcon, title: "Fast response", text: "A legal expert contacts you within 24 hours." },
          { icon: ShieldIcon, title: "Confidential", text: "Your information is private and encrypted." },
        ]}
      />
      <CtaBanner
        title="Find out if you qualify"
        text="Three short steps, about 2 minutes. All 50 states covered, and no fees unless you win."
        cta={{ label: START, href: FORM }}
      />
    </LandingShell>
  );
}
