import type { SeedBatch } from "./tables";

/** Where the seed puts its rows: one implementation per database engine. */
export interface BulkWriter {
  engine: "sqlite" | "postgres";
  countLeads(): Promise<number>;
  /**
   * Drops the secondary indexes of the seeded tables that are cheaper to build after the load
   * (index-policy.ts; never primary keys or unique constraints) and returns their names;
   * `restoreIndexes` creates them again from their own definitions.
   */
  dropIndexes(): Promise<string[]>;
  /** Adds a batch in one transaction. */
  write(batch: SeedBatch): Promise<void>;
  restoreIndexes(): Promise<void>;
  analyze(): Promise<void>;
  close(): Promise<void>;
}
