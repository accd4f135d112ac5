import type { Kysely } from "kysely";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { Database, SuppressionListKind } from "../db/schema";
import { recordAudit, type Actor } from "../audit/audit-log";
import { importFile, insertKeys, type ImportResult } from "./suppression-import";
import { sha256Key } from "./suppression-keys";
import { suppressionsOf } from "./suppression-check";
import { DEFAULT_UPLOAD_MAX_BYTES, receiveUpload } from "./suppression-upload";

/** Our own Do Not Call list: created by migration 27, joined by every revocation of consent. */
export const OWN_DNC_LIST_ID = 1;

export const LIST_KINDS: Record<SuppressionListKind, string> = {
  "own-dnc": "Our Do Not Call list",
  "federal-dnc": "Federal Do Not Call registry (area-code files)",
  litigator: "Litigator list",
  "buyer-clients": "A buyer's existing clients",
};
/** The kinds an operator can create; there is one own Do Not Call list. */
export const UPLOADABLE_KINDS = ["federal-dnc", "litigator", "buyer-clients"] as const;

export type UploadAnswer =
  | { ok: true; listId: number; listName: string; result: ImportResult }
  | { ok: false; status: 400 | 404 | 413 | 415; message: string };

export const NAME_REQUIRED = "Give the list a name (at most 100 characters).";
export const KIND_REQUIRED = "Choose what the list is: federal Do Not Call, litigators or a buyer's clients.";
export const BUYER_REQUIRED = "Choose the buyer whose clients the list holds.";
export const LIST_NOT_FOUND = "That list does not exist.";
export const nothingFound = (rows: number) =>
  `No phone number, e-mail address, SHA-256 or MD5 hash was found in the file's ${rows} ${rows === 1 ? "row" : "rows"}: nothing was added.`;

export interface SuppressionListsDeps {
  db: Db;
  maxUploadBytes?: number;
  now?: () => Date;
}

export type SuppressionLists = ReturnType<typeof createSuppressionLists>;

