import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersFromValues } from "#claims/engine/form-values";
import { BUILT_IN_CONSENT_TEMPLATE } from "#claims/engine/personal-fields";
import { claimBySlug } from "#claims/registry";
import type { Actor } from "../../server/audit/audit-log";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { startRouteServices, TEST_SITE_URL, OWNER_EMAIL } from "../support/load-context";
import { sampleAnswers } from "../support/sample-answers";
import { testDatabaseUrl } from "../support/test-database";

// Site content on a real database (a SQLite file, and PostgreSQL in integration-postgres): drafts,
// versions, rollback as a new version, the audit log's before and after, what a web instance loads,
// and the consent text's version on each certificate (issue 28, docs/decisions/055).

let app: Awaited<ReturnType<typeof startRouteServices>>;
let actor: Actor;
beforeAll(async () => {
  app = await startRouteServices({ ADMIN_PASSWORD: "site content owner password", SITE_NAME: "Env Brand", SITE_PHONE: "(800) 555-0199", SITE_EMAIL: "env@example.com" });
  const owner = await app.db.selectFrom("operators").select("id").where("email", "=", OWNER_EMAIL).executeTakeFirstOrThrow();
  actor = { operatorId: owner.id, email: OWNER_EMAIL, ip: "192.0.2.9" };
  await app.services.content.refresh();
});
afterAll(async () => {
  await app?.close();
});

const store = () => app.services.contentStore;
const live = () => app.services.content;
const site = (name: string) => ({ name, phone: "(800) 555-0100", email: "help@brand.example", address: "1 Main St\nAustin, TX 78701" });

const auditOf = (action: string) =>
  app.db.selectFrom("audit_log").select(["action", "target_type", "target_id", "detail"]).where("action", "=", action).orderBy("at", "asc").orderBy("id", "asc").execute();

