import { Readable } from "node:stream";
import { questionNames } from "#claims/engine/answers";
import { allFields } from "#claims/engine/form-values";
import { allClaims } from "#claims/registry";
import { sql, type CompiledQuery } from "kysely";
import type { DatabaseTarget } from "../config";
import { isPostgres, type Db } from "../db/database";
import type { DeliveryTarget } from "../db/schema";
import { gzipJoiner, gzipPiece, type GzipPiece } from "../streams/gzip-pieces";
import { startThread } from "../threads";
import { csvRow } from "./csv-row";
import { openExportReader } from "./lead-export-reading";
import { ATTRIBUTION_COLUMNS, BATCH, EXPORTED, LEAD_COLUMNS, MONEY_COLUMNS, type BatchBounds, type RowPlan } from "./lead-export-rows";
import type { LeadFilter } from "./lead-filter";
import { beyond, filteredLeads, type LeadKey } from "./lead-query";

/**
 * Reader threads per export. Two keep two random reads in flight when the leads are not cached, and
 * fill both cores when they are; three were faster cold but grew the RSS past 100 MB (ADR 030).
 * None (`readers: 0`) reads in the caller's thread: for exports of a few leads, where a thread's start
 * costs more than the reading (route tests, whose threads would also load the TypeScript loader).
 */
export const EXPORT_READERS = 2;
/**
 * A reader's heap. Without limits V8 let each reader's heap grow to 100 MB of garbage before collecting;
 * a batch of 500 leads needs a few MB (ADR 030).
 */
const READER_HEAP = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 };
/** Batches read ahead of the one being written, at most: about half a MB of CSV each. */
const LOOK_AHEAD_PER_READER = 2;
/** Batch bounds asked for at a time (from the index alone). */
const BOUNDS_PER_REQUEST = 8;

type Query = Pick<CompiledQuery, "sql" | "parameters">;

export type ReaderRequest =
  | { type: "bounds"; id: number; query: Query; after: LeadKey | null; limit: number }
  | { type: "rows"; id: number; query: Query }
  | { type: "close" };

export type ReaderReply =
  | { id: number; bounds: BatchBounds[]; last: boolean }
  | { id: number; bytes: Uint8Array; rows: number; gzip: GzipPiece | null }
  | { id: number; error: string };

/**
 * The filtered leads as CSV, newest first: a header, then one row per lead with its columns, its
 * answers by question name (as the visitor chose them), its attribution and each target's delivery
 * status. Cells are quoted and formula-like text is prefixed with ' (OWASP CSV injection); a BOM tells
 * Excel it is UTF-8. It holds the leads created until the export started.
 *
 * Batches of 500 leads are read and turned into CSV (gzipped if asked) by reader threads, each on a
 * read connection of its own (lead-export-reader.ts), a few batches ahead of the one being written and
 * never more: the main thread writes them in order as the client reads, so memory stays flat, and a
 * client that stops reading (or goes away) stops the readers. See docs/decisions/030.
 */
/** "kind,cents,buyer,sale,returned" per entry, ";" between entries: ids and numbers only, so nothing needs escaping. */
function ledgerOfLead(db: Db) {
  const entry = sql<string>`e.kind || ',' || e.amount_cents || ',' || e.buyer_id || ',' || coalesce(e.sale_id, e.id) || ',' || (case when e.return_id is null then '0' else '1' end)`;
  return isPostgres(db)
    ? sql<string | null>`(select string_agg(${entry}, ';' order by e.created_at, e.id) from ledger_entries e where e.lead_id = leads.id)`
    : sql<string | null>`(select group_concat(${entry}, ';') from (select * from ledger_entries where lead_id = leads.id order by created_at, id) e)`;
}

/**
 * The lead's checks before a sale in one cell (docs/decisions/048), by name: "name: outcome, time, price"
 * ("Litigator scrub: pass, 212 ms, 1 cents"), a cached answer marked, an unavailable check's policy added.
 */
function checksOfLead(db: Db) {
  const entry = sql<string>`c.check_name || ': ' || c.outcome || (case when c.cached = 1 then ' (cached)' else '' end) || ', ' || c.duration_ms || ' ms, ' || c.price_cents || ' cents' || coalesce(', ' || c.policy_applied, '')`;
  return isPostgres(db)
    ? sql<string | null>`(select string_agg(${entry}, '; ' order by c.check_name) from lead_checks c where c.lead_id = leads.id)`
    : sql<string | null>`(select group_concat(${entry}, '; ') from (select * from lead_checks where lead_id = leads.id order by check_name) c)`;
}

