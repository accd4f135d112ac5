import { allFields } from "#claims/engine/form-values";
import { isoDay } from "#claims/engine/schema-builders";
import type { ClaimDefinition, FieldSpec } from "#claims/engine/types";
import { freeTextAnswer } from "./free-text";
import { randomPerson, type Person } from "./people";
import type { Random } from "./random";

const DAY_MS = 86_400_000;

/** The contact questions, known by their autocomplete names: each lead fills them with its own person. */
const CONTACT_VALUE: Record<string, (person: Person) => string> = {
  "given-name": (p) => p.firstName,
  "family-name": (p) => p.lastName,
  name: (p) => `${p.firstName} ${p.lastName}`,
  email: (p) => p.email,
  "tel-national": (p) => p.phone,
  "address-level1": (p) => p.state,
};

interface AnswerSet {
  /** As the claim's schema parsed them, with some person's contact answers and dates relative to today. */
  answers: Record<string, unknown>;
  /** Each date answer as days before the submission, so it can be moved to any lead's time. */
  dateOffsets: Array<[name: string, days: number]>;
}

export type ClaimAnswers = ReturnType<typeof claimAnswers>;

/**
 * Valid answers for one claim, made from its questions (kinds, options, ranges, optional or not) and
 * checked once by its own schema. Parsing every lead would cost more than the rest of the seed, so
 * `variants` answer sets are parsed up front and each lead takes one, with its own person and dates:
 * values the schema would store unchanged.
 */
export function claimAnswers(definition: ClaimDefinition, random: Random, variants: number) {
  const fields = allFields(definition);
  const contactFields = fields
    .filter((field) => field.autoComplete && CONTACT_VALUE[field.autoComplete])
    .map((field) => [field.name, CONTACT_VALUE[field.autoComplete!]!] as const);
  const sets = Array.from({ length: variants }, () => answerSet(definition, fields, random));

  /** One lead's answers: a sampled answer set, this person's contact answers, dates before the submission. */
  function answersFor(random: Random, person: Person, submittedAt: Date): Record<string, unknown> {
    const set = random.pick(sets);
    const answers = { ...set.answers };
    for (const [name, value] of contactFields) answers[name] = value(person);
    for (const [name, days] of set.dateOffsets) answers[name] = isoDay(new Date(submittedAt.getTime() - days * DAY_MS));
    return answers;
  }

  return { definition, answersFor };
}

function answerSet(definition: ClaimDefinition, fields: readonly FieldSpec[], random: Random): AnswerSet {
  const person = randomPerson(random);
  const raw: Record<string, unknown> = {};
  const dateOffsets: AnswerSet["dateOffsets"] = [];
  for (const field of fields) {
    const contact = field.autoComplete ? CONTACT_VALUE[field.autoComplete] : undefined;
    if (contact) raw[field.name] = contact(person);
    else if (field.optional && random.chance(0.4)) raw[field.name] = field.kind === "checkboxes" ? [] : "";
    else if (field.kind === "date") {
      const days = daysBefore(random, field);
      dateOffsets.push([field.name, days]);
      raw[field.name] = isoDay(new Date(Date.now() - days * DAY_MS));
    } else raw[field.name] = formAnswer(random, field);
  }
  const parsed = definition.schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`The seed made answers that the ${definition.slug} claim refuses (${problems}): fix server/seed/claim-answers.ts`);
  }
  return { answers: parsed.data as Record<string, unknown>, dateOffsets };
}

/** An answer as the JSON API takes it, from the question's kind and options. */
function formAnswer(random: Random, field: FieldSpec): unknown {
  const options = (field.options ?? []).filter((option) => option.value !== "");
  switch (field.kind) {
    case "consent":
      return true;
    case "select":
    case "radio":
      return random.pick(options).value;
    case "checkboxes": {
      const exclusive = options.filter((option) => option.exclusive);
      if (exclusive.length && random.chance(0.15)) return [random.pick(exclusive).value];
      const chosen = options.filter((option) => !option.exclusive && random.chance(0.35)).map((option) => option.value);
      return chosen.length ? chosen : [random.pick(options.filter((option) => !option.exclusive)).value];
    }
    case "number": {
      const min = field.min ?? 0;
      const max = field.max ?? min + 10;
      return String(min + Math.round((max - min) * (0.1 + 0.45 * random.next())));
    }
    case "email":
    case "tel":
      throw new Error(`The seed cannot answer '${field.name}': give it an autocomplete name the seed knows`);
    default:
      return freeTextAnswer(random, field);
  }
}

/** How long before the submission a dated event happened: mostly recent, within the question's range. */
function daysBefore(random: Random, field: FieldSpec): number {
  const latest = Math.max(0, Math.min((field.pastDays ?? 365) - 2, 3 * 365));
  return Math.floor(random.next() ** 2 * latest);
}
