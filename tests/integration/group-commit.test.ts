import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres, lockForTransaction } from "../../server/db/database";
import { failLeadCommits } from "../support/lead-save-failure";
import { createGroupCommit, GroupCommitError } from "../../server/db/group-commit";
import { startApiApp } from "../support/api-app";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";

// Group commit (docs/decisions/033): on SQLite, leads arriving together share one durable transaction,
// each under a savepoint of its own; every lead is answered only after that commit. On PostgreSQL each
// lead keeps its own transaction. On SQLite files and, in 'integration-postgres', on PostgreSQL.

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ LEAD_RATE_LIMIT_PER_HOUR: "0", SITE_URL: "https://claims.example" });
  await sql`create table test_group_items (id text primary key)`.execute(api.db);
});
afterAll(() => api.close());

const savedIds = async () =>
  (await sql<{ id: string }>`select id from test_group_items order by id`.execute(api.db)).rows.map((row) => row.id);
const leadCount = async () => Number((await api.db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

describe("a group's works", () => {
  it("are isolated: one that fails is undone alone, with its own error, and the others commit", async () => {
    const group = createGroupCommit(api.db);
    const insert = (id: string) => group.run((trx) => sql`insert into test_group_items (id) values (${id})`.execute(trx).then(() => id));
    const failing = group.run(async (trx) => {
      await sql`insert into test_group_items (id) values (${"b-undone"})`.execute(trx);
      throw new Error("this lead is refused");
    });
    // The same key twice: the second breaks the primary key inside the group.
    const results = await Promise.allSettled([insert("a-1"), insert("a-2"), failing, insert("a-3"), insert("a-3"), insert("a-4")]);
    const statuses = results.map((result) => result.status);
    expect([statuses[0], statuses[1], statuses[2], statuses[5]]).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    // Of the two a-3s one commits (on SQLite the first; on PostgreSQL either).
    expect([statuses[3], statuses[4]].sort()).toEqual(["fulfilled", "rejected"]);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error("this lead is refused"));
    const loser = results[3].status === "rejected" ? results[3] : (results[4] as PromiseRejectedResult);
    expect(loser.reason).not.toBeInstanceOf(GroupCommitError);
    if (!isPostgres(api.db)) expect(statuses[4]).toBe("rejected");
    expect(await savedIds()).toEqual(["a-1", "a-2", "a-3", "a-4"]);
  });

  it("see the works before them in the group, as the next transaction would (under intake's locks on PostgreSQL)", async () => {
    const group = createGroupCommit(api.db);
    const count = () =>
      group.run(async (trx) => {
        await lockForTransaction(trx, "test-group-count");
        await sql`insert into test_group_items (id) values (${`c-${Math.random()}`})`.execute(trx);
        return Number((await sql<{ n: number }>`select count(*) as n from test_group_items where id like 'c-%'`.execute(trx)).rows[0]!.n);
      });
    expect((await Promise.all([count(), count(), count()])).sort()).toEqual([1, 2, 3]);
  });
});

describe("POST /api/leads/:caseType in groups", () => {
  it("saves every lead of a concurrent group but the one that fails, which gets its own answer", async () => {
    const before = await leadCount();
    const key = { submissionKey: "group-commit-key-01" };
    const requests = [
      ...Array.from({ length: 6 }, () => mvaAnswers(anotherPerson())),
      // Two submissions with one key and different answers: one is saved, the other breaks the unique
      // key inside the group and is answered 409 without taking the rest with it.
      mvaAnswers({ ...anotherPerson(), ...key }),
      mvaAnswers({ ...anotherPerson(), ...key, fn: "Other" }),
      mvaAnswers({ ...anotherPerson(), tcpa: false }),
    ];
    const responses = await Promise.all(requests.map((body) => api.post("/api/leads/mva", body)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(statuses.slice(6, 8).sort()).toEqual([201, 409]);
    expect(statuses[8]).toBe(400);
    const created = await Promise.all(responses.filter((r) => r.status === 201).map(async (r) => (await r.json()).leadId as string));
    const saved = await api.db.selectFrom("leads").select("id").where("id", "in", created).execute();
    expect(saved).toHaveLength(7);
    expect(await leadCount()).toBe(before + 7);
  });

  it("answers 503 to every lead of a group whose commit fails and saves none of them; never 201", async () => {
    const failCommits = await failLeadCommits(api.db);
    const before = await leadCount();
    try {
      const responses = await Promise.all(Array.from({ length: 5 }, () => api.post("/api/leads/mva", mvaAnswers(anotherPerson()))));
      expect(responses.map((response) => response.status)).toEqual([503, 503, 503, 503, 503]);
      for (const response of responses) {
        expect(response.headers.get("retry-after")).toBe("5");
        expect(await response.json()).toEqual({ error: "The claim could not be saved just now. Please try again in a moment." });
      }
      expect(await leadCount()).toBe(before);
    } finally {
      await failCommits.restore();
    }
    const retried = await api.post("/api/leads/mva", mvaAnswers(anotherPerson()));
    expect(retried.status).toBe(201);
    expect(await leadCount()).toBe(before + 1);
  });
});
