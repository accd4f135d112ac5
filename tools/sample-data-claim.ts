import { BUILT_IN_AS_DATA } from "#claims/built-in-rules";
import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { dataClaimOf } from "#claims/engine/data-claim/export-claim";
import { asNewClaim } from "#claims/engine/data-claim/templates";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimBySlug } from "#claims/registry";
import { openDatabase } from "../server/db/database";
import { createDataClaimStore } from "../server/data-claims/data-claim-store";

/**
 * A claim defined as data for `npm run budgets` (docs/decisions/064): the car accident claim copied as
 * an operator's "Copy as a new claim" makes it, so its pages carry a full claim's JSON (every step and
 * rule) rather than a template's few questions.
 */
export function sampleDataClaim(): DataClaim {
  const claim = asNewClaim(dataClaimOf(claimBySlug("mva")!, BUILT_IN_AS_DATA.mva!), "sample-accident", "Sample accident");
  claim.landing.card.title = "Sample accident";
  // Its own form title: the budgets tell a claim's code from another's by it (tools/budgets.ts).
  claim.copy.formTitle = "Sample accident claim";
  return claim;
}

/**
 * Creates and publishes `claim` in the built server's SQLite file as an operator would, and returns it
 * compiled as the server runs it. The server finds it at its next poll (one second).
 */
export async function publishDataClaim(dbFile: string, claim: DataClaim): Promise<ClaimDefinition> {
  const db = await openDatabase({ engine: "sqlite", file: dbFile });
  try {
    const store = createDataClaimStore({ db });
    const actor = { operatorId: null, email: "budgets@claims.example", ip: null };
    const created = await store.create(claim, actor);
    if (!created.ok) throw new Error(`the sample data claim was refused: ${JSON.stringify(created)}`);
    const published = await store.publish(claim.slug, actor);
    if (!published.ok) throw new Error(`the sample data claim was not published: ${JSON.stringify(published)}`);
    return compileDataClaim(created.value, { version: published.value.version, paused: false });
  } finally {
    await db.destroy();
  }
}
