// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The lead's source on each ledger entry (issue 26, docs/decisions/046 and 038): `lead_source` is the
 * source key of server/suppliers/lead-source.ts (the supplier's id, 'api' for an API lead from before
 * suppliers, '' for our own forms), copied when the entry is written as case_type and lead_state are,
 * so the dashboard's money per source needs no join to leads.
 *
 * The ledger refuses UPDATE, so the backfill lifts that trigger for its one statement and puts it back,
 * in one transaction: nobody sees the ledger without its guard. An entry whose lead is gone is our own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await inOneTransaction(db, postgres, async (trx) => {
    await trx.schema.alterTable("ledger_entries").addColumn("lead_source", "text", (c) => c.notNull().defaultTo("")).execute();
    await withoutUpdateGuard(trx, postgres, () =>
      sql`update ledger_entries set lead_source = coalesce(
            (select coalesce(leads.supplier_id, case when leads.source = 'api' then 'api' else '' end) from leads where leads.id = ledger_entries.lead_id),
            '')`.execute(trx),
    );
    // Every writer names the source; on PostgreSQL the database holds them to it (SQLite cannot drop a default).
    if (postgres) await sql`alter table ledger_entries alter column lead_source drop default`.execute(trx);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await inOneTransaction(db, postgres, (trx) => trx.schema.alterTable("ledger_entries").dropColumn("lead_source").execute());
}

/** PostgreSQL's migrations already run in a transaction; SQLite's do not (no transactional DDL in Kysely's view). */
async function inOneTransaction(db: Kysely<any>, postgres: boolean, work: (trx: Kysely<any>) => Promise<unknown>): Promise<void> {
  if (postgres) await work(db);
  else await db.transaction().execute(work);
}

/** The append-only triggers of migration 2026-11-27-20, lifted for `work` and re-created as they were. */
async function withoutUpdateGuard(trx: Kysely<any>, postgres: boolean, work: () => Promise<unknown>): Promise<void> {
  if (postgres) {
    await sql`drop trigger ledger_entries_no_change on ledger_entries`.execute(trx);
    await work();
    await sql`create trigger ledger_entries_no_change before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only()`.execute(trx);
  } else {
    await sql`drop trigger ledger_entries_no_update`.execute(trx);
    await work();
    await sql`create trigger ledger_entries_no_update before update on ledger_entries
      begin select raise(abort, 'ledger_entries is append-only'); end`.execute(trx);
  }
}
