import type { LandingContent } from "../engine/landing-types";

/** A national, free and confidential hotline, for visitors who need support more than a lawyer. */
export const SUPPORT_HOTLINE = { name: "National Sexual Assault Hotline", number: "800-656-4673", tel: "+18006564673" } as const;

export const rideshareLanding: LandingContent = {
  seo: {
    title: "Rideshare Assault Claims: Free, Confidential Case Review",
    description:
      "Assaulted or harassed during an Uber, Lyft or taxi ride? Typical settlements of $100K - $1M+. A free, confidential review with no upfront fees.",
  },
  theme: { accent: "#0f766e", strong: "#134e4a", soft: "#f0fdfa" },
  card: {
    order: 60,
    title: "RideShare Assault",
    description: "Assaulted or harassed during an Uber, Lyft or other rideshare trip.",
    figureLabel: "Potential compensation",
    figure: "$100K - $1M+",
    cta: "Start RideShare Claim",
  },
  hero: {
    badge: "Free & Confidential Review",
    title: "Harmed During an Uber, Lyft or Taxi Ride?",
    intro:
      "If you were assaulted or harassed by a driver, you are not alone, and it was not your fault. Rideshare companies can be held responsible for failing to keep riders safe. Find out, privately and free of charge, whether you may have a claim.",
    stats: [
      { label: "Typical settlement", value: "$100K - $1M+" },
      { label: "Cost to you upfront", value: "$0" },
    ],
    cta: "Start Your Confidential Claim",
    steps: {
      title: "How it works",
      steps: [
        "Answer a few private questions; it takes about 2 minutes",
        "An attorney experienced with rideshare cases reviews your answers",
        "They contact you within 24-48 hours to explain your options",
      ],
      cta: "Start My Claim",
    },
  },
  sections: [
    {
      kind: "tiles",
      id: "incidents-title",
      title: "Incidents that may qualify",
      intro:
        "Claims can be brought for incidents during a trip booked through an app, or in a taxi, whether or not you reported it to the police.",
      tiles: [
        { title: "Sexual assault", text: "Unwanted sexual contact or rape by a driver, during or after a ride." },
        { title: "Physical assault", text: "Being hit, grabbed, restrained or otherwise physically attacked." },
        { title: "Harassment", text: "Threats, stalking, unwanted advances or sexual comments from a driver." },
        { title: "Kidnapping", text: "Being taken off route, locked in the car or held against your will." },
      ],
    },
    {
      kind: "tiles",
      id: "why-title",
      title: "Your privacy and your choice",
      tone: "tinted",
      tiles: [
        { icon: "lock", title: "Strictly confidential", text: "Your answers are kept private and never shared with the rideshare company." },
        { icon: "dollar", title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
        { icon: "users", title: "Experienced attorneys", text: "Lawyers who have handled cases against rideshare companies." },
        { icon: "clock", title: "At your own pace", text: "Asking for a free review does not commit you to anything." },
      ],
    },
    {
      kind: "support",
      id: "support-title",
      title: "Support is available now",
      text: `If you are in danger, call 911. For free, confidential support at any hour, you can call the ${SUPPORT_HOTLINE.name}. You do not need to start a claim to get help.`,
      call: { label: `Call ${SUPPORT_HOTLINE.number}`, tel: SUPPORT_HOTLINE.tel },
    },
  ],
  closing: {
    title: "Find out if you have a claim",
    text: "It takes about two minutes. An attorney will contact you within 24-48 hours.",
    cta: "Start My Claim",
  },
};
