import * as z from "zod/mini";
import { conditionSchema, eligibilityRulesSchema } from "./eligibility-rules";
import { leadMappingSchema } from "./lead-mapping";

/**
 * A claim defined as data (docs/decisions/059): what an operator writes at /admin/claims, stored as
 * JSON and compiled into the engine's ClaimDefinition (compile-data-claim.ts). zod/mini, because the
 * wizard compiles a published claim in the visitor's browser too.
 */

const text = (max = 400) => z.string().check(z.trim(), z.minLength(1, "Required"), z.maxLength(max, `At most ${max} characters`));
const longText = () => text(4000);
const optionalText = (max = 4000) => z.optional(z.string().check(z.maxLength(max, `At most ${max} characters`)));

export const SLUG = /^[a-z][a-z0-9-]{1,40}$/;
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;
/**
 * A data claim's pages are under /claims/ (docs/decisions/059): the routes fixed at build have one
 * catch route there that finds the claim by its path, and no data claim can take a page of the site.
 */
export const DATA_CLAIM_PREFIX = "/claims/";
export const PATH = /^\/claims\/[a-z0-9][a-z0-9-]{0,80}(\/[a-z0-9][a-z0-9-]{0,80})?$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

const path = z.string().check(z.regex(PATH, "A path such as /claims/hair-relaxer or /claims/hair-relaxer/form: lowercase letters, digits and '-' under /claims/"));
const colour = z.string().check(z.regex(COLOUR, "A colour such as #1d4ed8"));

export const optionSchema = z.object({ value: text(200), label: text(200), exclusive: z.optional(z.boolean()) });

/**
 * The kinds of question a data claim asks. 'state' is a select of the US states, 'yes-no' a Yes/No
 * radio; 'first-name', 'last-name' and 'full-name' are person names (masked on certificates), 'email'
 * and 'phone' contact details, 'consent' the TCPA checkbox.
 */
export const DATA_FIELD_KINDS = [
  "text",
  "textarea",
  "select",
  "radio",
  "checkboxes",
  "date",
  "state",
  "yes-no",
  "number",
  "name",
  "email",
  "phone",
  "consent",
] as const;
export type DataFieldKind = (typeof DATA_FIELD_KINDS)[number];

export const fieldSchema = z.object({
  name: z.string().check(z.regex(FIELD_NAME, "A field name: a letter, then letters, digits or '_'")),
  label: text(),
  kind: z.enum(DATA_FIELD_KINDS, { error: `One of: ${DATA_FIELD_KINDS.join(", ")}` }),
  /** Absent: required. */
  optional: z.optional(z.boolean()),
  hint: optionalText(400),
  placeholder: optionalText(200),
  autoComplete: optionalText(60),
  /** select, radio, checkboxes (and yes-no, whose options default to Yes / No). */
  options: z.optional(z.array(optionSchema).check(z.minLength(1, "At least one option"))),
  /** date: how many days back (default 365); text/name: the shortest and longest answer; number: the range. */
  pastDays: z.optional(z.number().check(z.int(), z.gte(1), z.lte(36_500))),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  /** The field's messages: `required` (blank), `invalid` (not a valid answer), `short`, `range`, `future`. */
  messages: z.optional(
    z.object({
      required: optionalText(300),
      invalid: optionalText(300),
      short: optionalText(300),
      range: optionalText(300),
      future: optionalText(300),
    }),
  ),
  privacy: z.optional(z.enum(["name", "email", "phone", "free-text"])),
});
export type DataField = z.infer<typeof fieldSchema>;

export const stepSchema = z.object({
  title: text(200),
  fields: z.array(fieldSchema).check(z.minLength(1, "A step asks at least one question")),
  panel: z.optional(z.object({ title: text(200), points: z.array(text()) })),
});

export const resultCopySchema = z.object({
  heading: text(200),
  message: longText(),
  help: z.optional(z.object({ text: text(), number: text(40), tel: text(40) })),
});

