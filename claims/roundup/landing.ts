import type { LandingContent } from "../engine/landing-types";

export const roundupLanding: LandingContent = {
  seo: {
    title: "RoundUp Cancer Claims: Free Case Review | $125K to $2M+",
    description:
      "Diagnosed with non-Hodgkin's lymphoma or a related cancer after using RoundUp? A settlement fund of over $10 billion. Free, confidential review.",
  },
  theme: { accent: "#4d7c0f", strong: "#365314", soft: "#f7fee7" },
  card: {
    order: 80,
    title: "RoundUp Weed Killer",
    description: "Diagnosed with non-Hodgkin's lymphoma or a related cancer after using RoundUp.",
    figureLabel: "Award range",
    figure: "$80K - $289M",
    cta: "Start RoundUp Claim",
  },
  hero: {
    badge: "Free Case Review",
    title: "RoundUp Weed Killer Cancer Claims",
    intro:
      "Years of using RoundUp (glyphosate) have been linked to non-Hodgkin's lymphoma and related cancers. Its maker has set aside a settlement fund of over $10 billion for people who were harmed. Find out in two minutes whether you may qualify.",
    stats: [
      { label: "Award range", value: "$125K to $2M+" },
      { label: "Settlement fund", value: "Over $10 billion" },
    ],
    cta: "Start Your Free RoundUp Claim",
    steps: {
      title: "How it works",
      steps: ["Answer four short questions", "An attorney reviews your claim", "Learn your options, free of charge"],
      cta: "Start My Claim",
    },
  },
  sections: [
    {
      // Spec section 2, 'RoundUp': where people used the weed killer.
      kind: "checklist",
      id: "usage-title",
      title: "Common RoundUp use",
      intro: "You may qualify whether you sprayed it at home or as part of your job, including:",
      items: ["Home gardening", "Professional landscaping", "Agriculture", "Golf courses", "Municipal grounds"],
    },
    {
      kind: "tiles",
      id: "benefits-title",
      title: "Why start your claim with us",
      tone: "tinted",
      tiles: [
        { icon: "dollar", title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
        { icon: "users", title: "Experienced attorneys", text: "Lawyers who handle RoundUp and other product-liability claims." },
        { icon: "clock", title: "Fast response", text: "A legal expert contacts you within 24-48 hours." },
        { icon: "shield", title: "Confidential", text: "Your information is private and encrypted." },
      ],
    },
    {
      kind: "tiles",
      id: "cancers-title",
      title: "Cancers linked to RoundUp",
      tiles: [
        { title: "Non-Hodgkin's lymphoma", text: "The cancer most often linked to glyphosate in RoundUp lawsuits." },
        { title: "Leukemia", text: "Including hairy cell and chronic lymphocytic leukemia." },
        { title: "B-cell lymphoma", text: "A common type of non-Hodgkin's lymphoma, including diffuse large B-cell lymphoma." },
        { title: "Other cancers", text: "Such as multiple myeloma and T-cell lymphoma; a free review tells you where you stand." },
      ],
    },
  ],
  closing: {
    title: "Find out if you qualify",
    text: "It takes about two minutes. Awards range from $125K to $2M+, and deadlines to file apply.",
    cta: "Start My Claim",
  },
  articleCta: { category: "RoundUp", label: "Start Your RoundUp Claim" },
};
