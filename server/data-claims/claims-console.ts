import { BUILT_IN_AS_DATA } from "#claims/built-in-rules";
import { DATA_FIELD_KINDS, SLUG, type DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { textsToTranslate } from "#claims/engine/data-claim/compile-data-claim";
import { dataClaimOf } from "#claims/engine/data-claim/export-claim";
import { asNewClaim, blankDataClaim } from "#claims/engine/data-claim/templates";
import { claims as builtInClaims } from "#claims/registry";
import type { Actor } from "../audit/audit-log";
import { BASICS, claimFormValues, claimFromValues, EMPTY_ROWS, KINDS_WITH_OPTIONS, LEAD_COLUMNS, OUTCOMES, postedValues, PRIVACY, problemsByKey, RESULT_SCREENS, TESTS, type ClaimFormValues } from "./claim-form";
import type { DataClaimStore } from "./data-claim-store";
import type { LiveDataClaims } from "./live-data-claims";

/** Which of the editor's row lists the operator asked for more empty rows in, without JavaScript. */
export const MORE_ROWS = ["steps", "fields", "rules", "conditions", "faq"] as const;
export type MoreRows = (typeof MORE_ROWS)[number];

export interface NewClaimValues {
  from: string;
  slug: string;
  name: string;
}

export type NewClaimAnswer =
  | { ok: true; slug: string }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: Record<string, string>; values: NewClaimValues };

/** What the editor's action answers; `form` says which of its forms the answer is about. */
export type ClaimEditAnswer =
  | { ok: true; form: "structured" | "json" | "state" | "spanish"; message: string | null; values?: ClaimFormValues; more?: MoreRows }
  | {
      ok: false;
      status: 400 | 404 | 409;
      form: "structured" | "json" | "state" | "spanish";
      message: string;
      /** Every problem the check found, by its path in the claim. */
      problems?: string[];
      /** Each problem beside its field, by form key. */
      errors?: Record<string, string>;
      values?: ClaimFormValues;
      json?: string;
    };

const SLUG_MESSAGE = "A slug: lowercase letters, digits and '-', 2 to 41 characters, starting with a letter (it is the claim's address: /claims/<slug>)";

/**
 * /admin/claims (docs/decisions/063): the built-in claims and the claims defined as data; a new one
 * from the blank template or as a copy of any claim; the editor's saves, publish, pause, resume and
 * rollback. A change the site runs reloads this instance's claims at once; the others see it at
 * their next poll.
 */
