import { randomUUID } from "node:crypto";
import type { Db } from "../db/database";
import type { Logger } from "../logger";

/** How often a running worker looks for certificates past their retention; the first look is at start. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const BATCH_SIZE = 1_000;

export interface CertificatePurgeRun {
  certificates: number;
  createdBefore: string;
}

export interface CertificateRetentionDeps {
  db: Db;
  retentionYears: number;
  logger: Logger;
  now?: () => Date;
}

export type CertificateRetention = ReturnType<typeof createCertificateRetention>;

/** The moment before which certificates have been kept long enough: `years` calendar years back, in UTC. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Purges certificates older than the retention period (docs/decisions/027): the answers, IP address,
 * user agent, page, fill facts, a supplier's evidence and the page as shown go, the row stays as a tombstone with `purged_at`, and each run that purged any
 * is recorded in certificate_purges. Safe to run in several workers at once: a batch only takes rows
 * that are still unpurged, so no certificate is counted twice.
 */
export function createCertificateRetention({ db, retentionYears, logger, now = () => new Date() }: CertificateRetentionDeps) {
  async function purgeExpired(): Promise<CertificatePurgeRun> {
    const purgedAt = now();
    const createdBefore = retentionCutoff(purgedAt, retentionYears).toISOString();
    let certificates = 0;
    let oldest: string | undefined;
    let newest: string | undefined;
    for (;;) {
      // One update per batch: a certificate another worker purged meanwhile fails `purged_at is null`
      // again at the update, so what comes back is exactly what this run purged. Its page as shown goes
      // in the same transaction, so no snapshot outlives its certificate's purge.
      const batch = await db.transaction().execute(async (trx) => {
        const purged = await trx
          .updateTable("submission_certificates")
          .set({ purged_at: purgedAt.toISOString(), submission_data: "{}", ip_address: null, user_agent: null, page_url: null, fill_facts: null, supplier_evidence: null })
          .where("purged_at", "is", null)
          .where("certificate_id", "in", (eb) =>
            eb
              .selectFrom("submission_certificates")
              .select("certificate_id")
              .where("purged_at", "is", null)
              .where("created_at", "<", createdBefore)
              .orderBy("created_at")
              .limit(BATCH_SIZE),
          )
          .returning(["certificate_id", "created_at"])
          .execute();
        if (purged.length) {
          await trx.deleteFrom("consent_page_snapshots").where("certificate_id", "in", purged.map((row) => row.certificate_id)).execute();
        }
        return purged;
      });
      if (batch.length === 0) break;
      certificates += batch.length;
      for (const { created_at } of batch) {
        if (!oldest || created_at < oldest) oldest = created_at;
        if (!newest || created_at > newest) newest = created_at;
      }
      if (batch.length < BATCH_SIZE) break;
    }
    if (certificates > 0 && oldest && newest) {
      await db
        .insertInto("certificate_purges")
        .values({
          id: randomUUID(),
          purged_at: purgedAt.toISOString(),
          created_before: createdBefore,
          retention_years: retentionYears,
          certificates,
          oldest_created_at: oldest,
          newest_created_at: newest,
        })
        .execute();
      logger.info({ certificates, createdBefore, retentionYears }, "certificates purged after their retention period");
    }
    return { certificates, createdBefore };
  }

  return { purgeExpired };
}
