import type { ResultPage } from "../engine/landing-types";

const NEXT_STEPS = {
  title: "What Happens Next?",
  steps: [
    "Our team reviews your case within 24 hours.",
    "We contact you to discuss the details of your accident.",
    "Together we begin the process of pursuing your compensation.",
  ],
};

/** /mva-claim/success (eligible, and the limited variant for partial) and /mva-claim/sorry (spec section 4). */
export const mvaResultPages: readonly ResultPage[] = [
  {
    path: "/mva-claim/success",
    title: "Your Claim Was Received | Car Accident Claim",
    variants: {
      eligible: {
        layout: "celebrate",
        heading: "Congratulations!",
        estimate: { label: "Based on your answers, your claim may be worth", value: "$15,000 - $150,000+", display: "headline" },
        highlights: [
          { icon: "users", title: "Expert Attorneys", text: "Matched with an experienced car-accident attorney." },
          { icon: "dollar", title: "No Upfront Fees", text: "You pay nothing unless your case is won." },
          { icon: "clock", title: "Fast Response", text: "We contact you within 24 hours." },
        ],
        nextSteps: NEXT_STEPS,
        homeLink: "Back to Home",
      },
      partial: {
        layout: "celebrate",
        heading: "Thank You! Your Claim May Qualify",
        estimate: { label: "Estimated claim value (limited eligibility)", value: "$2,500 - $15,000", display: "headline" },
        explanation:
          "Your claim may be limited because our partner attorneys have fewer openings in your state, which can narrow the options for pursuing it. An attorney will still review your answers and tell you honestly what is possible.",
        nextSteps: NEXT_STEPS,
        homeLink: "Back to Home",
      },
    },
  },
  {
    path: "/mva-claim/sorry",
    title: "We're Sorry | Car Accident Claim",
    variants: {
      ineligible: {
        layout: "plain",
        heading: "We're Sorry",
        lead: "Based on your answers, we are unable to assist with this car-accident claim.",
        estimate: { label: "Estimated claim value through our network", value: "$0", display: "inline" },
        reasons: {
          title: "Common reasons",
          items: [
            "You already have legal representation for this accident",
            "You were at fault for the accident",
            "Your state is not serviced by our partner attorneys",
            "The incident does not meet our partners' criteria",
          ],
        },
        explanation:
          "This is not a judgement on your situation. We recommend that you consult a local attorney, who can review the details of your case.",
        otherClaims: { title: "You may qualify for another claim" },
        homeLink: "Return to Home",
      },
    },
  },
];
