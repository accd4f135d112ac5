import type { LandingContent } from "../engine/landing-types";

export const mvaLanding: LandingContent = {
  seo: {
    title: "Car Accident Claim: Free Case Evaluation | Get the Compensation You Deserve",
    description: "Injured in a car accident? Typical settlements range from $25K to $500K+. Check your claim in 2 minutes; no upfront fees.",
  },
  theme: { accent: "#1d4ed8", strong: "#1e3a8a", soft: "#eff6ff" },
  card: {
    order: 10,
    title: "Motor Vehicle Accident",
    description: "Injured in a car, truck or motorcycle crash that was not your fault.",
    figureLabel: "Average settlement",
    figure: "$25K - $500K+",
    cta: "Start MVA Claim",
    target: "form",
  },
  hero: {
    badge: "Free Case Evaluation",
    title: "Get the Compensation You Deserve",
    intro:
      "Hurt in a car accident that was not your fault? Find out in two minutes whether you may have a claim, and get matched with an attorney who can fight for medical bills, lost wages and pain and suffering.",
    stats: [
      { label: "Typical settlement", value: "$25K - $500K+" },
      { label: "Average settlement", value: "$25K+" },
    ],
    cta: "Start Your Free Claim Today",
    steps: {
      title: "Quick Case Evaluation",
      steps: [
        "Answer a few simple questions",
        "Get matched with expert attorneys",
        "Receive your free case evaluation",
        "Start fighting for your compensation",
      ],
      cta: "Start My Claim",
    },
  },
  sections: [
    {
      kind: "tiles",
      id: "benefits-title",
      title: "Why start your claim with us",
      tiles: [
        { icon: "dollar", title: "No Upfront Costs", text: "Attorneys work on contingency: no fee unless you win." },
        { icon: "users", title: "Experienced Attorneys", text: "Matched with a car-accident lawyer in your state." },
        { icon: "clock", title: "Fast Response", text: "A member of our team reviews your claim within 24 hours." },
        { icon: "shield", title: "Private & Secure", text: "Your answers are encrypted and never sold to advertisers." },
      ],
    },
  ],
  articleCta: { category: "MVA", label: "Start Your Car Accident Claim" },
};
