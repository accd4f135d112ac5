import type { DatabaseTarget } from "../config";
import type { BulkWriter } from "./bulk-writer";
import { openPostgresWriter } from "./postgres-writer";
import { openSqliteWriter } from "./sqlite-writer";

/** `forIndexes`: the connection that drops and rebuilds indexes and analyzes, rather than one that writes batches. */
export function openBulkWriter(target: DatabaseTarget, { forIndexes = false } = {}): Promise<BulkWriter> {
  return target.engine === "sqlite" ? Promise.resolve(openSqliteWriter(target.file, { mapped: forIndexes })) : openPostgresWriter(target.url);
}
