import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as account from "../../app/routes/admin-account";
import * as audit from "../../app/routes/admin-audit";
import * as buyer from "../../app/routes/admin-buyer";
import * as buyers from "../../app/routes/admin-buyers";
import * as invitation from "../../app/routes/admin-invitation";
import * as lead from "../../app/routes/admin-lead";
import * as login from "../../app/routes/admin-login";
import * as logout from "../../app/routes/admin-logout";
import * as operators from "../../app/routes/admin-operators";
import * as setup from "../../app/routes/admin-setup";
import type { ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { consoleWithOperators, type Operators, EMAIL_OF, OPERATOR_PASSWORD_OF, tokenOf } from "../support/operators";
import { TEST_SECRETS_KEY } from "../support/routing-fixtures";
import { parse } from "csv-parse/sync";

// Issue 13: an audit entry for every operator action listed, made through the routes as operators
// use them; /admin/audit's filters and keyset pages; the owners' CSV; and a log no route can change,
// which the database itself refuses to update or delete on both engines.

let app: ConsoleRoutes;
let team: Operators;
let leadId: string;

consoleWithOperators((running) => ({ app, operators: team } = running), { SECRETS_KEY: TEST_SECRETS_KEY });
beforeAll(async () => {
  await app.services.settings.saveWebhookUrl("http://127.0.0.1:9/hook");
  leadId = await app.makeLead();
});

const get = (path: string, cookie: string) => new Request(TEST_SITE_URL + path, { headers: { cookie } });
const post = (path: string, fields: Record<string, string | string[]>, cookie: string) => formPost(path, fields, { cookie });
const args = <P extends Record<string, string> = Record<string, never>>(request: Request, params: P = {} as P, ip = "203.0.113.7") => ({ ...routeArgs(request, app.context({ ip })), params });

/** The newest entry of an action, after checking there is one. */
async function latest(action: string) {
  const row = await app.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("at", "desc").orderBy("id", "desc").executeTakeFirst();
  expect(row, `an audit entry for ${action}`).toBeDefined();
  return { ...row!, detail: JSON.parse(row!.detail) as Record<string, unknown> };
}

describe("every operator action is recorded with who, when, from where and on what", () => {
  it("log-in and log-out; a failed log-in is counted per address and window (no e-mail, no password), not logged", async () => {
    const ok = await settled(login.action(args(post("/admin/login", { email: EMAIL_OF.manager, password: OPERATOR_PASSWORD_OF.manager }, ""), {}, "198.51.100.20")));
    expect(ok.status).toBe(302);
    expect(await latest("login")).toMatchObject({ operator_email: EMAIL_OF.manager, ip: "198.51.100.20", target_type: "operator" });

    await settled(login.action(args(post("/admin/login", { email: "Someone@Else.example", password: "the secret guess" }, ""), {}, "198.51.100.21")));
    const auditRows = await app.db.selectFrom("audit_log").selectAll().where("ip", "=", "198.51.100.21").execute();
    expect(auditRows).toEqual([]);
    await settled(login.action(args(post("/admin/login", { email: "Someone@Else.example", password: "another guess" }, ""), {}, "198.51.100.21")));
    const counted = await app.db.selectFrom("audit_event_counts").selectAll().where("ip", "=", "198.51.100.21").execute();
    expect(counted).toMatchObject([{ action: "login-failed", count: 2 }]);
    expect(JSON.stringify(counted)).not.toMatch(/guess|someone/);

    const cookie = ok.headers.get("set-cookie")!.split(";")[0]!;
    await settled(logout.action(args(post("/admin/logout", {}, cookie), {}, "198.51.100.20")));
    expect(await latest("logout")).toMatchObject({ operator_email: EMAIL_OF.manager, ip: "198.51.100.20" });
  });

  it("viewing a lead's contact details: opening it as owner or manager, a viewer's Reveal", async () => {
    await settled(lead.loader(args(get(`/admin/leads/${leadId}`, team.cookies.manager), { leadId })));
    expect(await latest("view-lead-contact")).toMatchObject({ operator_email: EMAIL_OF.manager, target_type: "lead", target_id: leadId, ip: "203.0.113.7" });
    const before = await app.db.selectFrom("audit_log").select(sql<number>`count(*)`.as("n")).where("action", "=", "view-lead-contact").executeTakeFirstOrThrow();
    await settled(lead.loader(args(get(`/admin/leads/${leadId}`, team.cookies.viewer), { leadId })));
    const after = await app.db.selectFrom("audit_log").select(sql<number>`count(*)`.as("n")).where("action", "=", "view-lead-contact").executeTakeFirstOrThrow();
    // A viewer sees masked details: nothing viewed, nothing recorded, until Reveal.
    expect(Number(after.n)).toBe(Number(before.n));
    await settled(lead.action(args(post(`/admin/leads/${leadId}`, { intent: "reveal" }, team.cookies.viewer), { leadId })));
    expect(await latest("reveal-lead-contact")).toMatchObject({ operator_email: EMAIL_OF.viewer, target_id: leadId });
  });

  it("re-sends and spam marks, on the lead page", async () => {
    const { id: deliveryId } = await app.deliveryOf(leadId);
    await settled(lead.action(args(post(`/admin/leads/${leadId}`, { intent: "resend", deliveryId, confirmed: "yes" }, team.cookies.manager), { leadId })));
    expect(await latest("resend-delivery")).toMatchObject({ operator_email: EMAIL_OF.manager, target_type: "lead", target_id: leadId, detail: { deliveryId } });
    await settled(lead.action(args(post(`/admin/leads/${leadId}`, { intent: "mark-spam", confirmed: "yes" }, team.cookies.manager), { leadId })));
    expect(await latest("mark-spam")).toMatchObject({ target_id: leadId });
    await settled(lead.action(args(post(`/admin/leads/${leadId}`, { intent: "mark-not-spam", confirmed: "yes" }, team.cookies.owner), { leadId })));
    expect(await latest("mark-not-spam")).toMatchObject({ operator_email: EMAIL_OF.owner, target_id: leadId });
  });

  it("exports, with the filter and the row count", async () => {
    const response = await app.exportResponse("?claim=MVA", team.cookies.manager);
    const rows = parse(Buffer.from(await response.arrayBuffer()), { bom: true }).length - 1;
    await expect.poll(async () => (await latest("export-csv")).detail.stage).toBe("finished");
    expect(await latest("export-csv")).toMatchObject({ operator_email: EMAIL_OF.manager, detail: { filter: "claim=MVA", rows } });
  });

  it("settings changes and secret rotation on /admin/setup", async () => {
    await settled(setup.action(args(post("/admin/setup", { intent: "save-webhook", url: "https://hooks.example/in" }, team.cookies.owner))));
    expect(await latest("save-webhook")).toMatchObject({ target_type: "setting", target_id: "webhook_url", detail: { url: "https://hooks.example/in" } });
    await settled(setup.action(args(post("/admin/setup", { intent: "rotate-secret" }, team.cookies.owner))));
    expect(await latest("rotate-webhook-secret")).toMatchObject({ operator_email: EMAIL_OF.owner, target_id: "webhook_secret" });
    // The secret itself is never in the log.
    const secret = await app.services.settings.webhookSecret();
    const all = await app.db.selectFrom("audit_log").select("detail").execute();
    expect(JSON.stringify(all)).not.toContain(secret);
  });

  it("buyer changes: create, edit, pause, API key issue and revoke, and routing mode", async () => {
    const form = {
      intent: "save", name: "Audit Law", active: "on", price: "45", delivery: "post-form", url: "https://audit-law.example/leads",
      credentialHeader: "X-Api-Key", credentials: "sk-audit-secret-1234", fieldName: ["first_name", "", ""], fieldTemplate: ["{fn}", "", ""],
      conditionField: ["", "", ""], conditionEquals: ["", "", ""], conditionMeans: ["accepted", "accepted", "accepted"], conditionReason: ["", "", ""],
      perDay: "25", perMonth: "500", timeZone: "America/Chicago", schedule: "always", priority: "10", weight: "1",
    };
    const created = await settled(buyer.action(args(post("/admin/buyers/new", form, team.cookies.owner))));
    expect(created.status, JSON.stringify(created.data)).toBe(302);
    const buyerId = new URL(created.headers.get("location")!, TEST_SITE_URL).searchParams.get("saved")!;
    expect(await latest("create-buyer")).toMatchObject({ target_type: "buyer", target_id: buyerId, detail: { name: "Audit Law" } });
    await settled(buyer.action(args(post(`/admin/buyers/${buyerId}`, { ...form, name: "Audit Law LLP" }, team.cookies.owner), { buyerId })));
    expect(await latest("update-buyer")).toMatchObject({ target_id: buyerId, detail: { name: "Audit Law LLP" } });
    await settled(buyers.action(args(post("/admin/buyers", { intent: "pause", buyerId, confirmed: "yes" }, team.cookies.owner))));
    expect(await latest("pause-buyer")).toMatchObject({ target_id: buyerId });
    await settled(buyer.action(args(post(`/admin/buyers/${buyerId}`, { intent: "issue-api-key", confirmed: "yes" }, team.cookies.owner), { buyerId })));
    expect(await latest("issue-buyer-api-key")).toMatchObject({ target_id: buyerId });
    await settled(buyer.action(args(post(`/admin/buyers/${buyerId}`, { intent: "revoke-api-key", confirmed: "yes" }, team.cookies.owner), { buyerId })));
    expect(await latest("revoke-buyer-api-key")).toMatchObject({ target_id: buyerId });
    await settled(buyers.action(args(post("/admin/buyers", { intent: "routing", caseType: "MVA", mode: "shared", maxBuyers: "2" }, team.cookies.owner))));
    expect(await latest("save-routing-mode")).toMatchObject({ target_type: "setting", target_id: "routing:MVA", detail: { caseType: "MVA", mode: "shared" } });
    const all = await app.db.selectFrom("audit_log").select("detail").execute();
    expect(JSON.stringify(all)).not.toContain("sk-audit-secret-1234");
  });

  it("operator changes: invite, accept, role change, disable, enable, password change", async () => {
    const invited = await settled(operators.action(args(post("/admin/operators", { intent: "invite", email: "audited@claims.example", role: "viewer" }, team.cookies.owner))));
    const link = (invited.data as { invitation: { link: string } }).invitation.link;
    const invite = await latest("invite-operator");
    expect(invite).toMatchObject({ operator_email: EMAIL_OF.owner, target_type: "operator", detail: { email: "audited@claims.example", role: "viewer" } });
    // The token is not in the log.
    expect(JSON.stringify(invite)).not.toContain(tokenOf(link));

    const accepted = await settled(invitation.action(args(post(`/admin/invitation/x`, { name: "Audited", password: "audited long password" }, ""), { token: tokenOf(link) }, "198.51.100.40")));
    expect(accepted.status).toBe(302);
    const { id } = await app.db.selectFrom("operators").select("id").where("email", "=", "audited@claims.example").executeTakeFirstOrThrow();
    expect(await latest("accept-invitation")).toMatchObject({ operator_id: id, ip: "198.51.100.40", target_id: id });

    await settled(operators.action(args(post("/admin/operators", { intent: "role", operatorId: id, role: "manager" }, team.cookies.owner))));
    expect(await latest("change-operator-role")).toMatchObject({ target_id: id, detail: { from: "viewer", to: "manager" } });
    await settled(operators.action(args(post("/admin/operators", { intent: "disable", operatorId: id }, team.cookies.owner))));
    expect(await latest("disable-operator")).toMatchObject({ target_id: id });
    await settled(operators.action(args(post("/admin/operators", { intent: "enable", operatorId: id }, team.cookies.owner))));
    expect(await latest("enable-operator")).toMatchObject({ target_id: id });

    const signedIn = await app.admin.login("audited@claims.example", "audited long password", "198.51.100.41");
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = signedIn.setCookie.split(";")[0]!;
    await settled(account.action(args(post("/admin/account", { current: "audited long password", password: "a newer long password" }, cookie))));
    const changed = await latest("change-password");
    expect(changed).toMatchObject({ operator_id: id, target_id: id });
    expect(JSON.stringify(changed)).not.toContain("newer long password");
  });
});

describe("/admin/audit", () => {
  it("lists entries newest first, filtered by operator, action, lead and dates, a page at a time", async () => {
    const page = async (query: string, cookie = team.cookies.owner) => (await settled(audit.loader(args(get(`/admin/audit${query}`, cookie))))) as { status: number; data: AuditView };
    type AuditView = { ok: boolean; entries: Array<{ at: string; action: string; operatorId: string | null; targetId: string | null }>; olderHref: string | null; newerHref: string | null; errors?: Record<string, string> };
    const all = (await page("")).data;
    expect(all.entries.length).toBeGreaterThan(0);
    expect([...all.entries].sort((a, b) => b.at.localeCompare(a.at))).toEqual(all.entries);

    const byLead = (await page(`?lead=${leadId}`)).data;
    expect(byLead.entries.length).toBeGreaterThan(0);
    expect(byLead.entries.every((e) => e.targetId === leadId)).toBe(true);
    const byAction = (await page("?action=login")).data;
    expect(byAction.entries.every((e) => e.action === "login")).toBe(true);
    const manager = await app.db.selectFrom("operators").select("id").where("email", "=", EMAIL_OF.manager).executeTakeFirstOrThrow();
    const byOperator = (await page(`?operator=${manager.id}`)).data;
    expect(byOperator.entries.length).toBeGreaterThan(0);
    expect(byOperator.entries.every((e) => e.operatorId === manager.id)).toBe(true);
    expect((await page("?from=2001-01-01&to=2001-01-02")).data.entries).toEqual([]);

    // Keyset pages: more than a page of entries, each once, in order.
    for (let i = 0; i < 60; i++) await app.admin.audit.record(team.owner, { action: "rotate-webhook-secret", target: { type: "setting", id: `page-${i}` } });
    const first = (await page("?action=rotate-webhook-secret")).data;
    expect(first.entries).toHaveLength(50);
    const second = (await page(first.olderHref!)).data;
    const ids = [...first.entries, ...second.entries].map((e) => e.targetId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.newerHref).not.toBeNull();

    const bad = await page("?action=drop-table&from=yesterday");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.errors!)).toEqual(["action", "from"]);
  });

  it("owners export the filtered log as CSV with formula-like text neutralised; the export is recorded", async () => {
    await app.admin.audit.record(team.owner, { action: "save-webhook", target: { type: "setting", id: "webhook_url" }, detail: { url: "=HYPERLINK(\"http://evil\")" } });
    const response = await team.fetchAs("/admin/audit/export.csv?action=save-webhook", team.cookies.owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const records: string[][] = parse(Buffer.from(await response.arrayBuffer()), { bom: true });
    expect(records[0]).toEqual(["at", "at_local", "operator_email", "operator_id", "ip", "action", "target_type", "target_id", "detail"]);
    expect(records.slice(1).every((r) => r[5] === "save-webhook")).toBe(true);
    expect(records[1]![8]!.startsWith("'") || !records[1]![8]!.startsWith("=")).toBe(true);
    await expect.poll(async () => (await latest("export-audit-csv")).detail.stage).toBe("finished");
    expect((await latest("export-audit-csv")).detail).toMatchObject({ filter: "action=save-webhook", rows: records.length - 1 });
    expect((await team.fetchAs("/admin/audit/export.csv?action=nope", team.cookies.owner)).status).toBe(400);
  });
});

describe("the log is append-only", () => {
  it("has no route that changes it: /admin/audit has no action", () => {
    expect(audit).not.toHaveProperty("action");
  });

  it("the database refuses UPDATE, DELETE (and on PostgreSQL TRUNCATE) of audit entries", async () => {
    const before = await app.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(app.db.updateTable("audit_log").set({ action: "nothing" }).execute()).rejects.toThrow(/append-only/);
    await expect(app.db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where id = ${before[0]!.id}`.execute(app.db)).rejects.toThrow(/append-only/);
    if (app.config.database.engine === "postgres") await expect(sql`truncate audit_log`.execute(app.db)).rejects.toThrow(/append-only/);
    expect(await app.db.selectFrom("audit_log").selectAll().orderBy("id").execute()).toEqual(before);
  });
});