const tileSchema = z.object({
  title: text(200),
  text: longText(),
  icon: z.optional(z.enum(["check", "clock", "dollar", "lock", "shield", "star", "users"])),
});
const sectionSchema = z.union([
  z.object({
    kind: z.literal("tiles"),
    id: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,60}$/)),
    title: text(200),
    intro: optionalText(),
    tone: z.optional(z.enum(["white", "tinted"])),
    tiles: z.array(tileSchema),
  }),
  z.object({
    kind: z.literal("checklist"),
    id: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,60}$/)),
    title: text(200),
    intro: optionalText(),
    items: z.array(text()),
  }),
  z.object({
    kind: z.literal("support"),
    id: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,60}$/)),
    title: text(200),
    text: longText(),
    call: z.object({ label: text(), tel: text(40) }),
  }),
]);

/** The landing page, card and search texts; the same shape as a built-in claim's landing.ts (less its theme). */
export const landingSchema = z.object({
  seo: z.object({ title: text(200), description: text(400) }),
  card: z.object({
    order: z.number().check(z.int()),
    title: text(200),
    description: text(),
    figureLabel: text(200),
    figure: text(200),
    cta: text(200),
    target: z.optional(z.enum(["landing", "form"])),
  }),
  countStarts: z.optional(z.boolean()),
  hero: z.object({
    badge: text(200),
    title: text(200),
    intro: longText(),
    stats: z.array(z.object({ label: text(200), value: text(200) })),
    cta: text(200),
    steps: z.object({ title: text(200), steps: z.array(text()), cta: text(200) }),
  }),
  /** Words that qualify the hero's figures ("Past results do not guarantee..."). */
  disclaimer: optionalText(1000),
  sections: z.array(sectionSchema),
  /** Questions and answers after the sections. */
  faq: z.optional(z.array(z.object({ question: text(300), answer: longText() }))),
  closing: z.optional(z.object({ title: text(200), text: longText(), cta: text(200) })),
  articleCta: z.optional(z.object({ category: text(200), label: text(200) })),
});

export const dataClaimSchema = z.object({
  /** The claim's name in its API path (/api/leads/<slug>) and theme; never a built-in claim's. */
  slug: z.string().check(z.regex(SLUG, "A slug: lowercase letters, digits and '-', 2 to 41 characters, starting with a letter")),
  /** Stored in leads.case_type: what buyers and the console call the claim. */
  caseType: text(60),
  routes: z.object({ landing: path, landingAliases: z.optional(z.array(path)), form: path }),
  /** The accent colour (DESIGN section 8); the strong and soft shades default to darker and lighter tints of it. */
  theme: z.object({ accent: colour, strong: z.optional(colour), soft: z.optional(colour) }),
  landing: landingSchema,
  steps: z.array(stepSchema).check(z.minLength(1, "At least one step")),
  gating: z.optional(z.enum(["next-disabled-until-complete", "validate-on-next"])),
  minBusyMs: z.optional(z.number().check(z.int(), z.gte(0), z.lte(5000))),
  copy: z.object({
    formTitle: text(200),
    formIntro: longText(),
    next: optionalText(60),
    submit: text(60),
    submitting: text(60),
    submitError: text(),
    savedNotice: text(),
    contactWithin: text(60),
  }),
  /** Absent: every lead is taken without an eligibility outcome, and the 'none' result is shown. */
  eligibility: z.optional(eligibilityRulesSchema),
  results: z.object({
    eligible: z.optional(resultCopySchema),
    partial: z.optional(resultCopySchema),
    ineligible: z.optional(resultCopySchema),
    none: z.optional(resultCopySchema),
  }),
  formPage: z.optional(z.object({ backToHome: z.optional(z.boolean()), contactPanel: z.optional(z.boolean()) })),
  resultAction: z.optional(z.enum(["home", "submit-another"])),
  lead: leadMappingSchema,
  /**
   * The claim in Spanish (docs/decisions/064): each English text of the claim as written above, and its
   * Spanish, as a built-in claim's messages-es.ts has them. Absent or incomplete: the Spanish pages show
   * the engine's Spanish and the claim's own texts in English.
   */
  es: z.optional(z.record(z.string().check(z.minLength(1)), z.string().check(z.trim(), z.minLength(1, "A Spanish text is required"), z.maxLength(4000)))),
});

export type DataClaim = z.infer<typeof dataClaimSchema>;
export { conditionSchema };
