import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { allFields } from "#claims/engine/form-values";
import type { ClaimDefinition, FieldSpec } from "#claims/engine/types";
import { claimByCaseType } from "#claims/registry";
import type { Db } from "../db/database";

/**
 * The questions a certificate's answers were given to, by field name: its claim's. A claim defined as
 * data is read at the version the lead was submitted under (data_claim_versions, docs/decisions/064),
 * not the one the site runs now, so a question renamed or reworded since keeps the label it was shown.
 */
export async function certificateFields(db: Db, formType: string, claimVersion: number | null): Promise<Map<string, FieldSpec>> {
  const live = claimByCaseType(formType);
  const definition = live?.data && claimVersion !== null && claimVersion !== live.data.version ? ((await versionOf(db, live.slug, claimVersion)) ?? live) : live;
  return new Map(definition ? allFields(definition).map((field) => [field.name, field]) : []);
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
