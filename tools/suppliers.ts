import { migrateToLatest, openDatabase, type Db } from "../server/db/database";
import { loadConfig } from "../server/config";
import { issueSupplierKey } from "../server/suppliers/supplier-keys";
import { createSupplier, everyClaimSlug, type SupplierInput } from "../server/suppliers/supplier-store";

/** A supplier that may send every claim, uncapped, with a fresh key: what the lead API needs from any caller. */
export async function createTestSupplier(db: Db, input: Partial<SupplierInput> = {}): Promise<{ id: string; key: string; headers: Record<string, string> }> {
  const supplier = await createSupplier(db, {
    name: "Test supplier",
    claimSlugs: everyClaimSlug(),
    dailyCap: null,
    payoutCents: 0,
    status: "active",
    ...input,
  });
  const key = (await issueSupplierKey(db, supplier.id))!;
  return { id: supplier.id, key, headers: { authorization: `Bearer ${key}` } };
}

/**
 * The same for a running built server: through its database (its SQLite file, or the `DATABASE_URL`
 * it was started with), which the server migrated on start.
 */
export function supplierHeadersFor(server: { dbFile: string }, databaseUrl?: string): Promise<Record<string, string>> {
  let headers = made.get(server);
  if (!headers) made.set(server, (headers = newSupplierHeaders(server, databaseUrl)));
  return headers;
}

const made = new WeakMap<object, Promise<Record<string, string>>>();

async function newSupplierHeaders(server: { dbFile: string }, databaseUrl?: string): Promise<Record<string, string>> {
  const config = loadConfig({ DATABASE_URL: databaseUrl ?? `file:${server.dbFile}`, LOG_LEVEL: "silent", NODE_ENV: "test" });
  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(db);
    return (await createTestSupplier(db)).headers;
  } finally {
    await db.destroy();
  }
}
