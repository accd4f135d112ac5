import fs from "node:fs";
import { writeTransaction, type Db } from "../db/database";
import { buyerDayKey } from "../ledger";
import { recordAudit, type Actor } from "../audit/audit-log";
import { NO_FILE, receiveUpload } from "../suppression/suppression-upload";
import { checkSpendRow, parseSpendCsv, spendKey, type RowCheck, type SpendRow } from "./spend-rows";

/** A spend file is a few thousand short lines; anything near this is not one. */
export const SPEND_UPLOAD_MAX_BYTES = 2 * 1024 ** 2;
/** Characters of replaced rows named in one audit entry (its detail keeps 4,000: AUDIT_DETAIL_LIMIT); the rest are counted. */
const AUDITED_CHANGES_CHARS = 3_000;
/** Rows the admin page lists, newest day first. */
const LISTED_ROWS = 200;

export interface SpendImport {
  rows: number;
  added: number;
  replaced: number;
  unchanged: number;
}

export type UploadAnswer = { ok: true; result: SpendImport } | { ok: false; status: 400 | 413 | 415; errors: string[] };
export type EntryAnswer = { ok: true; replacedCents: number | null; row: SpendRow } | { ok: false; errors: Extract<RowCheck, { ok: false }>["errors"] };

export type CampaignSpend = ReturnType<typeof createCampaignSpend>;

/**
 * Campaign spend (docs/decisions/062): imported by CSV or entered by hand on /admin/spend, one row per
 * day, UTM source and campaign. Saving a row that exists replaces its amount: re-importing a corrected
 * export is safe. Every import and entry is in the audit log, with the amounts it replaced.
 */
export function createCampaignSpend({ db, timeZone, now = () => new Date() }: { db: Db; timeZone: string; now?: () => Date }) {
  const today = () => buyerDayKey(now(), timeZone);

  /** Upserts rows in one transaction, and records what changed; answers the counts. */
  async function save(rows: SpendRow[], actor: Actor, audit: { action: "import-campaign-spend" | "save-campaign-spend"; detail: Record<string, unknown> }): Promise<SpendImport & { changes: Change[] }> {
    const at = now().toISOString();
    return writeTransaction(db, async (trx) => {
      const days = [...new Set(rows.map((row) => row.day))];
      const existing = new Map<string, number>();
      for (let i = 0; i < days.length; i += 500) {
        const found = await trx.selectFrom("campaign_spend").select(["day", "utm_source", "utm_campaign", "spend_cents"]).where("day", "in", days.slice(i, i + 500)).execute();
        for (const row of found) existing.set(spendKey({ day: row.day, utmSource: row.utm_source, utmCampaign: row.utm_campaign }), Number(row.spend_cents));
      }
      const result = { rows: rows.length, added: 0, replaced: 0, unchanged: 0, changes: [] as Change[] };
      const toWrite: SpendRow[] = [];
      for (const row of rows) {
        const before = existing.get(spendKey(row));
        if (before === row.spendCents) result.unchanged++;
        else {
          if (before === undefined) result.added++;
          else result.replaced++;
          result.changes.push({ day: row.day, source: row.utmSource, campaign: row.utmCampaign, fromCents: before ?? null, toCents: row.spendCents });
          toWrite.push(row);
        }
      }
      for (let i = 0; i < toWrite.length; i += 500) {
        const values = toWrite.slice(i, i + 500).map((row) => ({ day: row.day, utm_source: row.utmSource, utm_campaign: row.utmCampaign, spend_cents: row.spendCents, updated_at: at, updated_by: actor.email }));
        await trx
          .insertInto("campaign_spend")
          .values(values)
          .onConflict((oc) =>
            oc.columns(["day", "utm_source", "utm_campaign"]).doUpdateSet((eb) => ({
              spend_cents: eb.ref("excluded.spend_cents"),
              updated_at: eb.ref("excluded.updated_at"),
              updated_by: eb.ref("excluded.updated_by"),
            })),
          )
          .execute();
      }
      const replacedRows = result.changes.filter((change) => change.fromCents !== null);
      const named = rowsWithin(replacedRows, AUDITED_CHANGES_CHARS);
      await recordAudit(
        trx,
        actor,
        {
          action: audit.action,
          detail: {
            ...audit.detail,
            rows: result.rows,
            added: result.added,
            replaced: result.replaced,
            unchanged: result.unchanged,
            // What was there before is the part an audit needs: the new amounts are in the table.
            replacedRows: named,
            ...(replacedRows.length > named.length ? { replacedRowsNotListed: replacedRows.length - named.length } : {}),
          },
        },
        now(),
      );
      return result;
    });
  }

  return {
    timeZone,
    today,

    /** A CSV from the upload form (field `file`): every row saved, or none and every problem by line. */
    async upload(request: Request, actor: Actor): Promise<UploadAnswer> {
      const received = await receiveUpload(request, { maxBytes: SPEND_UPLOAD_MAX_BYTES });
      if (!received.ok) {
        // The upload reader's words are the suppression page's; a spend file is described in ours.
        const message =
          received.status === 413
            ? `The file is larger than ${SPEND_UPLOAD_MAX_BYTES / 1024 ** 2} MB: import a month at a time.`
            : received.message === NO_FILE
              ? "Choose a CSV file of spend to import."
              : received.message.replace("the list", "the spend");
        return { ok: false, status: received.status, errors: [message] };
      }
      try {
        const parsed = parseSpendCsv(await fs.promises.readFile(received.file, "utf8"), today());
        if (!parsed.ok) return { ok: false, status: 400, errors: ["Nothing was imported.", ...parsed.errors] };
        const { changes: _changes, ...result } = await save(parsed.rows, actor, { action: "import-campaign-spend", detail: { file: received.fileName, bytes: received.bytes } });
        return { ok: true, result };
      } finally {
        await received.remove();
      }
    },

    /** One row typed on the page; a row that exists gets the new amount. */
    async enter(values: { day: string; source: string; campaign: string; spend: string }, actor: Actor): Promise<EntryAnswer> {
      const checked = checkSpendRow(values, today());
      if (!checked.ok) return checked;
      const { changes } = await save([checked.row], actor, { action: "save-campaign-spend", detail: {} });
      return { ok: true, row: checked.row, replacedCents: changes[0]?.fromCents ?? null };
    },

    /** The newest rows (by day, then source and campaign), for the admin page. */
    async recent() {
      const rows = await db
        .selectFrom("campaign_spend")
        .selectAll()
        .orderBy("day", "desc")
        .orderBy("utm_source")
        .orderBy("utm_campaign")
        .limit(LISTED_ROWS)
        .execute();
      return rows.map((row) => ({ day: row.day, source: row.utm_source, campaign: row.utm_campaign, spendCents: Number(row.spend_cents), updatedAt: row.updated_at, updatedBy: row.updated_by }));
    },
  };
}

/** The first rows whose JSON fits in `chars`. */
function rowsWithin<T>(rows: T[], chars: number): T[] {
  let used = 0;
  const kept: T[] = [];
  for (const row of rows) {
    used += JSON.stringify(row).length + 1;
    if (used > chars) break;
    kept.push(row);
  }
  return kept;
}

interface Change {
  day: string;
  source: string;
  campaign: string;
  fromCents: number | null;
  toCents: number;
}
