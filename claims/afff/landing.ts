import type { LandingContent } from "../engine/landing-types";

export const afffLanding: LandingContent = {
  seo: {
    title: "AFFF Firefighting Foam Cancer Claims: Free Case Review",
    description:
      "Exposed to AFFF firefighting foam and diagnosed with kidney, testicular or liver cancer, thyroid disease or ulcerative colitis? Settlements of $200K - $600K+. Free, confidential review.",
  },
  theme: { accent: "#c2410c", strong: "#7c2d12", soft: "#fff7ed" },
  card: {
    order: 70,
    title: "AFFF Firefighting Foam",
    description: "Diagnosed with cancer after exposure to firefighting foam.",
    figureLabel: "Settlement range",
    figure: "$200K - $600K+",
    cta: "Start AFFF Claim",
  },
  countStarts: true,
  hero: {
    badge: "Free Case Review",
    title: "AFFF Firefighting Foam Cancer Claims",
    intro:
      "Aqueous film-forming foam (AFFF) contains PFAS 'forever chemicals' that build up in the body. Firefighters, service members and others exposed to it have developed cancers and other serious illnesses, and many are now seeking compensation from the foam's manufacturers.",
    stats: [
      { label: "Settlement range", value: "$200K - $600K+" },
      { label: "Average settlement", value: "$500K+" },
      { label: "AFFF cases", value: "1000+" },
      { label: "Success rate", value: "95%" },
    ],
    cta: "Start Your Free AFFF Claim",
    steps: {
      title: "How it works",
      steps: [
        "Answer four short questions about your exposure",
        "An attorney who handles AFFF cases reviews your claim",
        "Learn your options, free of charge",
      ],
      cta: "Check My Eligibility",
    },
  },
  sections: [
    {
      kind: "tiles",
      id: "cancers-title",
      title: "Cancers and illnesses linked to AFFF",
      intro: "You may qualify if you were exposed to firefighting foam and later diagnosed with one of these conditions.",
      tone: "tinted",
      tiles: [
        { title: "Kidney cancer", text: "One of the cancers most strongly associated with PFAS exposure." },
        { title: "Testicular cancer", text: "Found at higher rates among people with heavy PFAS exposure." },
        { title: "Liver cancer", text: "PFAS accumulate in the liver and have been linked to liver damage and cancer." },
        { title: "Thyroid disease", text: "Including thyroid cancer and thyroid disorders linked to PFAS." },
        { title: "Ulcerative colitis", text: "A chronic inflammatory bowel disease associated with PFAS exposure." },
      ],
    },
    {
      kind: "tiles",
      id: "exposure-title",
      title: "Who was exposed",
      tiles: [
        { title: "Firefighters", text: "Municipal, volunteer, airport and industrial firefighters, and fire trainees." },
        { title: "Military personnel", text: "Service members and civilians at bases and airfields where AFFF was used." },
        { title: "Navy and ship crews", text: "Sailors and crew on ships that carried and tested foam systems." },
        { title: "Other workers", text: "Chemical plant, refinery and foam manufacturing workers." },
      ],
    },
    {
      kind: "tiles",
      id: "why-title",
      title: "Why start your claim with us",
      tiles: [
        { icon: "dollar", title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
        { icon: "users", title: "Experienced attorneys", text: "Lawyers who handle AFFF and PFAS injury cases." },
        { icon: "clock", title: "Fast response", text: "We contact you within 24 hours of your request." },
        { icon: "shield", title: "Confidential", text: "Your information is private and encrypted." },
      ],
    },
  ],
  closing: {
    title: "Find out if you qualify",
    text: "It takes about two minutes. Time limits to file apply, so do not wait: an attorney will contact you within 24 hours.",
    cta: "Start My Free Case Review",
  },
};