describe("site content versions", () => {
  it("starts with the environment's brand, no trust figures and the built-in consent text as version 1", async () => {
    const shown = live().current();
    expect(shown.site).toMatchObject({ name: "Env Brand", phone: "(800) 555-0199", email: "env@example.com", address: "" });
    expect(shown.trustStrip.figures).toEqual([]);
    expect(shown.site.consent).toEqual({ template: BUILT_IN_CONSENT_TEMPLATE, version: 1 });
    const history = await store().history("consent-text");
    expect(history.map((version) => [version.number, version.publishedBy])).toEqual([[1, null]]);
  });

  it("refuses a draft with each wrong field's message in words, and saves nothing", async () => {
    const refused = await store().saveDraft("site", { name: " ", phone: "call us", email: "nope", address: "" }, actor, live().defaults.site);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    if (refused.ok) return;
    expect(refused.errors).toEqual({
      name: "The brand name is required.",
      phone: "The phone number may hold only digits, spaces, ( ) . - and a leading +, at least 7.",
      email: "The e-mail address is not valid (name@example.com).",
    });
    const figures = await store().saveDraft("trust-strip", { figures: [{ figure: "1,200+", label: "Claims reviewed", source: "" }] }, actor, live().defaults["trust-strip"]);
    expect(figures.ok || figures.errors).toEqual({ "figures.0.source": "Each figure's source note is required." });
    expect(await store().drafts()).toEqual({});
  });

  it("publishes a draft as the next version, keeps every version, and rolls back by publishing a copy", async () => {
    const stampBefore = await store().stamp();
    expect((await store().saveDraft("site", site("First Brand"), actor, live().defaults.site)).ok).toBe(true);
    const draft = (await store().drafts()).site!;
    expect(draft.previewToken).toMatch(/^[\w-]{24}$/);
    expect(await store().draftByToken(draft.previewToken)).toMatchObject({ entry: "site", body: site("First Brand") });
    // Saving again keeps the preview link the operator may have shared with a colleague.
    expect((await store().saveDraft("site", site("First Brand Ltd"), actor, live().defaults.site)).ok).toBe(true);
    expect((await store().drafts()).site!.previewToken).toBe(draft.previewToken);
    // A draft is not what the site shows.
    await live().refresh();
    expect(live().current().site.name).toBe("Env Brand");

    const first = await store().publish("site", actor);
    expect(first).toMatchObject({ ok: true, value: { entry: "site", number: 1, body: site("First Brand Ltd"), publishedBy: OWNER_EMAIL } });
    expect(await store().drafts()).toEqual({});
    expect(await store().draftByToken(draft.previewToken)).toBeNull();
    expect(await store().publish("site", actor)).toMatchObject({ ok: false, status: 409, message: "There is no draft to publish: save a draft first." });
    expect(await store().stamp()).toBeGreaterThan(stampBefore);

    await store().saveDraft("site", site("Second Brand"), actor, first.ok ? first.value.body : live().defaults.site);
    expect(await store().publish("site", actor)).toMatchObject({ ok: true, value: { number: 2 } });
    await live().refresh();
    expect(live().current().site.name).toBe("Second Brand");

    expect(await store().rollback("site", 2, actor)).toMatchObject({ ok: false, status: 409, message: "Version 2 is the one published now." });
    expect(await store().rollback("site", 9, actor)).toMatchObject({ ok: false, status: 404, message: "There is no version 9 of this entry." });
    const rolledBack = await store().rollback("site", 1, actor);
    expect(rolledBack).toMatchObject({ ok: true, value: { number: 3, rolledBackFrom: 1, body: site("First Brand Ltd") } });
    await live().refresh();
    expect(live().current().site).toMatchObject(site("First Brand Ltd"));
    const history = await store().history("site");
    expect(history.map((version) => [version.number, version.body.name, version.rolledBackFrom])).toEqual([
      [3, "First Brand Ltd", 1],
      [2, "Second Brand", null],
      [1, "First Brand Ltd", null],
    ]);
    // Version ids are one site-wide sequence: the number each instance polls.
    expect(new Set(history.map((version) => version.id)).size).toBe(3);
  });

  it("records every change in the audit log with each field before and after", async () => {
    const saves = await auditOf("save-content-draft");
    expect(saves.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(saves[0]!.detail)).toEqual({
      changes: {
        name: { before: "Env Brand", after: "First Brand" },
        phone: { before: "(800) 555-0199", after: "(800) 555-0100" },
        email: { before: "env@example.com", after: "help@brand.example" },
        address: { before: "", after: "1 Main St\nAustin, TX 78701" },
      },
    });
    expect(JSON.parse(saves[1]!.detail)).toEqual({ changes: { name: { before: "First Brand", after: "First Brand Ltd" } } });
    const publishes = await auditOf("publish-content");
    expect(publishes[0]).toMatchObject({ target_type: "content", target_id: "site" });
    expect(JSON.parse(publishes[0]!.detail)).toMatchObject({ version: 1, changes: { name: { before: null, after: "First Brand Ltd" } } });
    const rollbacks = await auditOf("rollback-content");
    expect(JSON.parse(rollbacks[0]!.detail)).toEqual({ version: 3, copyOf: 1, changes: { name: { before: "Second Brand", after: "First Brand Ltd" } } });
  });

  it("discards a draft (audited) and answers when there is none", async () => {
    await store().saveDraft("home-hero", { headline: "Hurt at work?", text: "{brand} can help.", cta: "Start" }, actor, live().defaults["home-hero"]);
    expect(await store().discardDraft("home-hero", actor)).toEqual({ ok: true, value: null });
    expect(await store().discardDraft("home-hero", actor)).toMatchObject({ ok: false, status: 409, message: "There is no draft to discard." });
    expect(JSON.parse((await auditOf("discard-content-draft"))[0]!.detail).changes.headline).toEqual({ before: "Hurt at work?", after: null });
  });

  it("previews a draft for its token only, over the published content", async () => {
    const hero = { headline: "Preview headline", text: "Answer five questions.", cta: "Begin" };
    await store().saveDraft("home-hero", hero, actor, live().defaults["home-hero"]);
    const token = (await store().drafts())["home-hero"]!.previewToken;
    const preview = await live().preview(token);
    expect(preview).toMatchObject({ preview: "home-hero", homeHero: hero, site: { name: "First Brand Ltd" } });
    expect(await live().preview("x".repeat(24))).toBeNull();
    expect(live().current().homeHero.headline).toBe("Get the Compensation You Deserve");
    await store().discardDraft("home-hero", actor);
  });
});

