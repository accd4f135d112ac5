import { BUILT_IN_AS_DATA } from "#claims/built-in-rules";
import type { ClaimExamples } from "#claims/engine/claim-examples";
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
import { examplesOf } from "../fixtures/claims/examples";
import { claimsCoveringEveryShape } from "./claim-shapes";
import { hairRelaxer, hairRelaxerExamples } from "./data-claims";

/**
 * Claims defined as data for the generic claim suites (issue 28: "The generic claim suites run over data
 * claims too"): "Copy as a new claim" of built-in claims, which must behave as their originals do, and the
 * issue's hair relaxer claim, written from the blank template. Only the built-in claims that between them
 * have every shape are copied: a copy runs the same engine, so one per shape is enough, and each costs
 * the suites a claim's worth of time.
 */

interface SuiteDataClaim {
  /** What is published. */
  data: DataClaim;
  /** What the suites hold the published claim to. */
  claim: ClaimDefinition;
  examples: ClaimExamples["examples"];
}

export interface ClaimCopy extends SuiteDataClaim {
  original: ClaimDefinition;
}

const OWNER: Actor = { operatorId: null, email: "owner@claims.example", ip: null };
const compiled = (data: DataClaim) => compileDataClaim(data, { version: 1, paused: false });

let copies: ClaimCopy[] | undefined;

/**
 * The copies, each held to its original: the original's questions, messages, rules, lead columns, webhook
 * fields and partners, under the copy's slug, case type, addresses and landing, with the result screens
 * a copy shows for its original's result pages (export-claim.ts).
 */
export function claimCopies(): readonly ClaimCopy[] {
  copies ??= claimsCoveringEveryShape(claims.filter((claim) => BUILT_IN_AS_DATA[claim.slug])).map((original) => {
    const data = asNewClaim(dataClaimOf(original, BUILT_IN_AS_DATA[original.slug]!), `${original.slug}-copy`, `${original.caseType} copy`);
    const copy = compiled(data);
    const { resultPages: _pages, ...behaviour } = original;
    const claim: ClaimDefinition = {
      ...behaviour,
      slug: copy.slug,
      caseType: copy.caseType,
      routes: copy.routes,
      landing: copy.landing,
      results: copy.results,
      data: copy.data,
    };
    return { original, data, claim, examples: examplesOf(original) };
  });
  return copies;
}

/** The copies, then the hair relaxer claim, held to its own compiled definition. */
const suiteDataClaims = (): SuiteDataClaim[] => [...claimCopies(), { data: hairRelaxer(), claim: compiled(hairRelaxer()), examples: hairRelaxerExamples }];

/** The built-in claims, then the data claims the suites publish: what a suite over "every claim" iterates. */
export const claimsAndDataClaims = (): ClaimDefinition[] => [...claims, ...suiteDataClaims().map(({ claim }) => claim)];

/** A claim's examples: a built-in claim's from its folder, a copy's its original's. */
export const examplesFor = (claim: ClaimDefinition): ClaimExamples["examples"] =>
  suiteDataClaims().find((published) => published.claim.slug === claim.slug)?.examples ?? examplesOf(claim);

/** A built-in claim and its copies, for a suite about one claim: its copies must answer as it does. */
export const withCopies = (slug: string): ClaimDefinition[] => [
  ...claims.filter((claim) => claim.slug === slug),
  ...claimCopies().flatMap((copy) => (copy.original.slug === slug ? [copy.claim] : [])),
];

/** Creates and publishes the suites' data claims in a server's database, as an operator does at /admin/claims. */
export async function publishSuiteDataClaims(db: Db): Promise<void> {
  const store = createDataClaimStore({ db });
  for (const { data } of suiteDataClaims()) {
    const created = await store.create(data, OWNER);
    if (!created.ok) throw new Error(`${data.slug} not created: ${created.message} ${created.errors?.join("; ") ?? ""}`);
    const published = await store.publish(data.slug, OWNER);
    if (!published.ok) throw new Error(`${data.slug} not published: ${published.message}`);
  }
}

/**
 * Publishes them and loads them into this process's registry, for the app or services a test runs in
 * its own process. The registry is the process's: call the returned function afterwards so that the
 * next file sharing the worker starts with none.
 */
export async function runSuiteDataClaims(db: Db): Promise<() => void> {
  await publishSuiteDataClaims(db);
  await createLiveDataClaims({ store: createDataClaimStore({ db }), logger: createLogger("silent") }).refresh();
  return () => setDataClaims([]);
}

/**
 * Publishes them into a running built server's SQLite file and waits until it serves them (it polls
 * its database every second, docs/decisions/059).
 */
export async function publishSuiteDataClaimsTo(server: { url: string; dbFile: string }): Promise<void> {
  const db = await openDatabase(loadConfig({ DATABASE_URL: `file:${server.dbFile}`, LOG_LEVEL: "silent", NODE_ENV: "test" }).database);
  try {
    await publishSuiteDataClaims(db);
  } finally {
    await db.destroy();
  }
  const deadline = Date.now() + 20_000;
  for (const { claim } of suiteDataClaims()) {
    while ((await fetch(server.url + claim.routes.form)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`the server does not serve ${claim.routes.form} 20 s after publishing it`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
