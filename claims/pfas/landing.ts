import type { LandingContent } from "../engine/landing-types";

const START = "Start Your Free PFAS Claim Today";

export const pfasLanding: LandingContent = {
  seo: {
    title: "PFAS “Forever Chemicals” Exposure Claims: Free Case Review",
    description:
      "Exposed to PFAS in drinking water, firefighting foam or at work and diagnosed with cancer, liver or thyroid disease? Typical settlements $50K - $1M+. Free review, all 50 states.",
  },
  theme: { accent: "#047857", strong: "#064e3b", soft: "#ecfdf5" },
  card: {
    order: 20,
    title: "PFAS Contamination",
    description: "Exposed to 'forever chemicals' in drinking water, at work or on a military base.",
    figureLabel: "Potential compensation",
    figure: "$50K - $1M+",
    cta: "Start PFAS Claim",
  },
  hero: {
    badge: "PFAS Health Alert",
    title: "Exposed to PFAS “Forever Chemicals”?",
    intro:
      "PFAS are man-made chemicals that build up in the body and do not break down. If you were exposed through drinking water, firefighting foam or your work and later became ill, you may be entitled to compensation from the companies that made them.",
    stats: [
      { label: "Typical settlement", value: "$50K - $1M+" },
      { label: "Coverage", value: "All 50 states" },
    ],
    cta: START,
    steps: {
      title: "How a PFAS claim works",
      steps: [
        "Tell us where you were exposed and how it affected your health",
        "A legal expert reviews your claim, free of charge",
        "We contact you within 24 hours to discuss your options",
      ],
      cta: "Start My Claim",
    },
  },
  sections: [
    {
      kind: "tiles",
      id: "exposure-title",
      title: "Common sources of PFAS exposure",
      intro: "Thousands of PFAS chemicals have been used since the 1950s. People are most often exposed through:",
      tiles: [
        { title: "Contaminated drinking water", text: "Public water systems and private wells near factories, airports and bases." },
        { title: "Military base foam", text: "Firefighting foam (AFFF) used in training and emergencies on military bases and airfields." },
        { title: "Non-stick cookware & packaging", text: "Non-stick pans, grease-resistant food wrappers and take-out containers." },
        { title: "Industrial workplaces", text: "Chemical plants, manufacturing and other jobs that make or use PFAS." },
        { title: "Stain-resistant fabrics", text: "Carpets, upholstery and outdoor gear treated to repel stains and water." },
      ],
    },
    {
      kind: "tiles",
      id: "conditions-title",
      title: "Health conditions linked to PFAS",
      tone: "tinted",
      tiles: [
        { title: "Cancer", text: "Including kidney and testicular cancer, linked to long-term PFAS exposure." },
        { title: "Liver disease", text: "Liver damage and raised liver enzymes." },
        { title: "Thyroid issues", text: "Thyroid disease and hormone disruption." },
        { title: "Immune system", text: "A weaker immune response, including to vaccines." },
      ],
    },
    {
      kind: "tiles",
      id: "why-title",
      title: "Why start your PFAS claim with us",
      tiles: [
        { icon: "dollar", title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
        { icon: "users", title: "Experienced attorneys", text: "Lawyers who handle PFAS and water-contamination cases." },
        { icon: "clock", title: "Fast response", text: "A legal expert contacts you within 24 hours." },
        { icon: "shield", title: "Confidential", text: "Your information is private and encrypted." },
      ],
    },
  ],
  closing: {
    title: "Find out if you qualify",
    text: "Three short steps, about 2 minutes. All 50 states covered, and no fees unless you win.",
    cta: START,
  },
  articleCta: { category: "PFAS", label: "Start Your PFAS Claim" },
};
