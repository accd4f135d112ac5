import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimByCaseType } from "#claims/registry";
import type { Db } from "../db/database";

/**
 * The claim whose questions a certificate's answers were given to. A claim defined as
 * data is read at the version the lead was submitted under (data_claim_versions, docs/decisions/064),
 * not the one the site runs now, so a question renamed or reworded since keeps the label it was shown.
 */
export async function certificateDefinition(db: Db, formType: string, claimVersion: number | null): Promise<ClaimDefinition | undefined> {
  const live = claimByCaseType(formType);
  return live?.data && claimVersion !== null && claimVersion !== live.data.version ? ((await versionOf(db, live.slug, claimVersion)) ?? live) : live;
}

async function versionOf(db: Db, slug: string, version: number): Promise<ClaimDefinition | undefined> {
  const row = await db.selectFrom("data_claim_versions").select("body").where("slug", "=", slug).where("number", "=", version).executeTakeFirst();
  if (!row) return undefined;
  try {
    return compileDataClaim(JSON.parse(row.body) as DataClaim, { version, paused: false });
  } catch {
    // A version the engine no longer compiles: its answers keep the live version's labels.
    return undefined;
  }
}
