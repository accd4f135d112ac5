import type { Actor } from "../audit/audit-log";
import {
  bodyFromForm,
  claimOfEntry,
  CONTENT_ENTRIES,
  entryPreviewPath,
  entryTitle,
  FAQ_ROWS,
  isContentEntry,
  kindOf,
  LANDING_FIGURE_ROWS,
  landingEntry,
  TRUST_FIGURE_ROWS,
  type ClaimTextsBody,
  type ContentBodies,
  type ContentEntryName,
  type FieldErrors,
  type LandingBody,
} from "./content-kinds";
import type { ContentStore, PublishedVersions } from "./content-store";
import type { LiveContent } from "./live-content";
import { claimTextGroups } from "./claim-texts";
import { spanishGaps } from "./spanish-landing";

export const CONTENT_INTENTS = ["save", "publish", "discard", "rollback"] as const;
export type ContentIntent = (typeof CONTENT_INTENTS)[number];

/** What /admin/content's action answers: what was done, or why not (with each wrong field's message). */
export type ContentActionAnswer =
  | { ok: true; entry: ContentEntryName; message: string }
  | { ok: false; status: 400 | 404 | 409; entry: ContentEntryName | null; message: string; errors?: FieldErrors; values?: unknown };

/**
 * /admin/content's reads and writes (docs/decisions/055): every entry with what it shows now, its
 * draft and its history; and one operator action from the page's form. A publish or a rollback
 * reloads this instance's content at once; the others see it at their next poll.
 */
export function createContentConsole({ store, live }: { store: ContentStore; live: LiveContent }) {
  /** What a claim's Spanish landing page lacks of its English one, both as published (or built in); none for any other entry. */
  const spanishGapsOf = (entry: ContentEntryName, published: PublishedVersions): string[] => {
    const claim = kindOf(entry) === "landing" ? claimOfEntry(entry) : null;
    if (!claim) return [];
    const shown = (name: ContentEntryName) => (published[name]?.body ?? live.defaults[name]) as LandingBody;
    return spanishGaps(shown(landingEntry(claim.slug)), shown(landingEntry(claim.slug, "es")));
  };
  /** The notice /admin/content shows on both of a claim's landing entries while its Spanish page lacks something; null when nothing. */
  const spanishNoticeOf = (entry: ContentEntryName, published: PublishedVersions) => {
    const gaps = spanishGapsOf(entry, published);
    return gaps.length ? `The Spanish page does not show what the English page shows: ${gaps.join("; ")}.` : null;
  };
  /** A publish's answer, with the notice when the Spanish page now lacks something. */
  const publishedMessage = async (entry: ContentEntryName, message: string) => {
    const notice = spanishNoticeOf(entry, await store.published());
    return notice ? `${message} ${notice}` : message;
  };
  /** A claim's Spanish texts as its fields show them: a text its claim gained since the body was saved starts from the built-in Spanish. */
  const formBody = (entry: ContentEntryName, body: ContentBodies[ContentEntryName]) =>
    kindOf(entry) === "claim-texts" ? { ...(live.defaults[entry] as ClaimTextsBody), ...(body as ClaimTextsBody) } : body;
  return {
    /** The rows of figures the trust strip's form offers, and of settlement figures and questions a landing entry's. */
    figureRows: TRUST_FIGURE_ROWS,
    landingRows: { figures: LANDING_FIGURE_ROWS, faq: FAQ_ROWS },

    async overview() {
      const [published, drafts, histories] = await Promise.all([store.published(), store.drafts(), Promise.all(CONTENT_ENTRIES.map((entry) => store.history(entry)))]);
      return CONTENT_ENTRIES.map((entry, i) => ({
        entry,
        kind: kindOf(entry),
        title: entryTitle(entry),
        previewPath: entryPreviewPath(entry),
        published: published[entry] ?? null,
        /** What the form starts from: the draft, else what the site shows now. */
        body: formBody(entry, drafts[entry]?.body ?? published[entry]?.body ?? live.defaults[entry]!),
        draft: drafts[entry] ?? null,
        history: histories[i]!,
        spanishNotice: spanishNoticeOf(entry, published),
        /** A claim's Spanish texts: its English texts by where a visitor reads them, each beside its Spanish; null for any other entry. */
        textGroups: kindOf(entry) === "claim-texts" ? claimTextGroups(claimOfEntry(entry)!) : null,
      }));
    },

    async act(form: FormData, actor: Actor): Promise<ContentActionAnswer> {
      const entryName = String(form.get("entry") ?? "");
      const intent = String(form.get("intent") ?? "");
      if (!isContentEntry(entryName)) return { ok: false, status: 400, entry: null, message: "Choose a content entry to change: this one is not known." };
      const entry = entryName;
      const title = entryTitle(entry);
      switch (intent as ContentIntent) {
        case "save": {
          const values = bodyFromForm(entry, form);
          const published = (await store.published())[entry];
          const saved = await store.saveDraft(entry, values, actor, published?.body ?? live.defaults[entry]!);
          if (!saved.ok) return { ok: false, status: saved.status, entry, message: saved.message, errors: saved.errors, values };
          return { ok: true, entry, message: `${title}: the draft is saved. Preview it, then publish it.` };
        }
        case "publish": {
          const published = await store.publish(entry, actor);
          if (!published.ok) return { ok: false, status: published.status, entry, message: published.message };
          await live.refresh();
          return { ok: true, entry, message: await publishedMessage(entry, `${title}: version ${published.value.number} is published.`) };
        }
        case "discard": {
          const discarded = await store.discardDraft(entry, actor);
          if (!discarded.ok) return { ok: false, status: discarded.status, entry, message: discarded.message };
          return { ok: true, entry, message: `${title}: the draft is discarded.` };
        }
        case "rollback": {
          const number = Number(form.get("version"));
          const rolledBack = await store.rollback(entry, number, actor);
          if (!rolledBack.ok) return { ok: false, status: rolledBack.status, entry, message: rolledBack.message };
          await live.refresh();
          return { ok: true, entry, message: await publishedMessage(entry, `${title}: version ${rolledBack.value.number} is published, a copy of version ${number}.`) };
        }
        default:
          return { ok: false, status: 400, entry, message: "Choose what to do: save a draft, publish, discard the draft or roll back." };
      }
    },
  };
}
export type ContentConsole = ReturnType<typeof createContentConsole>;
