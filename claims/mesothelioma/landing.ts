import type { LandingContent } from "../engine/landing-types";

export const mesotheliomaLanding: LandingContent = {
  seo: {
    title: "Mesothelioma & Lung Cancer Claims: Free Case Review",
    description:
      "Diagnosed with mesothelioma or lung cancer after asbestos exposure? Average awards of $1M - $2.4M+. Free, confidential review.",
  },
  theme: { accent: "#4338ca", strong: "#312e81", soft: "#eef2ff" },
  card: {
    order: 40,
    title: "Mesothelioma & Lung Cancer",
    description: "Diagnosed after asbestos exposure at work, in the military or at home.",
    figureLabel: "Average payout",
    figure: "$1M - $2.4M+",
    cta: "Start Meso Claim",
  },
  hero: {
    badge: "Free Case Review",
    title: "Mesothelioma & Lung Cancer Compensation",
    intro:
      "Asbestos exposure at work, in the military or at home can cause cancer decades later. Companies responsible set aside asbestos trust funds holding over $30 billion to compensate people who were harmed.",
    stats: [
      { label: "Average award", value: "$1M - $2.4M+" },
      { label: "Asbestos trust funds", value: "$30B+" },
    ],
    cta: "Start Your Free Mesothelioma Claim Today",
    steps: {
      title: "How it works",
      steps: ["Answer four short questions", "An attorney reviews your claim", "Learn your options, free of charge"],
      cta: "Start My Claim",
    },
  },
  sections: [
    {
      kind: "tiles",
      id: "exposure-title",
      title: "Common sources of asbestos exposure",
      tiles: [
        { title: "Workplaces", text: "Shipyards, construction, factories, power plants, refineries and mechanics' shops." },
        { title: "Military service", text: "Navy ships, bases and vehicles built with asbestos insulation and parts." },
        { title: "Family members", text: "Fibres carried home on a worker's clothes, hair and skin." },
        { title: "Products", text: "Insulation, brake pads, roofing, flooring, talc and other consumer goods." },
      ],
    },
    {
      kind: "tiles",
      id: "conditions-title",
      title: "Conditions that may qualify",
      tone: "tinted",
      tiles: [
        { title: "Mesothelioma", text: "Cancer of the lining of the lungs, abdomen or heart, almost always caused by asbestos." },
        { title: "Lung Cancer", text: "Asbestos exposure raises the risk of lung cancer, even for non-smokers." },
        { title: "Asbestosis", text: "Scarring of the lung tissue that makes breathing harder over time." },
        { title: "Pleural Disease", text: "Thickening, plaques or fluid in the lining around the lungs." },
      ],
    },
    {
      kind: "tiles",
      id: "why-title",
      title: "Why families choose us",
      tiles: [
        { icon: "dollar", title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
        { icon: "users", title: "Experienced attorneys", text: "Lawyers who handle asbestos trust and court claims." },
        { icon: "clock", title: "Time limits apply", text: "Deadlines to file can be short; a free review tells you where you stand." },
        { icon: "shield", title: "Confidential", text: "Your information is private and encrypted." },
      ],
    },
  ],
  closing: {
    title: "Find out if you qualify",
    text: "It takes about two minutes. A legal expert will contact you within 24-48 hours.",
    cta: "Start My Claim",
  },
};
