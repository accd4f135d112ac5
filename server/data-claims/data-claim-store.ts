import { sql, type Kysely, type Selectable } from "kysely";
import { checkDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { landingPaths } from "#claims/engine/pages";
import type { ClaimDefinition } from "#claims/engine/types";
import { claims as builtInClaims } from "#claims/registry";
import { fieldChanges, type FieldChanges } from "../audit/audit-changes";
import { recordAudit, type Actor } from "../audit/audit-log";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { Database, DataClaimsTable, DataClaimState } from "../db/schema";

/** A claim defined as data, as the console lists it. */
export interface DataClaimSummary {
  slug: string;
  state: DataClaimState;
  liveVersion: number | null;
  hasDraft: boolean;
  updatedAt: string;
  updatedBy: string | null;
}

export interface DataClaimRecord extends DataClaimSummary {
  /** The draft, else the live version: what the editor shows. */
  draft: DataClaim | null;
  live: DataClaim | null;
  versions: { number: number; publishedAt: string; publishedBy: string | null; rolledBackFrom: number | null }[];
}

/** A published or paused claim at the version the site runs. */
export interface LiveDataClaim {
  claim: DataClaim;
  version: number;
  paused: boolean;
}

export type DataClaimAnswer<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; errors?: string[] };

const LOCK = "data-claims";
/** The most of an audit entry's detail the changes with their values may take (the entry's own bound is AUDIT_DETAIL_LIMIT). */
const CHANGES_LIMIT = 3_500;
const liveVersionOf = (row: Selectable<DataClaimsTable>) => (row.live_version === null ? null : Number(row.live_version));

const summaryOf = (row: Selectable<DataClaimsTable>): DataClaimSummary => ({
  slug: row.slug,
  state: row.state,
  liveVersion: liveVersionOf(row),
  hasDraft: row.draft !== null,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});

const NOT_FOUND = { ok: false, status: 404, message: "No claim defined as data has that slug." } as const;

/** A JSON value with each list turned into an object keyed by position, so that changes are found item by item. */
function indexed(value: unknown): Record<string, unknown> {
  const walk = (v: unknown): unknown =>
    Array.isArray(v) ? Object.fromEntries(v.map((item, i) => [String(i), walk(item)])) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)])) : v;
  return walk(value) as Record<string, unknown>;
}

/** Every address, slug and case type a claim takes, to refuse a second claim that would answer on them. */
function takenBy(claim: Pick<ClaimDefinition, "slug" | "caseType" | "routes">): string[] {
  return [`slug ${claim.slug}`, `case type ${claim.caseType.toLowerCase()}`, ...[...landingPaths(claim as ClaimDefinition), claim.routes.form].map((p) => `path ${p}`)];
}

/**
 * Claims defined as data (docs/decisions/059): each has at most one draft and every published version,
 * never changed once written. Publishing turns the draft into the next version; pausing keeps the
 * version but closes the claim. Every change is in the audit log. `stamp()` changes with every change,
 * for each instance's poll (live-data-claims.ts).
 */
