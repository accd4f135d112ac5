import type { DataClaim } from "./data-claim-schema";

/** The addresses of a data claim of this slug: its landing, and its form below it. */
export const dataClaimRoutes = (slug: string): DataClaim["routes"] => ({ landing: `/claims/${slug}`, form: `/claims/${slug}/form` });

/**
 * "Copy as a new claim" (docs/decisions/059): the same questions, rules, lead columns and texts under a
 * new slug, case type and addresses, after every other claim on the home page.
 */
export function asNewClaim(source: DataClaim, slug: string, caseType: string): DataClaim {
  const copy = structuredClone(source);
  return { ...copy, slug, caseType, routes: dataClaimRoutes(slug), landing: { ...copy.landing, card: { ...copy.landing.card, order: copy.landing.card.order + 1000 } } };
}

/** A blank claim that checks and runs: one step of contact questions and consent, no eligibility, one thank-you screen. */
export function blankDataClaim(slug: string, caseType: string): DataClaim {
  const title = caseType;
  return {
    slug,
    caseType,
    routes: dataClaimRoutes(slug),
    theme: { accent: "#1d4ed8" },
    landing: {
      seo: { title: `${title} claim: free case review`, description: `Find out in two minutes whether you may have a ${title} claim.` },
      card: { order: 1000, title, description: `A free review of your ${title} claim.`, figureLabel: "Review", figure: "Free", cta: "Start my claim" },
      hero: {
        badge: "Free case review",
        title: `${title} claims`,
        intro: "Answer a few questions. An attorney reviews your answers for free.",
        stats: [],
        cta: "Start my claim",
        steps: { title: "How it works", steps: ["Answer a few questions", "An attorney reviews them", "We contact you"], cta: "Start my claim" },
      },
      sections: [],
    },
    steps: [
      {
        title: "Your contact details",
        fields: [
          { name: "fn", label: "First Name", kind: "name", autoComplete: "given-name", min: 2, messages: { required: "First name is required", short: "First name must be at least 2 characters" } },
          { name: "ln", label: "Last Name", kind: "name", autoComplete: "family-name", min: 2, messages: { required: "Last name is required", short: "Last name must be at least 2 characters" } },
          { name: "em", label: "Email Address", kind: "email", messages: { required: "Email is required", invalid: "Please enter a valid email address" } },
          { name: "ph", label: "Phone Number", kind: "phone", messages: { required: "Phone number is required", invalid: "Please enter a valid phone number" } },
          { name: "st", label: "State", kind: "state", messages: { required: "Please select your state" } },
          { name: "tcpa", label: "I agree to be contacted", kind: "consent", messages: { required: "You must agree to be contacted" } },
        ],
      },
    ],
    gating: "validate-on-next",
    copy: {
      formTitle: `${title} Claim`,
      formIntro: "A few short questions. It takes about two minutes.",
      submit: "Submit Claim",
      submitting: "Submitting...",
      submitError: "Submission Error: we could not save your claim. Your answers are still here; please try again.",
      savedNotice: "Your claim has been submitted. Lead ID: {id}",
      contactWithin: "within 24 hours",
    },
    results: { none: { heading: "Thank You!", message: "We received your claim. An attorney will review your answers." } },
    lead: { fn: { answer: "fn" }, ln: { answer: "ln" }, em: { answer: "em" }, ph: { answer: "ph" }, st: { answer: "st" }, tcpa: "tcpa" },
  };
}
