import { z } from "zod";
import { landingCopyOf } from "#claims/engine/landing-copy";
import { sameInSpanish, translatorOf, visitorTexts, type SpanishTable } from "#claims/engine/localize";
import type { ClaimDefinition } from "#claims/engine/types";
import { spanishTableOf } from "#claims/spanish-tables";

/**
 * A built-in claim's Spanish texts as site content (`claim-texts:<slug>:es`, docs/decisions/058,
 * amendment): the body maps each English text of the claim to its Spanish, as the folder's
 * `messages-es.ts` does, and the published body wins over the folder's table on the claim's /es pages.
 * The landing page's words an operator edits in `landing:<slug>:es` are left out here: a second field
 * for the same words would be overridden by that entry.
 */
export type ClaimTextsBody = SpanishTable;

export interface ClaimTextGroup {
  title: string;
  texts: string[];
}

/** The most characters a Spanish text may have (the longest built-in one, a question's answer, is under 700). */
export const CLAIM_TEXT_MAX = 1000;

/** The answers' messages (the schema's, which the walk cannot see): the table's keys no visitor-facing field has. */
const MESSAGES = "Messages shown when an answer is checked";

/** Where the editor shows each group: the form first, as the entry's title says, the landing page's other words last. */
const GROUP_ORDER = [/^Step /, /^The form's own words$/, /^The form's result screens$/, /^The result pages$/, /^The landing page$/];
const rankOf = (group: string) => GROUP_ORDER.findIndex((pattern) => pattern.test(group));

/** Every string of the claim's landing copy but the results' keys: the texts `landing:<slug>:es` edits. */
function landingCopyTexts(claim: ClaimDefinition): string[] {
  const texts: string[] = [];
  const visit = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (key !== "key" && value) texts.push(value);
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, ""));
    else if (value && typeof value === "object") for (const [name, item] of Object.entries(value)) visit(item, name);
  };
  visit(landingCopyOf(claim), "");
  return texts;
}

const countOf = (texts: readonly string[]) => texts.reduce((counts, text) => counts.set(text, (counts.get(text) ?? 0) + 1), new Map<string, number>());

const groupsByClaim = new WeakMap<ClaimDefinition, ClaimTextGroup[]>();

/**
 * The English texts of the entry, grouped by where the visitor reads them (each once, where the form
 * shows it first): every text the claim's Spanish walk meets (claims/engine/localize.ts) that needs a
 * translation, unless every place it stands is one the landing entry edits; then the folder table's
 * other keys (the answers' messages).
 */
export function claimTextGroups(claim: ClaimDefinition): ClaimTextGroup[] {
  const known = groupsByClaim.get(claim);
  if (known) return known;
  const table = spanishTableOf(claim);
  const walked = visitorTexts(claim);
  const inWalk = countOf(walked.map(({ text }) => text));
  const inLandingCopy = countOf(landingCopyTexts(claim));
  const wanted = (text: string) => text.trim() !== "" && (inLandingCopy.get(text) ?? 0) < inWalk.get(text)! && (Object.hasOwn(table, text) || !sameInSpanish(text));
  const seen = new Set<string>();
  const groups: ClaimTextGroup[] = [];
  const ordered = walked.map((item, i) => ({ ...item, i })).sort((a, b) => rankOf(a.group) - rankOf(b.group) || a.i - b.i);
  for (const { group, text } of ordered) {
    if (seen.has(text) || !wanted(text)) continue;
    seen.add(text);
    if (groups.at(-1)?.title !== group) groups.push({ title: group, texts: [] });
    groups.at(-1)!.texts.push(text);
  }
  const messages = Object.keys(table).filter((text) => !inWalk.has(text));
  if (messages.length) groups.push({ title: MESSAGES, texts: messages });
  groupsByClaim.set(claim, groups);
  return groups;
}

/** The entry's English texts, in the editor's order. */
export const claimTextKeys = (claim: ClaimDefinition): string[] => claimTextGroups(claim).flatMap((group) => group.texts);

/** What the claim's /es pages show until a version is published: its folder's Spanish (and the engine's), else the English. */
export function defaultClaimTexts(claim: ClaimDefinition): ClaimTextsBody {
  const t = translatorOf(spanishTableOf(claim));
  return Object.fromEntries(claimTextKeys(claim).map((english) => [english, t(english)]));
}

/** The `{name}` tokens a text has, which the engine fills in (a lead's reference number, `{id}`). */
const tokensOf = (text: string) => [...new Set(text.match(/\{[A-Za-z]+\}/g) ?? [])];

const schemas = new WeakMap<ClaimDefinition, z.ZodType<ClaimTextsBody>>();

/**
 * The entry's body checked against its claim's texts: each value the Spanish of one of them, trimmed,
 * 1 to CLAIM_TEXT_MAX characters, with every `{token}` its English has. A text left out keeps the
 * folder's Spanish (a text added to the claim by a later deploy); a text the claim does not have is refused.
 */
export function claimTextsSchema(claim: ClaimDefinition): z.ZodType<ClaimTextsBody> {
  const known = schemas.get(claim);
  if (known) return known;
  const texts = new Set(claimTextKeys(claim));
  const schema = z
    .record(z.string(), z.string({ error: "The Spanish must be text." }).trim())
    .superRefine((body, ctx) => {
      for (const [english, spanish] of Object.entries(body)) {
        if (!texts.has(english)) {
          const shown = english.length > 80 ? `${english.slice(0, 80)}…` : english;
          ctx.addIssue({ code: "custom", path: [], message: `"${shown}" is not one of this claim's texts: only the texts listed here can be translated.` });
        } else if (!spanish) ctx.addIssue({ code: "custom", path: [english], message: "The Spanish is required: write the text as the Spanish page should show it." });
        else if (spanish.length > CLAIM_TEXT_MAX) ctx.addIssue({ code: "custom", path: [english], message: `The Spanish can be at most ${CLAIM_TEXT_MAX} characters.` });
        else {
          const missing = tokensOf(english).filter((token) => !spanish.includes(token));
          if (missing.length) ctx.addIssue({ code: "custom", path: [english], message: `The Spanish must keep ${missing.join(" and ")}: the page puts the value there.` });
        }
      }
    });
  schemas.set(claim, schema);
  return schema;
}

/**
 * The texts of a published (or previewed) body that differ from the folder's Spanish: what the server
 * applies over the table, and what a Spanish form page sends the browser (which has the table); null when none.
 * Texts the claim no longer has are dropped.
 */
export function changedClaimTexts(body: ClaimTextsBody, defaults: ClaimTextsBody): SpanishTable | null {
  const changed = Object.entries(body).filter(([english, spanish]) => Object.hasOwn(defaults, english) && defaults[english] !== spanish);
  return changed.length ? Object.fromEntries(changed) : null;
}
