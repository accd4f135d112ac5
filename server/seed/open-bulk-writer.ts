import type { DatabaseTarget } from "../config";
import type { BulkWriter } from "./bulk-writer";
import { openPostgresWriter } from "./postgres-writer";
import { openSqliteWriter } from "./sqlite-writer";

export function openBulkWriter(target: DatabaseTarget): Promise<BulkWriter> {
  return target.engine === "sqlite" ? Promise.resolve(openSqliteWriter(target.file)) : openPostgresWriter(target.url);
}
