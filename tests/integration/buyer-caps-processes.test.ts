import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBuyerStore, type Buyer, type SaveBuyerResult } from "../../server/distribution/buyers/buyer-store";
import { isPostgres, migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import type { RoutingDecisionRecord } from "../../server/distribution/routing/route-lead";
import { createSecretBox } from "../../server/secrets/secret-box";
import { waitFor } from "../support/fake-receiver";
import {
  buyerInput,
  countersAndReservations,
  databaseTargetOf,
  deliveriesPerBuyer,
  saveAndRouteLeads,
  TEST_SECRETS_KEY,
  waitLongerForTheWriteLock,
} from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Two processes on one database, as two web instances or workers would be: a child process and this
// test's, each routing its leads all at once through its own connection (SQLite) or pool (PostgreSQL).
const SCRIPT = fileURLToPath(new URL("../support/route-leads-process.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let url: string;
let db: Db;
let capped: Buyer;
let open: Buyer;
let buyers: Buyer[];
const children: ChildProcess[] = [];

function saved(result: SaveBuyerResult): Buyer {
  if (!result.ok) throw new Error(`buyer not saved: ${JSON.stringify(result.errors)}`);
  return result.buyer;
}

function startRouter(prefix: string, count: number, hangAt?: number) {
  const args = ["--import", "tsx", SCRIPT, url, prefix, String(count), ...(hangAt === undefined ? [] : ["--hang-at", String(hangAt)])];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const lines = () => stdout.split("\n").filter(Boolean);
  return {
    lines,
    routed: () => lines().filter((line) => line.startsWith("routed ")),
    exited,
    kill: () => child.kill("SIGKILL"),
    /** Waits for a line of its output; fails with what it wrote to stderr. */
    async until(line: (text: string) => boolean, what: string) {
      await waitFor(() => lines().some(line), what, 20_000).catch((error: Error) => {
        throw new Error(`${error.message}:\n${stderr}`);
      });
    },
    /** Resolves once it exits; fails with its output if it did not exit cleanly. */
    async finished() {
      const exit = await exited;
      if (exit.code !== 0) throw new Error(`router ${prefix} exited with ${exit.code ?? exit.signal}:\n${stderr}`);
    },
  };
}

async function decisions() {
  const rows = await db.selectFrom("routing_decisions").select(["lead_id", "decision"]).execute();
  return rows.map((row) => ({ leadId: row.lead_id, ...(JSON.parse(row.decision) as RoutingDecisionRecord) }));
}

async function expectCountersToEqualReservations() {
  const rows = await countersAndReservations(db);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows).toEqual(rows.map((row) => ({ ...row, counted: row.reserved })));
}

beforeEach(async () => {
  url = await testDatabaseUrl("buyer-caps");
  db = await openDatabase(databaseTargetOf(url));
  await waitLongerForTheWriteLock(db);
  await migrateToLatest(db);
  const store = createBuyerStore(db, createSecretBox(TEST_SECRETS_KEY));
  capped = saved(await store.create(buyerInput("Capped Firm", { priority: 1, caps: { perDay: 10 } })));
  open = saved(await store.create(buyerInput("Open Network", { priority: 2 })));
  buyers = await store.list();
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await db.destroy();
});

describe("caps across processes", { timeout: 30_000 }, () => {
  it("sends exactly 10 of 50 leads routed at once by two processes to the buyer capped at 10, and 40 to the next", async () => {
    const child = startRouter("child", 25);
    await child.until((line) => line === "ready", "the child process to connect");
    await Promise.all([child.finished(), saveAndRouteLeads(db, buyers, "test", 25)]);

    expect(await deliveriesPerBuyer(db)).toEqual({ [capped.id]: 10, [open.id]: 40 });
    await expectCountersToEqualReservations();
    const routed = await decisions();
    expect(routed).toHaveLength(50);
    expect(new Set(routed.map((decision) => decision.leadId)).size).toBe(50);
    const toOpen = routed.filter((decision) => decision.tried[0]?.buyerId === open.id);
    expect(toOpen).toHaveLength(40);
    for (const decision of toOpen) {
      expect(decision.considered.find((entry) => entry.buyerId === capped.id)).toMatchObject({ verdict: "skipped", reason: "daily cap reached" });
    }
    if (isPostgres(db)) {
      // PostgreSQL interleaves the two processes' routings; SQLite lets one process's transactions run
      // back to back while the other waits for the write lock, so there either may go first.
      const order = await db.selectFrom("routing_decisions").select("lead_id").orderBy("created_at").execute();
      expect(order.map((row) => row.lead_id.split("-")[0]).join(" ")).toMatch(/child.*test.*child|test.*child.*test/);
    }
  });

  it("keeps the cap and counters equal to deliveries when a process is killed mid-routing and routing restarts", async () => {
    // Its sixth lead hangs after reserving and queueing, before its transaction commits.
    const doomed = startRouter("killed", 25, 5);
    await doomed.until((line) => line.startsWith("hanging "), "a routing to hang");
    const hung = doomed.lines().find((line) => line.startsWith("hanging "))!.split(" ")[1]!;
    doomed.kill();
    expect((await doomed.exited).signal).toBe("SIGKILL");
    const committed = doomed.routed().length;

    expect(await db.selectFrom("leads").select("id").where("id", "=", hung).execute()).toEqual([]);
    expect(await db.selectFrom("deliveries").select("id").where("lead_id", "=", hung).execute()).toEqual([]);
    expect((await db.selectFrom("leads").select("id").execute()).length).toBe(committed);
    const afterCrash = await deliveriesPerBuyer(db);
    expect(Object.values(afterCrash).reduce((sum, n) => sum + n, 0)).toBe(committed);
    expect(afterCrash[capped.id] ?? 0).toBeLessThanOrEqual(10);
    await expectCountersToEqualReservations();

    // The restart: routing goes on from another process on the same database.
    await saveAndRouteLeads(db, buyers, "restarted", 25);
    expect(await deliveriesPerBuyer(db)).toEqual({ [capped.id]: 10, [open.id]: committed + 25 - 10 });
    await expectCountersToEqualReservations();
    expect(await decisions()).toHaveLength(committed + 25);
  });
});
