import type { LandingContent } from "../engine/landing-types";

const START = "Start Your Free Gaming Addiction Claim";

export const videoGameLanding: LandingContent = {
  seo: {
    title: "Video Game Addiction Claims: Free Case Review",
    description:
      "Did addictive game design harm you or your child's mental health, finances or relationships? Potential recovery of $10K - $100K+. Free, confidential review.",
  },
  theme: { accent: "#6d28d9", strong: "#4c1d95", soft: "#f5f3ff" },
  card: {
    order: 50,
    title: "Video Game Addiction",
    description: "Harmed by games designed to be addictive, for you or your child.",
    figureLabel: "Potential recovery",
    figure: "$10K - $100K+",
    cta: "Start Gaming Claim",
  },
  hero: {
    badge: "Free Case Review",
    title: "Video Game Addiction Claims",
    intro:
      "Some video game makers design their games to be hard to put down: endless reward loops, loot boxes and constant pressure to buy. If gaming took over your life or your child's, you may be able to hold them responsible.",
    stats: [
      { label: "Potential recovery", value: "$10K - $100K+" },
      { label: "Cost to you upfront", value: "$0" },
    ],
    cta: START,
    steps: {
      title: "How it works",
      steps: [
        "Tell us about the games and the harm they caused",
        "A legal expert reviews your claim, free of charge",
        "We contact you within 24 hours to discuss your options",
      ],
      cta: "Start My Claim",
    },
  },
  sections: [
    {
      kind: "tiles",
      id: "impact-title",
      title: "How gaming addiction can harm you",
      intro: "Claims look at the real damage compulsive gaming caused, for players and for the families around them.",
      tiles: [
        { title: "Mental health", text: "Anxiety, depression, sleep problems, anger and withdrawal when not playing." },
        { title: "Financial loss", text: "Money spent on in-game purchases, loot boxes, currencies and subscriptions." },
        { title: "Relationships", text: "Strained family life, lost friendships and isolation from the people who matter." },
        { title: "School & work", text: "Falling grades, missed classes and jobs or careers put on hold." },
      ],
    },
    {
      kind: "tiles",
      id: "features-title",
      title: "Features designed to keep players hooked",
      tone: "tinted",
      tiles: [
        { title: "Loot boxes", text: "Paid random rewards that work like gambling." },
        { title: "Reward loops", text: "Daily rewards, streaks and levels that punish taking a break." },
        { title: "In-game currency", text: "Virtual coins that hide how much real money is being spent." },
        { title: "Limited-time offers", text: "Countdowns and exclusive items that pressure players to buy now." },
      ],
    },
    {
      kind: "tiles",
      id: "why-title",
      title: "Why families choose us",
      tiles: [
        { icon: "dollar", title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
        { icon: "users", title: "Experienced attorneys", text: "Lawyers who follow the gaming addiction lawsuits closely." },
        { icon: "clock", title: "Fast response", text: "A legal expert contacts you within 24 hours." },
        { icon: "shield", title: "Confidential", text: "Your information is private and encrypted." },
      ],
    },
  ],
  closing: {
    title: "Find out if you qualify",
    text: "Four short steps, about 3 minutes. You can apply for yourself or on behalf of your child.",
    cta: START,
  },
};
