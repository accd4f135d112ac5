import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimByCaseType } from "#claims/registry";
import type { Db } from "../db/database";

/** How many past versions of claims defined as data one certificate service keeps compiled. */
const COMPILED_VERSIONS_KEPT = 50;

/**
 * The claim a certificate's answers were given to. A claim defined as data is read at the version the
 * lead was submitted under (data_claim_versions, docs/decisions/064), not the one the site runs now, so
 * a question renamed or reworded since keeps the label it was shown. A version never changes once
 * written, so each is compiled once (per database: tests give every database the same slugs) and
 * kept, the most recently used first, so its Spanish twin is made once too (spanishClaim's cache).
 */
export function certificateDefinitions(db: Db) {
  const compiled = new Map<string, Promise<ClaimDefinition | undefined>>();

  function versionOf(slug: string, version: number): Promise<ClaimDefinition | undefined> {
    const key = `${slug}@${version}`;
    const kept =
      compiled.get(key) ??
      compileVersion(db, slug, version).catch((error: unknown) => {
        // A failed read is not a version: the next view reads it again.
        compiled.delete(key);
        throw error;
      });
    compiled.delete(key);
    compiled.set(key, kept);
    if (compiled.size > COMPILED_VERSIONS_KEPT) compiled.delete(compiled.keys().next().value!);
    return kept;
  }

  return async function certificateDefinition(formType: string, claimVersion: number | null): Promise<ClaimDefinition | undefined> {
    const live = claimByCaseType(formType);
    return live?.data && claimVersion !== null && claimVersion !== live.data.version ? ((await versionOf(live.slug, claimVersion)) ?? live) : live;
  };
}

async function compileVersion(db: Db, slug: string, version: number): Promise<ClaimDefinition | undefined> {
  const row = await db.selectFrom("data_claim_versions").select("body").where("slug", "=", slug).where("number", "=", version).executeTakeFirst();
  if (!row) return undefined;
  try {
    return compileDataClaim(JSON.parse(row.body) as DataClaim, { version, paused: false });
  } catch {
    // A version the engine no longer compiles: its answers keep the live version's labels.
    return undefined;
  }
}