export function createDataClaimStore({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function clashes(trx: Kysely<Database>, claim: DataClaim): Promise<string[]> {
    const others = await liveAndDrafts(trx, claim.slug);
    const taken = new Map<string, string>();
    for (const builtIn of builtInClaims) for (const key of takenBy(builtIn)) taken.set(key, `the built-in claim '${builtIn.slug}'`);
    for (const other of others) for (const key of takenBy(other)) taken.set(key, `the claim '${other.slug}'`);
    return takenBy(claim)
      .filter((key) => taken.has(key))
      .map((key) => `The ${key} is already ${taken.get(key)}'s`);
  }

  /** The other data claims' draft and live definitions. */
  async function liveAndDrafts(trx: Kysely<Database>, exceptSlug: string): Promise<DataClaim[]> {
    const rows = await trx
      .selectFrom("data_claims")
      .leftJoin("data_claim_versions", (join) => join.onRef("data_claim_versions.slug", "=", "data_claims.slug").onRef("data_claim_versions.number", "=", "data_claims.live_version"))
      .select(["data_claims.slug", "data_claims.draft", "data_claim_versions.body"])
      .where("data_claims.slug", "!=", exceptSlug)
      .execute();
    return rows.flatMap((row) => [row.draft, row.body].filter((b): b is string => b !== null).map((b) => JSON.parse(b) as DataClaim));
  }

  async function checked(trx: Kysely<Database>, input: unknown): Promise<DataClaimAnswer<DataClaim>> {
    const check = checkDataClaim(input);
    if (!check.ok) return { ok: false, status: 400, message: "The claim was not saved: correct the problems listed.", errors: check.errors };
    const clash = await clashes(trx, check.claim);
    if (clash.length) return { ok: false, status: 409, message: "The claim was not saved: it would answer where another claim does.", errors: clash };
    return { ok: true, value: check.claim };
  }

  /** The live version's body, or null before the first publish. */
  async function liveBody(trx: Kysely<Database>, row: Selectable<DataClaimsTable>): Promise<string | null> {
    const version = liveVersionOf(row);
    if (version === null) return null;
    const live = await trx.selectFrom("data_claim_versions").select("body").where("slug", "=", row.slug).where("number", "=", version).executeTakeFirst();
    return live?.body ?? null;
  }

  /** The claim's row, read under the store's lock: no other instance writes a claim until the transaction ends. */
  async function lockedRow(trx: Kysely<Database>, slug: string): Promise<Selectable<DataClaimsTable> | undefined> {
    await lockForTransaction(trx, LOCK);
    return trx.selectFrom("data_claims").selectAll().where("slug", "=", slug).executeTakeFirst();
  }

  /**
   * Each changed field of a claim, before and after, for the audit log (docs/decisions/063). Lists are
   * compared item by item ("steps.1.fields.0.label"): whole, one changed label would be the claim's
   * every question twice, past the entry's bounded size.
   */
  function changesOf(before: string | null, after: string | null): { changes: FieldChanges } | { changedFields: string[]; changedFieldCount: number } {
    const changes = fieldChanges(before === null ? null : indexed(JSON.parse(before)), after === null ? null : indexed(JSON.parse(after)));
    if (JSON.stringify(changes).length <= CHANGES_LIMIT) return { changes };
    // Too many to keep with their values (steps moved, a claim rewritten): their names; a version keeps its body.
    const names = Object.keys(changes);
    return { changedFields: names.slice(0, 60), changedFieldCount: names.length };
  }

  /** Writes `body` as the claim's next version, which the site then runs. */
  async function publishVersion(trx: Kysely<Database>, slug: string, body: string, actor: Actor, rolledBackFrom: number | null = null): Promise<number> {
    const top = await trx.selectFrom("data_claim_versions").select(sql<number | null>`max(number)`.as("number")).where("slug", "=", slug).executeTakeFirstOrThrow();
    const version = Number(top.number ?? 0) + 1;
    await trx.insertInto("data_claim_versions").values({ slug, number: version, body, published_at: now().toISOString(), published_by: actor.email, rolled_back_from: rolledBackFrom }).execute();
    return version;
  }

  const touch = (actor: Actor) => ({ updated_at: now().toISOString(), updated_by: actor.email, revision: sql<number>`revision + 1` });

  return {
    /** Changes with every save, publish, pause and resume, on any instance: one read of a small table. */
    async stamp(): Promise<string> {
      const row = await db.selectFrom("data_claims").select([sql<number | null>`sum(revision)`.as("sum"), sql<number>`count(*)`.as("count")]).executeTakeFirstOrThrow();
      return `${Number(row.count)}:${Number(row.sum ?? 0)}`;
    },

    async list(): Promise<DataClaimSummary[]> {
      const rows = await db.selectFrom("data_claims").selectAll().orderBy("slug").execute();
      return rows.map(summaryOf);
    },

    async get(slug: string): Promise<DataClaimRecord | null> {
      const row = await db.selectFrom("data_claims").selectAll().where("slug", "=", slug).executeTakeFirst();
      if (!row) return null;
      const versions = await db.selectFrom("data_claim_versions").selectAll().where("slug", "=", slug).orderBy("number", "desc").execute();
      const live = versions.find((v) => Number(v.number) === liveVersionOf(row));
      return {
        ...summaryOf(row),
        draft: row.draft === null ? null : (JSON.parse(row.draft) as DataClaim),
        live: live ? (JSON.parse(live.body) as DataClaim) : null,
        versions: versions.map((v) => ({
          number: Number(v.number),
          publishedAt: v.published_at,
          publishedBy: v.published_by,
          rolledBackFrom: v.rolled_back_from === null ? null : Number(v.rolled_back_from),
        })),
      };
    },

    /** The published and paused claims at their live versions: what the site runs. */
    async live(): Promise<LiveDataClaim[]> {
      const rows = await db
        .selectFrom("data_claims")
        .innerJoin("data_claim_versions", (join) => join.onRef("data_claim_versions.slug", "=", "data_claims.slug").onRef("data_claim_versions.number", "=", "data_claims.live_version"))
        .select(["data_claims.state", "data_claim_versions.number", "data_claim_versions.body"])
        .where("data_claims.state", "in", ["published", "paused"])
        .orderBy("data_claims.slug")
        .execute();
      return rows.map((row) => ({ claim: JSON.parse(row.body) as DataClaim, version: Number(row.number), paused: row.state === "paused" }));
    },

    /** A new claim, as a draft: from a blank template or a copy of another claim. */
    async create(input: unknown, actor: Actor, detail: { copiedFrom?: string } = {}): Promise<DataClaimAnswer<DataClaim>> {
      return writeTransaction(db, async (trx) => {
        await lockForTransaction(trx, LOCK);
        const answer = await checked(trx, input);
        if (!answer.ok) return answer;
        const slug = answer.value.slug;
        if (await trx.selectFrom("data_claims").select("slug").where("slug", "=", slug).executeTakeFirst()) {
          return { ok: false, status: 409, message: `A claim with the slug '${slug}' exists already.` };
        }
        const at = now().toISOString();
        await trx
          .insertInto("data_claims")
          .values({ slug, state: "draft", draft: JSON.stringify(answer.value), live_version: null, created_at: at, updated_at: at, updated_by: actor.email })
          .execute();
        // The whole claim is the draft itself: the entry names it rather than listing every field (the detail's size is bounded).
        await recordAudit(trx, actor, { action: "create-data-claim", target: { type: "data-claim", id: slug }, detail: { caseType: answer.value.caseType, ...detail } }, now());
        return answer;
      });
    },

    /** Saves the claim's draft; its slug cannot change (leads and versions are filed under it). */
    async saveDraft(slug: string, input: unknown, actor: Actor): Promise<DataClaimAnswer<DataClaim>> {
      return writeTransaction(db, async (trx) => {
        const row = await lockedRow(trx, slug);
        if (!row) return NOT_FOUND;
        // Before the check: another slug would clash with this very claim's addresses.
        if ((input as { slug?: unknown } | null)?.slug !== slug) return { ok: false, status: 400, message: "A claim's slug cannot change: copy it as a new claim instead.", errors: [`slug: '${slug}'`] };
        const answer = await checked(trx, input);
        if (!answer.ok) return answer;
        const draft = JSON.stringify(answer.value);
        const before = row.draft ?? (await liveBody(trx, row));
        await trx.updateTable("data_claims").set({ draft, ...touch(actor) }).where("slug", "=", slug).execute();
        await recordAudit(trx, actor, { action: "save-data-claim-draft", target: { type: "data-claim", id: slug }, detail: changesOf(before, draft) }, now());
        return answer;
      });
    },

    /** The draft becomes the next version, which the site runs; a paused claim opens again. */
    async publish(slug: string, actor: Actor): Promise<DataClaimAnswer<{ version: number }>> {
      return writeTransaction(db, async (trx) => {
        const row = await lockedRow(trx, slug);
        if (!row) return NOT_FOUND;
        if (row.draft === null) return { ok: false, status: 409, message: "There is no draft to publish: edit the claim first." };
        // Checked again: another claim may have taken an address since the draft was saved.
        const answer = await checked(trx, JSON.parse(row.draft));
        if (!answer.ok) return answer;
        // The first version's fields are the draft saved before it: the entry lists the changes to a published one only.
        const before = await liveBody(trx, row);
        const version = await publishVersion(trx, slug, row.draft, actor);
        await trx.updateTable("data_claims").set({ state: "published", draft: null, live_version: version, ...touch(actor) }).where("slug", "=", slug).execute();
        await recordAudit(trx, actor, { action: "publish-data-claim", target: { type: "data-claim", id: slug }, detail: { version, ...(before === null ? {} : changesOf(before, row.draft)) } }, now());
        return { ok: true, value: { version } };
      });
    },

    /**
     * Publishes a copy of an older version as the next one, so the history only grows. The draft is
     * left as it is, and a paused claim stays paused: a rollback changes what the claim says, not whether it is open.
     */
    async rollback(slug: string, number: number, actor: Actor): Promise<DataClaimAnswer<{ version: number }>> {
      return writeTransaction(db, async (trx) => {
        const row = await lockedRow(trx, slug);
        if (!row) return NOT_FOUND;
        const old = await trx.selectFrom("data_claim_versions").select("body").where("slug", "=", slug).where("number", "=", number).executeTakeFirst();
        if (!old) return { ok: false, status: 404, message: `The claim has no version ${number}.` };
        if (liveVersionOf(row) === number) return { ok: false, status: 409, message: `Version ${number} is the one published now.` };
        // Checked again: the engine's rules or another claim's addresses may have changed since.
        const answer = await checked(trx, JSON.parse(old.body));
        if (!answer.ok) return answer;
        const before = await liveBody(trx, row);
        const version = await publishVersion(trx, slug, old.body, actor, number);
        await trx.updateTable("data_claims").set({ live_version: version, ...touch(actor) }).where("slug", "=", slug).execute();
        await recordAudit(
          trx,
          actor,
          { action: "rollback-data-claim", target: { type: "data-claim", id: slug }, detail: { version, rolledBackFrom: number, ...changesOf(before, old.body) } },
          now(),
        );
        return { ok: true, value: { version } };
      });
    },

    /** Closes a published claim (its landing says so; it takes no leads), or opens a paused one again. */
    async setPaused(slug: string, paused: boolean, actor: Actor): Promise<DataClaimAnswer<{ state: DataClaimState }>> {
      return writeTransaction(db, async (trx) => {
        const row = await lockedRow(trx, slug);
        if (!row) return NOT_FOUND;
        if (row.live_version === null) return { ok: false, status: 409, message: "Only a published claim can be paused or resumed: publish it first." };
        const state: DataClaimState = paused ? "paused" : "published";
        if (row.state === state) return { ok: true, value: { state } };
        await trx.updateTable("data_claims").set({ state, ...touch(actor) }).where("slug", "=", slug).execute();
        await recordAudit(trx, actor, { action: paused ? "pause-data-claim" : "resume-data-claim", target: { type: "data-claim", id: slug }, detail: { version: Number(row.live_version), changes: { state: { before: row.state, after: state } } } }, now());
        return { ok: true, value: { state } };
      });
    },
  };
}

export type DataClaimStore = ReturnType<typeof createDataClaimStore>;
