import * as z from "zod/mini";
import {
  contactColumns,
  DEFAULT_PERSONAL_MESSAGES,
  TCPA_FIELD,
  personalFields,
  personalSchemaShape,
  tcpaConsentText,
  tcpaSchema,
} from "../engine/personal-fields";
import { numberBetween, optionalText, requiredText } from "../engine/schema-builders";
import type { ClaimDefinition, LeadColumns } from "../engine/types";
import { US_STATES } from "../engine/us-states";
import { videoGameLanding } from "./landing";

/** Spec section 5, 'Video game form' (the required-field messages), plus our range check for hours. */
export const VIDEO_GAME_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Email is required",
  phone: "Phone number is required",
  state: "State is required",
  gamesPlayed: "Please list the games you played",
  gamingPeriod: "Gaming period is required",
  hoursPerDay: "Hours per day is required",
  hoursPerDayRange: "Please enter a number of hours between 0 and 24",
  moneySpent: "Money spent is required",
  healthImpacts: "Please describe health impacts",
  manipulativeFeatures: "Please describe manipulative features",
  consent: "You must agree to be contacted",
} as const;

const m = VIDEO_GAME_MESSAGES;
const LONG_TEXT = { max: 4000 };

const schema = z.object({
  ...personalSchemaShape(US_STATES, {
    ...DEFAULT_PERSONAL_MESSAGES,
    firstNameRequired: m.firstName,
    lastNameRequired: m.lastName,
    emailRequired: m.email,
    phoneRequired: m.phone,
    state: m.state,
  }),
  gamesPlayed: requiredText(m.gamesPlayed, LONG_TEXT),
  gamingPeriod: requiredText(m.gamingPeriod),
  hoursPerDay: numberBetween(0, 24, { required: m.hoursPerDay, range: m.hoursPerDayRange }),
  moneySpent: requiredText(m.moneySpent),
  healthImpacts: requiredText(m.healthImpacts, LONG_TEXT),
  relationshipImpacts: optionalText(),
  financialImpacts: optionalText(),
  treatmentSought: optionalText(),
  manipulativeFeatures: requiredText(m.manipulativeFeatures, LONG_TEXT),
  additionalInfo: optionalText(),
  tcpa: tcpaSchema(m.consent),
});

export type VideoGameAnswers = z.infer<typeof schema>;

/**
 * Spec section 3, 'Video game lead': cq1 games played; cq2 gaming period; cq3 hours per day; cq4 money
 * spent; cq5 health impacts; cq6 relationship impacts or null; cq7 financial impacts or null; cq8
 * treatment sought or null; cq9 manipulative practices; cq10 additional info or null.
 */
export function videoGameToLead(a: VideoGameAnswers): LeadColumns {
  return {
    ...contactColumns(a),
    cq: {
      1: a.gamesPlayed,
      2: a.gamingPeriod,
      3: String(a.hoursPerDay),
      4: a.moneySpent,
      5: a.healthImpacts,
      6: a.relationshipImpacts,
      7: a.financialImpacts,
      8: a.treatmentSought,
      9: a.manipulativeFeatures,
      10: a.additionalInfo,
    },
  };
}

export const videoGameClaim: ClaimDefinition<typeof schema> = {
  slug: "video-game",
  caseType: "Video Game Addiction",
  routes: { landing: "/video-game-addiction", form: "/video-game-addiction-claim" },
  landing: videoGameLanding,
  steps: [
    { title: "Personal Information", fields: personalFields(US_STATES) },
    {
      title: "Gaming History",
      fields: [
        {
          name: "gamesPlayed",
          label: "Which games did you (or your child) play?",
          kind: "textarea",
          hint: "List the main games, separated by commas.",
          privacy: "free-text",
        },
        { name: "gamingPeriod", label: "When did the gaming happen?", kind: "text", placeholder: "e.g. 2018 to now", privacy: "free-text" },
        {
          name: "hoursPerDay",
          label: "Average hours of gaming per day",
          kind: "number",
          min: 0,
          max: 24,
          placeholder: "e.g. 6",
        },
        {
          name: "moneySpent",
          label: "About how much money was spent in games?",
          kind: "text",
          placeholder: "e.g. $2,500",
          hint: "Include in-game purchases, loot boxes and subscriptions.",
          privacy: "free-text",
        },
      ],
    },
    {
      title: "Impact on Your Life",
      fields: [
        {
          name: "healthImpacts",
          label: "How has gaming affected physical or mental health?",
          kind: "textarea",
          hint: "For example: anxiety, depression, sleep problems, withdrawal or falling behind at school or work.",
          privacy: "free-text",
        },
        { name: "relationshipImpacts", label: "Effects on family and relationships", kind: "textarea", optional: true, privacy: "free-text" },
        { name: "financialImpacts", label: "Financial harm", kind: "textarea", optional: true, privacy: "free-text" },
        {
          name: "treatmentSought",
          label: "Treatment or counseling sought",
          kind: "textarea",
          optional: true,
          privacy: "free-text",
        },
      ],
    },
    {
      title: "Game Features & Details",
      panel: {
        title: "Next Steps",
        points: [
          "A legal expert reviews your claim, free of charge.",
          "We contact you within 24 hours to talk about your options.",
          "If you have a case, an attorney who handles gaming addiction claims takes it on: no fees unless you win.",
        ],
      },
      fields: [
        {
          name: "manipulativeFeatures",
          label: "Which game features kept you playing or spending?",
          kind: "textarea",
          hint: "For example: loot boxes, limited-time offers, daily rewards, streaks, in-game currency or pay-to-win upgrades.",
          privacy: "free-text",
        },
        { name: "additionalInfo", label: "Anything else we should know?", kind: "textarea", optional: true, privacy: "free-text" },
        TCPA_FIELD,
      ],
    },
  ],
  schema,
  gating: "validate-on-next",
  minBusyMs: 0,
  consentText: tcpaConsentText,
  copy: {
    formTitle: "Video Game Addiction Claim",
    formIntro: "Four short steps to a free, confidential case review, for yourself or on behalf of your child.",
    submit: "Submit My Gaming Addiction Claim",
    submitting: "Submitting...",
    submitError: "Failed to submit your claim. Please try again.",
    savedNotice: "Your Video Game Addiction claim has been submitted successfully! Lead ID: {id}",
    contactWithin: "within 24 hours",
  },
  results: {
    none: { heading: "Thank You!", message: "We have received your video game addiction claim." },
  },
  toLead: videoGameToLead,
};

/** The claim this folder defines: claims/registry.ts finds it as the default export of <folder>/definition.ts. */
export default videoGameClaim;