export function createSuppressionLists({ db, maxUploadBytes = DEFAULT_UPLOAD_MAX_BYTES, now = () => new Date() }: SuppressionListsDeps) {
  async function lists({ buyerId }: { buyerId?: string } = {}) {
    let query = db
      .selectFrom("suppression_lists as l")
      .leftJoin("buyers as b", "b.id", "l.buyer_id")
      .select(["l.id", "l.name", "l.kind", "l.buyer_id", "l.entry_count", "l.created_at", "l.updated_at", "b.name as buyer_name"])
      .orderBy("l.id");
    if (buyerId) query = query.where("l.buyer_id", "=", buyerId);
    const rows = await query.execute();
    const held = await db
      .selectFrom("lead_suppressions")
      .select(["list_id", (eb) => eb.fn.countAll<number>().as("leads")])
      .groupBy("list_id")
      .execute();
    const leadsOf = new Map(held.map((row) => [row.list_id, Number(row.leads)]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      kindLabel: LIST_KINDS[row.kind],
      buyerId: row.buyer_id,
      buyerName: row.buyer_name,
      entries: Number(row.entry_count),
      leadsMatched: leadsOf.get(row.id) ?? 0,
      updatedAt: row.updated_at,
    }));
  }

  async function createList(list: { name: string; kind: SuppressionListKind; buyerId: string | null }): Promise<number> {
    return writeTransaction(db, async (trx) => {
      await lockForTransaction(trx, "suppression-lists");
      const { max } = await trx
        .selectFrom("suppression_lists")
        .select((eb) => eb.fn.max("id").as("max"))
        .executeTakeFirstOrThrow();
      const id = Number(max ?? 0) + 1;
      const at = now().toISOString();
      await trx
        .insertInto("suppression_lists")
        .values({ id, name: list.name, kind: list.kind, buyer_id: list.buyerId, entry_count: 0, created_at: at, updated_at: at })
        .execute();
      return id;
    });
  }

  async function deleteList(listId: number): Promise<void> {
    await writeTransaction(db, async (trx) => {
      await trx.deleteFrom("suppression_entries").where("list_id", "=", listId).execute();
      await trx.deleteFrom("suppression_lists").where("id", "=", listId).where("id", "!=", OWN_DNC_LIST_ID).execute();
    });
  }

  /**
   * An upload from the admin page or the buyer portal: fields `listId` (add to that list) or `name`,
   * `kind` and `buyerId` (a new list), and `file`. A buyer (`asBuyer`) adds only to a clients list of its
   * own. A file with no entry adds nothing, and a new list made for it is removed again.
   */
  async function upload(request: Request, { asBuyer, actor }: { asBuyer?: string; actor?: Actor } = {}): Promise<UploadAnswer> {
    const received = await receiveUpload(request, { maxBytes: maxUploadBytes });
    if (!received.ok) return received;
    try {
      const target = await targetList(received.fields, asBuyer);
      if (!target.ok) return target;
      const result = await importFile(db, target.listId, received.file, now);
      if (result.entries === 0) {
        if (target.created) await deleteList(target.listId);
        return { ok: false, status: 400, message: nothingFound(result.rows) };
      }
      if (actor) {
        const detail = { list: target.name, file: received.fileName, bytes: received.bytes, rows: result.rows, added: result.added, rejected: result.rejected };
        await recordAudit(db, actor, { action: "upload-suppression-list", target: { type: "suppression-list", id: String(target.listId) }, detail }, now());
      }
      return { ok: true, listId: target.listId, listName: target.name, result };
    } finally {
      await received.remove();
    }
  }

  async function targetList(fields: Record<string, string>, asBuyer: string | undefined) {
    const listId = Number(fields.listId);
    if (fields.listId) {
      const list = Number.isSafeInteger(listId)
        ? await db.selectFrom("suppression_lists").select(["id", "name", "buyer_id"]).where("id", "=", listId).executeTakeFirst()
        : undefined;
      if (!list || (asBuyer !== undefined && list.buyer_id !== asBuyer)) return { ok: false as const, status: 404 as const, message: LIST_NOT_FOUND };
      return { ok: true as const, listId: list.id, name: list.name, created: false };
    }
    const name = (fields.name ?? "").trim();
    if (!name || name.length > 100) return { ok: false as const, status: 400 as const, message: NAME_REQUIRED };
    const kind = asBuyer ? "buyer-clients" : fields.kind;
    if (!(UPLOADABLE_KINDS as readonly string[]).includes(kind ?? "")) return { ok: false as const, status: 400 as const, message: KIND_REQUIRED };
    let buyerId: string | null = null;
    if (kind === "buyer-clients") {
      buyerId = asBuyer ?? (fields.buyerId || null);
      const buyer = buyerId ? await db.selectFrom("buyers").select("id").where("id", "=", buyerId).executeTakeFirst() : undefined;
      if (!buyer) return { ok: false as const, status: 400 as const, message: BUYER_REQUIRED };
    }
    const id = await createList({ name, kind: kind as SuppressionListKind, buyerId });
    return { ok: true as const, listId: id, name, created: true };
  }

  const uploadableKinds = UPLOADABLE_KINDS.map((kind) => ({ value: kind, label: LIST_KINDS[kind] }));
  return { lists, uploadableKinds, ofLead: (leadId: string) => suppressionsOf(db, leadId), createList, deleteList, upload, importFile: (listId: number, file: string) => importFile(db, listId, file, now) };
}

/**
 * Inside a revocation's transaction: the person's phone (E.164) and e-mail join our own Do Not Call
 * list, so a lead they send later is held back from every buyer.
 */
export async function joinOwnDoNotCall(trx: Kysely<Database>, normalisedValues: readonly string[], at: Date): Promise<void> {
  if (!normalisedValues.length) return;
  const added = await insertKeys(trx, OWN_DNC_LIST_ID, normalisedValues.map(sha256Key));
  if (added) {
    await trx
      .updateTable("suppression_lists")
      .set((eb) => ({ entry_count: eb("entry_count", "+", added), updated_at: at.toISOString() }))
      .where("id", "=", OWN_DNC_LIST_ID)
      .execute();
  }
}
