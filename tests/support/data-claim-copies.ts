import { BUILT_IN_AS_DATA } from "#claims/built-in-rules";
import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { dataClaimOf } from "#claims/engine/data-claim/export-claim";
import { asNewClaim } from "#claims/engine/data-claim/templates";
import { setDataClaims } from "#claims/engine/live-claims";
import type { ClaimDefinition } from "#claims/engine/types";
import { claims } from "#claims/registry";
import type { Actor } from "../../server/audit/audit-log";
import { openDatabase, type Db } from "../../server/db/database";
import { loadConfig } from "../../server/config";
import { createDataClaimStore } from "../../server/data-claims/data-claim-store";
import { createLiveDataClaims } from "../../server/data-claims/live-data-claims";
import { createLogger } from "../../server/logger";
import { claimsCoveringEveryShape } from "./claim-shapes";

/**
 * "Copy as a new claim" of built-in claims, published as data claims, for the generic claim suites
 * (issue 28: "Copy ... gives an editable data claim that behaves the same"). Only the built-in claims
 * that between them have every shape are copied: a copy runs the same engine, so one per shape is
 * enough, and each costs the suites a claim's worth of time.
 */

export interface ClaimCopy {
  original: ClaimDefinition;
  /** The data claim as "Copy as a new claim" writes it: what is published. */
  data: DataClaim;
  /**
   * What the suites hold the copy to: the original's questions, messages, rules, lead columns, webhook
   * fields and partners, under the copy's slug, case type, addresses and result screens (a copy shows
   * its original's result pages as result screens: export-claim.ts).
   */
  claim: ClaimDefinition;
}

const COPY_OWNER: Actor = { operatorId: null, email: "owner@claims.example", ip: null };

let made: ClaimCopy[] | undefined;

export function claimCopies(): readonly ClaimCopy[] {
  made ??= claimsCoveringEveryShape(claims.filter((claim) => BUILT_IN_AS_DATA[claim.slug])).map((original) => {
    const data = asNewClaim(dataClaimOf(original, BUILT_IN_AS_DATA[original.slug]!), `${original.slug}-copy`, `${original.caseType} copy`);
    const compiled = compileDataClaim(data, { version: 1, paused: false });
    const { resultPages: _pages, ...behaviour } = original;
    const claim: ClaimDefinition = {
      ...behaviour,
      slug: compiled.slug,
      caseType: compiled.caseType,
      routes: compiled.routes,
      landing: compiled.landing,
      results: compiled.results,
      data: compiled.data,
    };
    return { original, data, claim };
  });
  return made;
}

/** The built-in claims, then the copies as the suites hold them: what a suite over "every claim" iterates. */
export const claimsAndCopies = (): ClaimDefinition[] => [...claims, ...claimCopies().map((copy) => copy.claim)];

/** A built-in claim and its copies, for a suite about one claim: its copies must answer as it does. */
export const withCopies = (slug: string): ClaimDefinition[] => [
  ...claims.filter((claim) => claim.slug === slug),
  ...claimCopies().flatMap((copy) => (copy.original.slug === slug ? [copy.claim] : [])),
];

/** The built-in claim a copy was made from (a built-in claim is its own). */
export const originalOf = (claim: ClaimDefinition): ClaimDefinition => claimCopies().find((copy) => copy.claim.slug === claim.slug)?.original ?? claim;

/** Creates and publishes every copy in a server's database, as an operator does at /admin/claims. */
export async function publishClaimCopies(db: Db): Promise<void> {
  const store = createDataClaimStore({ db });
  for (const { data } of claimCopies()) {
    const created = await store.create(data, COPY_OWNER);
    if (!created.ok) throw new Error(`${data.slug} not created: ${created.message} ${created.errors?.join("; ") ?? ""}`);
    const published = await store.publish(data.slug, COPY_OWNER);
    if (!published.ok) throw new Error(`${data.slug} not published: ${published.message}`);
  }
}

/**
 * Publishes the copies and loads them into this process's registry, for the app or services a test
 * runs in its own process. The registry is the process's: call the returned function afterwards so the
 * next file sharing the worker starts with none.
 */
export async function runClaimCopies(db: Db): Promise<() => void> {
  await publishClaimCopies(db);
  await createLiveDataClaims({ store: createDataClaimStore({ db }), logger: createLogger("silent") }).refresh();
  return () => setDataClaims([]);
}

/**
 * Publishes the copies into a running built server's SQLite file and waits until it serves them (it
 * polls its database every second, docs/decisions/059).
 */
export async function publishClaimCopiesTo(server: { url: string; dbFile: string }): Promise<void> {
  const db = await openDatabase(loadConfig({ DATABASE_URL: `file:${server.dbFile}`, LOG_LEVEL: "silent", NODE_ENV: "test" }).database);
  try {
    await publishClaimCopies(db);
  } finally {
    await db.destroy();
  }
  const deadline = Date.now() + 20_000;
  for (const { claim } of claimCopies()) {
    while ((await fetch(server.url + claim.routes.form)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`the server does not serve ${claim.routes.form} 20 s after publishing it`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
