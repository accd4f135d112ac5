import type { ReactNode } from "react";
import { adminButton, primaryButton } from "../admin-header";
import { operatorTime } from "../format";
import { Cell, Table, Row } from "./table";

// What is edited as a draft and published as versions (site content, blog posts, docs/decisions/055
// and 057): the draft's panel (preview, publish, discard) and the versions with their rollback. Each
// form posts `intent` with the fields that say what it is about (`fields`, such as the entry).

export const secondaryButton = `${adminButton} border border-slate-300 text-slate-800 hover:bg-slate-50`;

export interface DraftShown {
  updatedAt: string;
  updatedBy: string | null;
  previewToken: string;
}

export interface VersionShown {
  id: number;
  number: number;
  publishedAt: string;
  publishedBy: string | null;
  rolledBackFrom: number | null;
}

/** A form of one button posting `intent` with the fields the page's action needs to know what it is about. */
export function IntentForm({ intent, fields = {}, className, buttonClassName, label, children }: { intent: string; fields?: Record<string, string>; className?: string; buttonClassName: string; label?: string; children: ReactNode }) {
  return (
    <form method="post" className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={buttonClassName} aria-label={label}>
        {children}
      </button>
    </form>
  );
}

/** The unpublished draft: who saved it when, a preview of the real page, and (to those who may change it) publish and discard; `children` adds more actions. */
export function DraftPanel({
  draft,
  previewPath,
  timeZone,
  canChange,
  fields = {},
  publishLabel = "Publish",
  children,
}: {
  draft: DraftShown;
  /** The page the preview shows the draft on; none for an entry no page shows alone. */
  previewPath: string | null;
  timeZone: string;
  canChange: boolean;
  fields?: Record<string, string>;
  publishLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mt-4 space-y-3 rounded-xl bg-amber-50 p-3" data-testid="draft">
      <p className="text-sm text-amber-950">
        A draft, saved {operatorTime(draft.updatedAt, timeZone)}
        {draft.updatedBy ? ` by ${draft.updatedBy}` : ""}, is not published.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {previewPath ? (
          <a href={`${previewPath}?preview=${draft.previewToken}`} className={secondaryButton} target="_blank" rel="noreferrer">
            Preview the page
          </a>
        ) : null}
        {canChange ? (
          <>
            <IntentForm intent="publish" fields={fields} buttonClassName={primaryButton}>
              {publishLabel}
            </IntentForm>
            <IntentForm intent="discard" fields={fields} buttonClassName={secondaryButton}>
              Discard draft
            </IntentForm>
            {children}
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The published versions, newest first, each with its time and author and (to those who may change
 * it) a rollback, which publishes a copy of it. `note` adds to a version's name; `current` is the
 * version the site shows, said with `currentLabel`.
 */
export function VersionHistory<V extends VersionShown>({
  versions,
  current,
  currentLabel,
  subject,
  timeZone,
  canChange,
  fields = {},
  writtenHead = "Published",
  note,
}: {
  versions: readonly V[];
  current: number | undefined;
  currentLabel: string;
  /** What is rolled back, for the button's name: "Roll back Brand and contact to version 2". */
  subject: string;
  timeZone: string;
  canChange: boolean;
  fields?: Record<string, string>;
  writtenHead?: string;
  note?: (version: V) => ReactNode;
}) {
  if (!versions.length) return <p className="mt-2 text-sm text-slate-700">Nothing published yet.</p>;
  return (
    <Table className="mt-2" stacked columns={["Version", writtenHead, "By", { label: <span className="sr-only">Roll back</span> }]}>
      {versions.map((version) => (
        <Row key={version.id} data-version={version.number}>
          <Cell>
            <span className="font-semibold">Version {version.number}</span>
            {note?.(version)}
            {version.rolledBackFrom ? <span className="text-slate-600"> (a copy of version {version.rolledBackFrom})</span> : null}
            {version.number === current ? <span className="text-emerald-800"> {currentLabel}</span> : null}
          </Cell>
          <Cell>{operatorTime(version.publishedAt, timeZone)}</Cell>
          <Cell className="break-all">{version.publishedBy ?? "built in"}</Cell>
          <Cell>
            {canChange && version.number !== current ? (
              <IntentForm
                intent="rollback"
                fields={{ ...fields, version: String(version.number) }}
                buttonClassName={secondaryButton}
                label={`Roll back ${subject} to version ${version.number}`}
              >
                Roll back to this
              </IntentForm>
            ) : null}
          </Cell>
        </Row>
      ))}
    </Table>
  );
}
