import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBuyerStore, openBuyerCredentials, type BuyerInput, type BuyerStore } from "../../server/distribution/buyers/buyer-store";
import { migrateToLatest, openDatabase, type Db } from "../../server/db/database";
import { createSecretBox, SecretBoxError } from "../../server/secrets/secret-box";
import { databaseTargetOf, TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { testDatabaseUrl } from "../support/test-database";

const API_KEY = "lb-live-9f8e7d6c5b4a3210";
const secretBox = createSecretBox(TEST_SECRETS_KEY);

let db: Db;
let store: BuyerStore;

beforeEach(async () => {
  db = await openDatabase(databaseTargetOf(await testDatabaseUrl("buyer-store")));
  await migrateToLatest(db);
  store = createBuyerStore(db, secretBox, { now: () => new Date("2026-11-23T15:00:00.000Z") });
});
afterEach(async () => {
  await db.destroy();
});

/** Legal Bridge as a buyer: a form post of mapped fields with the key in one of them, AFFF in four states. */
const legalBridge = (overrides: Partial<BuyerInput> = {}): BuyerInput => ({
  name: "Legal Bridge",
  delivery: {
    method: "post",
    url: "https://api.legal-bridge.example/leads",
    format: "form",
    fields: {
      Key: "{credentials}",
      First_Name: "{fn}",
      Full_Name: "{fn} {ln}",
      IP_Address: "{ip}",
      Diagnosis: "{answers.diagnosis}",
      xxTrustedFormCerturl: "{certificateUrl}",
      SRC: "claims-site",
    },
    acceptance: { conditions: [{ field: "status", equals: "Error", means: "rejected", reasonField: "error" }] },
  },
  rules: {
    timeZone: "America/Chicago",
    filters: { claimTypes: ["AFFF"], states: ["tx", "ok", "la", "ar"], eligibleOnly: true },
    caps: { perDay: 25, perMonth: 500 },
    schedule: { days: [1, 2, 3, 4, 5], from: "08:00", to: "18:00" },
    priority: 10,
    weight: 3,
  },
  credentials: API_KEY,
  ...overrides,
});

describe("buyer store", () => {
  it("saves a buyer and reads it back normalised, with its credentials shown only as their last four", async () => {
    const created = await store.create(legalBridge());
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const { buyer } = created;

    expect(buyer).toMatchObject({
      name: "Legal Bridge",
      active: true,
      credentialsLast4: "••••3210",
      createdAt: "2026-11-23T15:00:00.000Z",
      delivery: { method: "post", format: "form", url: "https://api.legal-bridge.example/leads" },
      rules: {
        active: true,
        timeZone: "America/Chicago",
        filters: { claimTypes: ["AFFF"], states: ["TX", "OK", "LA", "AR"], eligibleOnly: true },
        caps: { perDay: 25, perMonth: 500 },
        priority: 10,
        weight: 3,
      },
    });
    expect(Object.keys(buyer.delivery.method === "post" ? buyer.delivery.fields : {})).toEqual([
      "Key",
      "First_Name",
      "Full_Name",
      "IP_Address",
      "Diagnosis",
      "xxTrustedFormCerturl",
      "SRC",
    ]);
    expect(await store.get(buyer.id)).toEqual(buyer);
    expect(await store.list()).toEqual([buyer]);

    // Nothing the store gives back, nor the row itself, holds the key.
    expect(JSON.stringify([buyer, await store.list()])).not.toContain(API_KEY);
    const row = await db.selectFrom("buyers").selectAll().where("id", "=", buyer.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(API_KEY);
    expect(row.credentials_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await openBuyerCredentials(db, secretBox, buyer.id)).toBe(API_KEY);
  });

  it("keeps credentials when an update leaves them out, replaces them when given, and removes them on null", async () => {
    const created = await store.create(legalBridge());
    if (!created.ok) throw new Error("not created");
    const id = created.buyer.id;
    const { credentials: _credentials, ...withoutCredentials } = legalBridge();

    const renamed = await store.update(id, { ...withoutCredentials, name: "Legal Bridge AFFF" });
    expect(renamed).toMatchObject({ ok: true, buyer: { name: "Legal Bridge AFFF", credentialsLast4: "••••3210" } });
    expect(await openBuyerCredentials(db, secretBox, id)).toBe(API_KEY);

    expect(await store.update(id, { ...withoutCredentials, credentials: "new-key-abcdefgh" })).toMatchObject({ ok: true, buyer: { credentialsLast4: "••••efgh" } });
    expect(await openBuyerCredentials(db, secretBox, id)).toBe("new-key-abcdefgh");

    expect(await store.update(id, { ...withoutCredentials, credentials: null })).toMatchObject({ ok: true, buyer: { credentialsLast4: null } });
    expect(await openBuyerCredentials(db, secretBox, id)).toBeNull();
  });

  it("seals credentials to their buyer and key: copied to another buyer, or under another SECRETS_KEY, they do not open", async () => {
    const first = await store.create(legalBridge());
    const second = await store.create(legalBridge({ name: "Other Network", credentials: "short" }));
    if (!first.ok || !second.ok) throw new Error("not created");
    expect(second.buyer.credentialsLast4).toBe("••••");

    const sealed = await db.selectFrom("buyers").select("credentials_sealed").where("id", "=", first.buyer.id).executeTakeFirstOrThrow();
    await db.updateTable("buyers").set({ credentials_sealed: sealed.credentials_sealed }).where("id", "=", second.buyer.id).execute();
    await expect(openBuyerCredentials(db, secretBox, second.buyer.id)).rejects.toThrow(SecretBoxError);
    await expect(openBuyerCredentials(db, createSecretBox("1e".repeat(32)), first.buyer.id)).rejects.toThrow(SecretBoxError);
  });

  it("pauses and resumes a buyer through its active column, which its rules read", async () => {
    const created = await store.create(legalBridge());
    if (!created.ok) throw new Error("not created");
    expect(await store.setActive(created.buyer.id, false)).toBe(true);
    expect(await store.get(created.buyer.id)).toMatchObject({ active: false, rules: { active: false } });
    expect(await store.setActive(created.buyer.id, true)).toBe(true);
    expect(await store.get(created.buyer.id)).toMatchObject({ active: true, rules: { active: true } });
    expect(await store.setActive("no-such-buyer", false)).toBe(false);
  });

  it("refuses an invalid buyer with a message per field and saves nothing", async () => {
    const base = legalBridge();
    const result = await store.create({
      ...base,
      name: " ",
      delivery: { ...base.delivery, url: "ftp://files.example", fields: { First_Name: "{firstName}", Notes: "{fn" } },
      rules: { ...base.rules, timeZone: "Mars/Olympus", caps: { perDay: -1 } },
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Name the buyer.",
        "delivery.url": "Enter an http(s) URL.",
        "delivery.fields.First_Name": "Unknown placeholder {firstName}.",
        "delivery.fields.Notes": "A brace is not closed: write placeholders as {name}.",
        "rules.timeZone": "Enter an IANA time zone such as America/New_York.",
        "rules.caps.perDay": expect.any(String),
      },
    });
    expect(await store.list()).toEqual([]);
    expect(await store.update("no-such-buyer", legalBridge())).toEqual({ ok: false, errors: { id: "There is no buyer no-such-buyer." } });
  });
});