describe("consent text versions on certificates", () => {
  const claim = claimBySlug("mva")!;
  let made = 0;
  async function submitLead() {
    made++;
    const answers = { ...answersFromValues(claim, sampleAnswers(claim)), em: `consent-${made}@example.com`, ph: `(212) 555-01${String(10 + made)}` };
    const result = await app.services.leads.submit(claim.slug, answers, { ip: "203.0.113.7", userAgent: "ContentTest/1.0", pageUrl: `${TEST_SITE_URL}${claim.routes.form}`, attribution: null });
    if (result.status !== "created" || !result.certificateUrl) throw new Error(`lead not created: ${JSON.stringify(result)}`);
    const certificateId = result.certificateUrl.split("/").at(-1)!.split("=").at(-1)!;
    return app.db.selectFrom("submission_certificates").selectAll().where("lead_id", "=", result.leadId).executeTakeFirstOrThrow().then((row) => ({ row, certificateId }));
  }

  it("records the published version and its text; a later version leaves earlier certificates as they were", async () => {
    await live().refresh();
    const first = await submitLead();
    expect(first.row.consent_content_version).toBe(1);
    expect(first.row.consent_text).toBe(BUILT_IN_CONSENT_TEMPLATE.replaceAll("{brand}", "First Brand Ltd"));

    const template = `${BUILT_IN_CONSENT_TEMPLATE} {brand} keeps a record of this consent.`;
    expect((await store().saveDraft("consent-text", { template: "Too short" }, actor, live().defaults["consent-text"])).ok || "refused").toBe("refused");
    expect((await store().saveDraft("consent-text", { template }, actor, live().defaults["consent-text"])).ok).toBe(true);
    expect(await store().publish("consent-text", actor)).toMatchObject({ ok: true, value: { number: 2 } });
    await live().refresh();
    const second = await submitLead();
    expect(second.row.consent_content_version).toBe(2);
    expect(second.row.consent_text).toBe(template.replaceAll("{brand}", "First Brand Ltd"));

    const again = await app.db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", first.row.certificate_id).executeTakeFirstOrThrow();
    expect([again.consent_content_version, again.consent_text]).toEqual([1, first.row.consent_text]);
    const view = await app.services.certificates.verify(first.row.certificate_id);
    expect(view).toMatchObject({ consentContentVersion: 1, consentText: first.row.consent_text });
    expect(await app.services.certificates.verify(second.row.certificate_id)).toMatchObject({ consentContentVersion: 2, consentText: second.row.consent_text });

    // A rollback to version 1 is version 3, with version 1's words.
    await store().rollback("consent-text", 1, actor);
    await live().refresh();
    const third = await submitLead();
    expect(third.row.consent_content_version).toBe(3);
    expect(third.row.consent_text).toBe(first.row.consent_text);
  });
});

describe("migration 2026-11-27-31", () => {
  const MIGRATION = "2026-11-27-31-site-content";
  it("goes down and up again: its tables and the certificates' column go, and version 1 comes back", async () => {
    const db = await openDatabase(loadConfig({ DATABASE_URL: await testDatabaseUrl("site_content_migration"), NODE_ENV: "test" }).database);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations).sort();
      expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1]!)).error).toBeUndefined();
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain("content_versions");
      expect(tables).not.toContain("content_drafts");
      const certificates = (await db.introspection.getTables()).find((table) => table.name === "submission_certificates")!;
      expect(certificates.columns.map((column) => column.name)).not.toContain("consent_content_version");
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      // Migration 35 imports the blog's articles as posts after it (tests/integration/blog-posts.test.ts);
      // migration 36 writes the Spanish consent text (docs/decisions/058).
      const versions = await db.selectFrom("content_versions").select(["id", "entry", "number"]).where("entry", "not like", "blog:%").orderBy("id").execute();
      expect(versions.map((row) => [row.entry, Number(row.number)])).toEqual([
        ["consent-text", 1],
        ["consent-text:es", 1],
      ]);
      expect(Number(versions[0]!.id)).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
