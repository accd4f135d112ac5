import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBuyerStore } from "../../server/distribution/buyers/buyer-store";
import { syncSystemBuyers } from "../../server/distribution/buyers/system-buyers";
import { loadConfig, type Config } from "../../server/config";
import { isPostgres, migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createLeadService, type LeadService } from "../../server/leads/submit-lead";
import { leadsCsv } from "../../server/lead-console/lead-export";
import { createLogger } from "../../server/logger";
import { routingDecisionsOf } from "../../server/distribution/routing/route-lead";
import { createSecretBox } from "../../server/secrets/secret-box";
import { createServices } from "../../server/services";
import { gzipSync } from "node:zlib";
import { createTestSupplier } from "../../tools/suppliers";
import { startApiApp } from "../support/api-app";
import { waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { afffAnswers } from "#claims/afff/examples";
import { buyerInput, TEST_SECRETS_KEY, waitLongerForTheWriteLock } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

// Duplicates (docs/decisions/023): a lead of the same claim from the same person (E.164 phone or
// normalised e-mail) within DUPLICATE_WINDOW_DAYS is saved, flagged with the first lead's id, and goes
// only to buyers that take duplicates. On SQLite files and, in 'integration-postgres', on PostgreSQL.

const DAY = 86_400_000;
const T0 = new Date("2026-06-01T12:00:00.000Z");
const SCRIPT = fileURLToPath(new URL("../support/submit-leads-process.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const context = { ip: "198.51.100.1", userAgent: "DuplicateTest/1.0", pageUrl: null, attribution: null };
const person = { fn: "Ana", ln: "Reyes", em: "Ana.Reyes@Example.com", ph: "(312) 555-0199" };

let url: string;
let config: Config;
let db: Db;
let clock: Date;
let leads: LeadService;
const cleanups: Array<() => Promise<unknown>> = [];

function leadService(database: Db, windowDays?: number) {
  return createLeadService({
    db: database,
    logger: createLogger("silent"),
    siteUrl: "https://claims.example",
    site: config.site,
    leadRateLimitPerHour: 0,
    ...(windowDays === undefined ? {} : { duplicateWindowDays: windowDays }),
    now: () => clock,
  });
}

beforeEach(async () => {
  url = await testDatabaseUrl("duplicates");
  config = loadConfig({ DATABASE_URL: url, NODE_ENV: "test", SECRETS_KEY: TEST_SECRETS_KEY });
  db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);
  clock = T0;
  leads = leadService(db);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await db.destroy();
});

async function submitAt(at: Date, answers: Record<string, unknown>, service = leads, slug = "mva") {
  clock = at;
  const result = await service.submit(slug, answers, context);
  if (result.status !== "created") throw new Error(`not created: ${JSON.stringify(result)}`);
  return result;
}

const later = (ms: number) => new Date(T0.getTime() + ms);
const storedLead = (id: string) =>
  db.selectFrom("leads").select(["id", "duplicate_of", "phone_e164", "email_normalized", "low_quality", "ph", "em"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("who is the same person", () => {
  it("stores the phone in E.164 beside the spec's 10 digits, and the e-mail trimmed and lower-cased", async () => {
    const first = await submitAt(T0, mvaAnswers({ ...person, em: "  Ana.Reyes@Example.com " }));
    expect(first.duplicateOf).toBeNull();
    expect(await storedLead(first.leadId)).toMatchObject({ ph: "3125550199", phone_e164: "+13125550199", email_normalized: "ana.reyes@example.com", duplicate_of: null });
  });

  it("is the same phone, however it is written, or the same e-mail in any case; not the same name", async () => {
    const first = await submitAt(T0, mvaAnswers(person));
    const samePhone = await submitAt(later(1000), mvaAnswers({ ...person, em: "other@example.com", ph: "+1 312-555-0199" }));
    const sameEmail = await submitAt(later(2000), mvaAnswers({ ...person, em: "ANA.REYES@example.COM", ph: "(212) 555-0100" }));
    const sameNameOnly = await submitAt(later(3000), mvaAnswers({ ...person, em: "ana.r@example.net", ph: "(212) 555-0101" }));
    expect([samePhone.duplicateOf, sameEmail.duplicateOf, sameNameOnly.duplicateOf]).toEqual([first.leadId, first.leadId, null]);
    expect((await storedLead(samePhone.leadId)).duplicate_of).toBe(first.leadId);
  });

  it("counts per claim: the same person's lead of another claim is not a duplicate", async () => {
    await submitAt(T0, mvaAnswers(person));
    const afff = await submitAt(later(1000), afffAnswers({ em: person.em, ph: person.ph }), leads, "afff");
    expect(afff.duplicateOf).toBeNull();
  });

  it("never makes a person's lead a duplicate of a spam lead (a bot's use of their number)", async () => {
    const spam = await submitAt(T0, mvaAnswers({ ...person, website: "http://spam.example" }));
    const real = await submitAt(later(1000), mvaAnswers(person));
    expect((await db.selectFrom("leads").select("is_spam").where("id", "=", spam.leadId).executeTakeFirstOrThrow()).is_spam).toBe(1);
    expect(real.duplicateOf).toBeNull();
  });
});

describe("the window", () => {
  it("takes leads up to DUPLICATE_WINDOW_DAYS (30) after the first; after that the next lead is an original", async () => {
    const first = await submitAt(T0, mvaAnswers(person));
    const atTheEdge = await submitAt(later(30 * DAY), mvaAnswers(person));
    const past = await submitAt(later(30 * DAY + 1), mvaAnswers(person));
    // The first is out of the window and the one at the edge is a duplicate: this one starts anew.
    expect([atTheEdge.duplicateOf, past.duplicateOf]).toEqual([first.leadId, null]);
    const next = await submitAt(later(31 * DAY), mvaAnswers(person));
    expect(next.duplicateOf).toBe(past.leadId);
  });

  it("points every repeat at the earliest lead that is not a duplicate", async () => {
    const first = await submitAt(T0, mvaAnswers(person));
    const repeats = [];
    for (let i = 1; i <= 3; i++) repeats.push((await submitAt(later(i * DAY), mvaAnswers(person))).duplicateOf);
    expect(repeats).toEqual([first.leadId, first.leadId, first.leadId]);
  });

  it("follows the configured window, and 0 turns duplicates off", async () => {
    expect(loadConfig({ DUPLICATE_WINDOW_DAYS: "7" }).duplicateWindowDays).toBe(7);
    expect(loadConfig({}).duplicateWindowDays).toBe(30);
    expect(() => loadConfig({ DUPLICATE_WINDOW_DAYS: "-1" })).toThrow(/DUPLICATE_WINDOW_DAYS/);
    const week = leadService(db, 7);
    const first = await submitAt(T0, mvaAnswers(person), week);
    expect((await submitAt(later(7 * DAY), mvaAnswers(person), week)).duplicateOf).toBe(first.leadId);
    expect((await submitAt(later(8 * DAY), mvaAnswers(person), week)).duplicateOf).toBeNull();
    expect((await submitAt(later(8 * DAY + 1), mvaAnswers(person), leadService(db, 0))).duplicateOf).toBeNull();
  });
});

describe("routing a duplicate", () => {
  it("skips buyers with 'duplicate' and sends it to a buyer that opted in to duplicates", async () => {
    const store = createBuyerStore(db, createSecretBox(TEST_SECRETS_KEY));
    const strict = await store.create(buyerInput("Strict", { priority: 1 }));
    const takesRepeats = await store.create(buyerInput("Repeats", { priority: 2, filters: { acceptsDuplicates: true } }));
    if (!strict.ok || !takesRepeats.ok) throw new Error("buyers not saved");
    expect(strict.buyer.rules.filters.acceptsDuplicates).toBe(false);

    const first = await submitAt(T0, mvaAnswers(person));
    const repeat = await submitAt(later(60_000), mvaAnswers(person));
    const sentTo = async (leadId: string) =>
      (await db.selectFrom("deliveries").select("buyer_id").where("lead_id", "=", leadId).where("target", "=", "buyer").execute()).map((d) => d.buyer_id);
    expect(await sentTo(first.leadId)).toEqual([strict.buyer.id]);
    expect(await sentTo(repeat.leadId)).toEqual([takesRepeats.buyer.id]);
    const [routing] = await routingDecisionsOf(db, repeat.leadId);
    expect(routing!.decision.considered).toContainEqual({ buyerId: strict.buyer.id, buyerName: "Strict", verdict: "skipped", reason: "duplicate" });

    // With no buyer taking duplicates, the repeat is saved and unsold.
    await store.update(takesRepeats.buyer.id, buyerInput("Repeats", { priority: 2 }));
    const third = await submitAt(later(120_000), mvaAnswers(person));
    expect(third.duplicateOf).toBe(first.leadId);
    expect(await sentTo(third.leadId)).toEqual([]);
    expect((await db.selectFrom("leads").select("buyer_status").where("id", "=", third.leadId).executeTakeFirstOrThrow()).buyer_status).toBe("unsold");
  });
});

describe("two submissions from one person at once", () => {
  /** Every lead of the person: exactly one original, and every other one its duplicate. */
  async function expectOneOriginal(count: number) {
    const rows = await db.selectFrom("leads").select(["id", "duplicate_of", "created_at"]).where("phone_e164", "=", "+13125550199").execute();
    expect(rows).toHaveLength(count);
    const originals = rows.filter((row) => row.duplicate_of === null);
    expect(originals).toHaveLength(1);
    expect(rows.filter((row) => row.duplicate_of !== null).map((row) => row.duplicate_of)).toEqual(Array(count - 1).fill(originals[0]!.id));
  }

  it("give one original and duplicates of it, from one instance's concurrent requests", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => leads.submit("mva", mvaAnswers(person), context)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("created"));
    await expectOneOriginal(8);
  });

  it("give one original across two processes on one database (on PostgreSQL, and two pools in this one)", async () => {
    // A second SQLite connection in this process would block its one thread waiting for the other's
    // write lock, so on SQLite the other instance is only the other process.
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, url, "6", JSON.stringify(mvaAnswers(person))], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    cleanups.push(async () => void child.kill("SIGKILL"));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await waitFor(() => stdout.includes("ready\n"), "the other process to connect", 30_000).catch((error: Error) => {
      throw new Error(`${error.message}:\n${stderr}`);
    });

    await waitLongerForTheWriteLock(db);
    const instances = [leads];
    if (isPostgres(db)) {
      const second = await openDatabase(config.database);
      cleanups.push(() => second.destroy());
      instances.push(leadService(second));
    }
    child.stdin.end("go\n");
    clock = new Date();
    const mine = await Promise.all(
      Array.from({ length: 6 }, (_, i) => instances[i % instances.length]!.submit("mva", mvaAnswers(person), context)),
    );
    expect(await exited, stderr).toBe(0);
    expect(mine.map((r) => r.status)).toEqual(Array(6).fill("created"));
    expect(stdout.split("\n").filter((line) => line.startsWith("lead "))).toHaveLength(6);
    await expectOneOriginal(12);
  }, 60_000);
});

describe("the JSON API", () => {
  it("answers another supplier's repeated person exactly as a new one (no duplicateOf); only a replayed submission key says so", async () => {
    const app = await startApiApp({ DATABASE_URL: url });
    cleanups.push(() => app.close());
    const post = async (body: Record<string, unknown>) => {
      const response = await app.post("/api/leads/mva", body);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const stranger = { ...person, fn: "Stella", ph: "(312) 555-0142", em: "stella.stranger@example.com" };
    // The first lead comes from another supplier: its existence is not this sender's to learn.
    const other = await createTestSupplier(app.db, { name: "Other supplier" });
    const firstResponse = await app.post("/api/leads/mva", mvaAnswers({ ...person, submissionKey: "first-key-123" }), other.headers);
    const first = { status: firstResponse.status, body: (await firstResponse.json()) as Record<string, unknown> };
    const repeat = await post(mvaAnswers({ ...person, submissionKey: "second-key-123" }));
    const newPerson = await post(mvaAnswers({ ...stranger, submissionKey: "stranger-key-1" }));
    const shape = (answer: typeof first) => ({ status: answer.status, keys: Object.keys(answer.body).sort(), replayed: answer.body.submissionKeyReplayed });
    expect(shape(repeat)).toEqual(shape(newPerson));
    expect(shape(first)).toEqual({ status: 201, keys: ["certificateUrl", "leadId", "outcome", "submissionKeyReplayed"], replayed: false });
    expect(JSON.stringify(repeat.body)).not.toContain(String(first.body.leadId));
    expect(repeat.body.leadId).not.toBe(first.body.leadId);
    // The operator still sees the repeat as a duplicate of the first.
    const saved = await app.db.selectFrom("leads").select("duplicate_of").where("id", "=", String(repeat.body.leadId)).executeTakeFirstOrThrow();
    expect(saved.duplicate_of).toBe(first.body.leadId);
    // The same submission key again: the same lead, flagged as a replayed key (the sender's own key).
    const replay = await post(mvaAnswers({ ...person, submissionKey: "second-key-123" }));
    expect(replay).toEqual({ status: 200, body: { ...repeat.body, submissionKeyReplayed: true } });

    const spec = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, { post: { responses: Record<string, { content?: { "application/json": { schema: { properties: Record<string, unknown> } } } }> } }> };
    const created = spec.paths["/api/leads/mva"]!.post.responses["201"]!.content!["application/json"].schema.properties;
    expect(Object.keys(created).sort()).toEqual(["certificateUrl", "duplicateOf", "leadId", "outcome", "submissionKeyReplayed"]);
  });

  it("tells a supplier its own repeat (duplicateOf its own first lead), on both paths, and never another supplier's", async () => {
    const app = await startApiApp({ DATABASE_URL: url });
    cleanups.push(() => app.close());
    const own = { ...person, fn: "Olive", ph: "(312) 555-0177", em: "olive.own@example.com" };
    const first = await (await app.post("/api/leads/mva", mvaAnswers({ ...own }))).json();
    const plain = await app.post("/api/leads/mva", mvaAnswers({ ...own }));
    expect(plain.status).toBe(201);
    expect((await plain.json()).duplicateOf).toBe(first.leadId);
    // The Express path (gzip) answers the same.
    const gzipped = await fetch(`${app.url}/api/leads/mva`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip", ...app.supplier.headers },
      body: gzipSync(JSON.stringify(mvaAnswers({ ...own }))),
    });
    expect((await gzipped.json()).duplicateOf).toBe(first.leadId);
    // Another supplier sending the same person learns nothing.
    const other = await createTestSupplier(app.db, { name: "Another supplier" });
    const theirs = await app.post("/api/leads/mva", mvaAnswers({ ...own }), other.headers);
    expect(theirs.status).toBe(201);
    expect(await theirs.json()).not.toHaveProperty("duplicateOf");
  });

  it("refuses a phone with an area code not in use, with a message on the phone field, and saves nothing", async () => {
    const app = await startApiApp({ DATABASE_URL: url });
    cleanups.push(() => app.close());
    const response = await app.post("/api/leads/mva", mvaAnswers({ ...person, ph: "(555) 555-0199" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { ph: "555 is not a US area code in use. Please check the phone number." } });
    expect(await db.selectFrom("leads").select("id").execute()).toEqual([]);
  });
});

describe("the console", () => {
  it("filters duplicates and low-quality leads, shows them on the list and the lead page, and exports them", async () => {
    const services = createServices(config, db, createLogger("silent"));
    const first = await submitAt(T0, mvaAnswers(person));
    const repeat = await submitAt(later(1000), mvaAnswers(person));
    const disposable = await submitAt(later(2000), mvaAnswers({ ...person, em: "someone@mailinator.com", ph: "(212) 555-0188" }));
    expect((await storedLead(disposable.leadId)).low_quality).toBe("disposable-email");

    const ids = async (query: string) => {
      const page = await services.leadConsole.list(new URLSearchParams(query));
      if (!page.ok) throw new Error(JSON.stringify(page.errors));
      return page.leads.map((lead) => lead.id);
    };
    expect(await ids("duplicate=yes")).toEqual([repeat.leadId]);
    expect(await ids("duplicate=no")).toEqual([disposable.leadId, first.leadId]);
    expect(await ids("low_quality=yes")).toEqual([disposable.leadId]);
    expect(await ids("low_quality=no&duplicate=no")).toEqual([first.leadId]);
    const bad = await services.leadConsole.list(new URLSearchParams("duplicate=maybe&low_quality=1"));
    expect(bad).toMatchObject({ ok: false, errors: { duplicate: "Duplicate is yes or no.", low_quality: "Low quality is yes or no." } });

    const page = await services.leadConsole.list(new URLSearchParams());
    if (!page.ok) throw new Error("list failed");
    expect(page.leads.find((lead) => lead.id === repeat.leadId)).toMatchObject({ duplicateOf: first.leadId, lowQuality: null });
    expect(page.leads.find((lead) => lead.id === disposable.leadId)).toMatchObject({ duplicateOf: null, lowQuality: "Disposable e-mail address" });
    expect(await services.leadConsole.detail(repeat.leadId)).toMatchObject({ duplicateOf: first.leadId, phoneE164: "+13125550199" });

    let csv = "";
    for await (const chunk of leadsCsv(db, config.database, {}, { timeZone: "America/New_York", targets: ["webhook"] })) csv += String(chunk);
    // An E.164 phone is written as it is: '+' then digits is a number to a spreadsheet, never a formula (ADR 042).
    const [header, ...rows] = csv.replace(/^\uFEFF/, "").trim().split("\n");
    const columns = header!.split(",").map((name) => name.replace(/"/g, ""));
    const cell = (leadId: string, column: string) => rows.find((row) => row.startsWith(`"${leadId}"`))!.split(",")[columns.indexOf(column)];
    expect([cell(repeat.leadId, "duplicate_of"), cell(repeat.leadId, "low_quality"), cell(repeat.leadId, "phone_e164")]).toEqual([`"${first.leadId}"`, "", `"+13125550199"`]);
    expect(cell(disposable.leadId, "low_quality")).toBe('"disposable-email"');
  });
});