export function leadsCsv(
  db: Db,
  database: DatabaseTarget,
  filter: LeadFilter,
  options: {
    timeZone: string;
    targets: readonly DeliveryTarget[];
    /** Buyers' names by id, for the buyers a lead was sold to. */
    buyerNames?: Record<string, string>;
    gzip?: boolean;
    startedAt?: Date;
    /** Reader threads; 0 reads in this thread. */
    readers?: number;
    onRows?: (n: number) => void;
  },
): Readable {
  const definitions = filter.claim ? allClaims().filter((c) => c.caseType === filter.claim) : allClaims();
  const questions = questionNames(definitions);
  const header = [
    ...LEAD_COLUMNS,
    ...questions.map((name) => `answer_${name}`),
    ...ATTRIBUTION_COLUMNS,
    ...options.targets.map((target) => `delivery_${target}`),
    "buyer_status",
    "consent_revoked_at",
    "checks",
    ...MONEY_COLUMNS,
  ];
  const answersAt = LEAD_COLUMNS.length;
  const startedAt = (options.startedAt ?? new Date()).toISOString();
  const plan: RowPlan = {
    timeZone: options.timeZone,
    targets: options.targets,
    buyerNames: options.buyerNames ?? {},
    gzip: options.gzip ?? false,
    layout: { answersAt, attributionAt: answersAt + questions.length, deliveriesAt: answersAt + questions.length + ATTRIBUTION_COLUMNS.length, width: header.length },
    // Claims may ask a question of the same name with options of their own: each lead's answers are
    // read with its own claim's questions, each in its column.
    answerColumns: Object.fromEntries(
      definitions.map((d) => [
        d.caseType,
        allFields(d).map(({ name, kind, options }) => ({ field: { name, kind, options: options?.map(({ value, label }) => ({ value, label })) }, column: questions.indexOf(name) })),
      ]),
    ),
  };

  // The queries are compiled here, where the filters and Kysely are loaded, and run by the readers.
  function exportedLeads(after: LeadKey | null, direction: "asc" | "desc" = "desc") {
    const { query, order } = filteredLeads(db, filter, options.timeZone);
    return {
      order,
      query: query
        .where(order.time, "<=", startedAt)
        .$if(after !== null, (qb) => qb.where(beyond(order, after!, "<")))
        .orderBy(order.time, direction)
        .orderBy(order.id, direction),
    };
  }

  /** The keys of the next `limit` leads, from the filter's index alone (it holds them) without reading a lead row. */
  function keysQuery(after: LeadKey | null, limit: number): Query {
    const { query, order } = exportedLeads(after);
    return query.select([sql<string>`${order.time}`.as("t"), sql<string>`${order.id}`.as("k")]).limit(limit).compile();
  }

  /**
   * A batch's leads, oldest first (the reader turns them round): reading the file forwards lets the
   * kernel read ahead, which a cold export backwards could not.
   */
  function rowsQuery({ below, through }: BatchBounds): Query {
    const { query, order } = exportedLeads(below, "asc");
    // Each target's delivery status comes with the lead (an indexed lookup per target), not from a
    // second query and a map: a fifth of the time per row.
    return query
      .select(EXPORTED.map((column) => `leads.${column}` as const))
      .select((eb) =>
        options.targets.map((target, i) =>
          eb
            .selectFrom("deliveries")
            .select("deliveries.status")
            .whereRef("deliveries.lead_id", "=", "leads.id")
            .where("deliveries.target", "=", target)
            // The lead's time too: then the index (target, lead time, lead) answers it, read in the
            // export's order rather than at random (docs/decisions/042).
            .whereRef("deliveries.lead_created_at", "=", "leads.created_at")
            .limit(1)
            .as(`delivery_${i}`),
        ),
      )
      // The lead's ledger entries packed in one text (an indexed lookup, as the deliveries are): the
      // row maker sums them into its buyers, price, revenue and return status (docs/decisions/038).
      .select(ledgerOfLead(db).as("ledger"))
      .select(checksOfLead(db).as("checks"))
      .$if(through !== null, (qb) => qb.where(beyond(order, through!, ">=")))
      // A batch has BATCH leads at most; the limit also makes PostgreSQL walk the index in order
      // rather than plan from its (poor) estimate of a range of row values.
      .limit(BATCH)
      .compile();
  }

  const readerCount = options.readers ?? EXPORT_READERS;
  const lookAhead = Math.max(1, readerCount) * LOOK_AHEAD_PER_READER;
  let readers: { reader: Reader; busy: number }[] = [];
  const waiting = new Map<number, (reply: ReaderReply) => void>();
  let nextRequest = 0;

  /** Bounds of batches listed but not yet asked for, and where the listing goes on. */
  const listed: BatchBounds[] = [];
  let listedAfter: LeadKey | null = null;
  let listedAll = false;
  let listing = false;
  /** Batches asked for, by number; written in that order. */
  const batches = new Map<number, { bytes: Buffer; rows: number; gzip: GzipPiece | null } | null>();
  const gzip = plan.gzip ? gzipJoiner() : null;
  /** The bytes of a piece of text as sent: compressed as a gzip piece when the client takes gzip. */
  const sent = (text: Buffer) => {
    if (!gzip) return text;
    const piece = gzipPiece(text);
    gzip.add(piece);
    return piece.deflated;
  };
  let asked = 0;
  let written = 0;
  let wanted = false;
  let headerWritten = false;
  let ended = false;

  function ask(request: Exclude<ReaderRequest, { type: "close" }>, then: (reply: ReaderReply) => void) {
    // The least busy reader: bounds are listed by whichever is free, between batches.
    const reader = readers.reduce((a, b) => (b.busy < a.busy ? b : a));
    reader.busy++;
    waiting.set(request.id, (reply) => {
      reader.busy--;
      if ("error" in reply) return void csv.destroy(new Error(reply.error));
      then(reply);
    });
    reader.reader.post(request);
  }

  function pump() {
    if (ended || csv.destroyed) return;
    if (wanted && !headerWritten) {
      headerWritten = true;
      // The BOM tells Excel the file is UTF-8.
      const headerRow = sent(Buffer.from(`\uFEFF${csvRow(header)}`));
      wanted = csv.push(gzip ? Buffer.concat([gzip.header, headerRow]) : headerRow);
    }
    // Written in order, only while the client reads.
    while (wanted && batches.get(written)) {
      const batch = batches.get(written)!;
      batches.delete(written++);
      options.onRows?.(batch.rows);
      if (batch.gzip) gzip?.add(batch.gzip);
      wanted = csv.push(batch.bytes);
    }
    if (listedAll && !listed.length && written === asked) {
      ended = true;
      if (gzip) csv.push(gzip.trailer());
      csv.push(null);
      return close();
    }
    if (!listing && !listedAll && listed.length < lookAhead) {
      listing = true;
      const limit = BOUNDS_PER_REQUEST * BATCH;
      ask({ type: "bounds", id: nextRequest++, query: keysQuery(listedAfter, limit), after: listedAfter, limit }, (reply) => {
        if (!("bounds" in reply)) return;
        listing = false;
        listed.push(...reply.bounds);
        listedAfter = reply.bounds.at(-1)?.through ?? listedAfter;
        listedAll = reply.last;
        pump();
      });
    }
    while (listed.length && asked - written < lookAhead) {
      const number = asked++;
      batches.set(number, null);
      ask({ type: "rows", id: nextRequest++, query: rowsQuery(listed.shift()!) }, (reply) => {
        if (!("bytes" in reply)) return;
        batches.set(number, { bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength), rows: reply.rows, gzip: reply.gzip });
        pump();
      });
    }
  }

  function close() {
    for (const { reader } of readers) reader.close();
    readers = [];
  }

  const csv = new Readable({
    construct(done) {
      const reply = (answer: ReaderReply) => {
        const then = waiting.get(answer.id);
        waiting.delete(answer.id);
        then?.(answer);
      };
      const failed = (error: Error) => !csv.destroyed && !ended && csv.destroy(error);
      readers = readerCount
        ? Array.from({ length: readerCount }, () => ({ reader: readerThread(database, plan, reply, failed), busy: 0 }))
        : [{ reader: readerInThisThread(database, plan, reply, failed), busy: 0 }];
      done();
    },
    read() {
      wanted = true;
      pump();
    },
    destroy(error, done) {
      close();
      done(error);
    },
  });
  return csv;
}

/** Where an export's requests go: a reader thread, or the reader run in the caller's thread. */
interface Reader {
  post(request: Exclude<ReaderRequest, { type: "close" }>): void;
  close(): void;
}

function readerThread(database: DatabaseTarget, plan: RowPlan, reply: (answer: ReaderReply) => void, failed: (error: Error) => void): Reader {
  const thread = startThread(import.meta.url, "lead-export-reader", { database, plan }, READER_HEAP);
  thread.on("message", reply);
  thread.on("error", failed);
  thread.on("exit", (code) => code !== 0 && failed(new Error(`A lead export reader stopped with exit code ${code}`)));
  return {
    post: (request) => thread.postMessage(request),
    close() {
      thread.postMessage({ type: "close" } satisfies ReaderRequest);
      thread.unref();
    },
  };
}

function readerInThisThread(database: DatabaseTarget, plan: RowPlan, reply: (answer: ReaderReply) => void, failed: (error: Error) => void): Reader {
  const opening = openExportReader(database, plan);
  opening.catch(failed);
  return {
    post: (request) => void opening.then((reader) => reader.answer(request)).then(({ reply: answer }) => reply(answer), () => {}),
    close: () => void opening.then((reader) => reader.close()).catch(() => {}),
  };
}