export function createClaimsConsole({ store, live }: { store: DataClaimStore; live: LiveDataClaims }) {
  /** The claim a new one copies: a built-in claim in the data form, or a data claim's draft, else its live version. */
  async function sourceOf(from: string): Promise<{ claim: DataClaim; name: string } | null> {
    const [kind, slug] = from.split(":");
    if (kind === "built-in") {
      const definition = builtInClaims.find((c) => c.slug === slug);
      const rules = slug ? BUILT_IN_AS_DATA[slug] : undefined;
      return definition && rules ? { claim: dataClaimOf(definition, rules), name: `built-in:${slug}` } : null;
    }
    if (kind === "data" && slug) {
      const record = await store.get(slug);
      const claim = record?.draft ?? record?.live;
      return claim ? { claim, name: `data:${slug}` } : null;
    }
    return null;
  }

  return {
    /** What the editor's form is made of: its labels and lists, for the page to draw. */
    layout: {
      basics: BASICS,
      leadColumns: LEAD_COLUMNS,
      resultScreens: RESULT_SCREENS,
      outcomes: OUTCOMES,
      tests: TESTS,
      kinds: DATA_FIELD_KINDS,
      kindsWithOptions: KINDS_WITH_OPTIONS,
      privacy: PRIVACY,
      emptyRows: EMPTY_ROWS,
    },

    async overview() {
      const records = await Promise.all((await store.list()).map((summary) => store.get(summary.slug)));
      return {
        builtIns: builtInClaims.map((c) => ({ slug: c.slug, name: c.landing.card.title, caseType: c.caseType })),
        dataClaims: records.flatMap((record) => {
          if (!record) return [];
          const { draft, live: published, versions: _versions, ...summary } = record;
          return [{ ...summary, name: (draft ?? published)?.landing.card.title ?? record.slug }];
        }),
      };
    },

    /** A new claim as a draft: `from` is "blank", "built-in:<slug>" or "data:<slug>". */
    async create(form: FormData, actor: Actor): Promise<NewClaimAnswer> {
      const values: NewClaimValues = { from: String(form.get("from") ?? "blank"), slug: String(form.get("slug") ?? "").trim(), name: String(form.get("name") ?? "").trim() };
      const errors: Record<string, string> = {};
      if (!SLUG.test(values.slug)) errors.slug = SLUG_MESSAGE;
      if (!values.name) errors.name = "Give the claim a name, such as Hair Relaxer";
      else if (values.name.length > 60) errors.name = "At most 60 characters";
      const source = values.from === "blank" ? null : await sourceOf(values.from);
      if (values.from !== "blank" && !source) errors.from = "Choose the claim to copy from the list";
      if (Object.keys(errors).length) return { ok: false, status: 400, message: "The claim was not made: correct the fields marked below.", errors, values };

      let claim = blankDataClaim(values.slug, values.name);
      if (source) {
        claim = asNewClaim(source.claim, values.slug, values.name);
        claim.landing.card.title = values.name;
      }
      const made = await store.create(claim, actor, source ? { copiedFrom: source.name } : {});
      if (made.ok) return { ok: true, slug: values.slug };
      const problems = made.errors ?? [];
      const about = (word: string) => problems.find((p) => p.includes(word));
      const clash = { slug: about("slug") ?? about("path") ?? (made.status === 409 && !problems.length ? made.message : undefined), name: about("case type") };
      return {
        ok: false,
        status: made.status,
        message: [made.message, ...problems].join(" "),
        errors: Object.fromEntries(Object.entries(clash).filter(([, m]) => m)) as Record<string, string>,
        values,
      };
    },

    /** What the editor shows of a claim: its draft, else its live version, as form values and as JSON. */
    async editor(slug: string) {
      const record = await store.get(slug);
      const claim = record?.draft ?? record?.live;
      if (!record || !claim) return null;
      const { draft: _draft, live: _live, ...summary } = record;
      return {
        ...summary,
        name: claim.landing.card.title,
        routes: claim.routes,
        values: claimFormValues(claim),
        spanish: textsToTranslate(claim),
        json: JSON.stringify(claim, null, 2),
      };
    },

    async act(slug: string, form: FormData, actor: Actor): Promise<ClaimEditAnswer> {
      const record = await store.get(slug);
      const base = record?.draft ?? record?.live;
      if (!record || !base) return { ok: false, status: 404, form: "state", message: "No claim defined as data has that slug." };
      const intent = String(form.get("intent") ?? "");
      const more = MORE_ROWS.find((list) => intent === `more-${list}`);
      if (more) return { ok: true, form: "structured", message: null, values: postedValues(form, claimFormValues(base).rulesInForm), more };
      switch (intent) {
        case "save": {
          const values = postedValues(form, claimFormValues(base).rulesInForm);
          const built = claimFromValues(values, base);
          if (Object.keys(built.errors).length) {
            return { ok: false, status: 400, form: "structured", message: "The draft was not saved: correct the fields marked below.", errors: built.errors, problems: Object.values(built.errors), values };
          }
          const saved = await store.saveDraft(slug, built.claim, actor);
          if (!saved.ok) {
            return { ok: false, status: saved.status, form: "structured", message: saved.message, problems: saved.errors, errors: problemsByKey(saved.errors ?? [], values, built.keyOf), values };
          }
          return { ok: true, form: "structured", message: "The draft is saved. Preview it, then publish it." };
        }
        case "save-json": {
          const json = String(form.get("json") ?? "");
          let parsed: unknown;
          try {
            parsed = JSON.parse(json);
          } catch (error) {
            return { ok: false, status: 400, form: "json", message: `The JSON could not be read: ${(error as Error).message}`, json };
          }
          const saved = await store.saveDraft(slug, parsed, actor);
          if (!saved.ok) return { ok: false, status: saved.status, form: "json", message: saved.message, problems: saved.errors, json };
          return { ok: true, form: "json", message: "The draft is saved from the JSON. Preview it, then publish it." };
        }
        case "save-spanish": {
          // Each English text posted with its Spanish: a blank Spanish takes the text out of the table
          // (its Spanish page then shows the English); texts not posted keep what they had.
          const es = { ...base.es };
          const english = form.getAll("esEnglish").map(String);
          const spanish = form.getAll("esSpanish").map(String);
          if (english.length !== spanish.length) return { ok: false, status: 400, form: "spanish", message: "Each English text needs its Spanish field: reload the page and try again." };
          english.forEach((text, i) => {
            const translation = spanish[i]!.trim();
            if (translation) es[text] = translation;
            else delete es[text];
          });
          const saved = await store.saveDraft(slug, { ...base, es }, actor);
          if (!saved.ok) return { ok: false, status: saved.status, form: "spanish", message: saved.message, problems: saved.errors };
          return { ok: true, form: "spanish", message: "The Spanish is saved in the draft. Publish it to put it on the /es pages." };
        }
        case "publish": {
          const published = await store.publish(slug, actor);
          if (!published.ok) return { ok: false, status: published.status, form: "state", message: published.message, problems: published.errors };
          await live.refresh();
          return { ok: true, form: "state", message: `Version ${published.value.version} is published: the site runs it now.` };
        }
        case "pause":
        case "resume": {
          const changed = await store.setPaused(slug, intent === "pause", actor);
          if (!changed.ok) return { ok: false, status: changed.status, form: "state", message: changed.message };
          await live.refresh();
          return { ok: true, form: "state", message: intent === "pause" ? "The claim is paused: its pages say it is closed and it takes no leads." : "The claim is open again." };
        }
        case "rollback": {
          const version = Number(form.get("version"));
          if (!Number.isInteger(version) || version < 1) return { ok: false, status: 400, form: "state", message: "Choose the version to roll back to." };
          const rolled = await store.rollback(slug, version, actor);
          if (!rolled.ok) return { ok: false, status: rolled.status, form: "state", message: rolled.message, problems: rolled.errors };
          await live.refresh();
          return { ok: true, form: "state", message: `Version ${rolled.value.version}, a copy of version ${version}, is published: the site runs it now.` };
        }
        default:
          return { ok: false, status: 400, form: "state", message: "Choose what to do: save the draft, publish, pause, resume or roll back." };
      }
    },
  };
}

export type ClaimsConsole = ReturnType<typeof createClaimsConsole>;
