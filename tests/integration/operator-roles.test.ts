import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as account from "../../app/routes/admin-account";
import * as audit from "../../app/routes/admin-audit";
import * as buyer from "../../app/routes/admin-buyer";
import * as buyers from "../../app/routes/admin-buyers";
import * as buyersReport from "../../app/routes/admin-buyers-report";
import * as index from "../../app/routes/admin-index";
import * as lead from "../../app/routes/admin-lead";
import * as leads from "../../app/routes/admin-leads";
import * as operators from "../../app/routes/admin-operators";
import * as revocations from "../../app/routes/admin-revocations";
import * as setup from "../../app/routes/admin-setup";
import * as root from "../../app/root";
import type { OperatorRole } from "../../server/db/schema";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { withOperators } from "../support/operators";

// Issue 13: each role against each admin route loader and action, as a table. A role below the
// route's minimum gets 403 (a clear "you do not have access" page, or a message for an action); a
// role at or above it does not. The Express admin handlers are asked over HTTP.

let app: ConsoleRoutes;
let team: Awaited<ReturnType<typeof withOperators>>;
let leadId: string;
let deliveryId: string;
let buyerId: string;

beforeAll(async () => {
  app = await startConsole();
  team = await withOperators(app);
  await app.services.settings.saveWebhookUrl("http://127.0.0.1:9/hook");
  leadId = await app.makeLead();
  deliveryId = (await app.deliveryOf(leadId)).id;
  buyerId = (await app.db.selectFrom("buyers").select("id").executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await team?.close();
  await app?.close();
});

type Call = (cookie: string) => Promise<{ status: number }>;
const get = (path: string, cookie: string) => new Request(TEST_SITE_URL + path, { headers: { cookie } });
const post = (path: string, fields: Record<string, string>, cookie: string) => formPost(path, fields, { cookie });
const args = <P extends Record<string, string> = Record<string, never>>(request: Request, params: P = {} as P) => ({ ...routeArgs(request, app.context()), params });
/* eslint-disable @typescript-eslint/no-explicit-any -- each route's generated Args type differs only in params */
const load = (route: { loader: (a: any) => unknown }, path: string, params?: Record<string, string>): Call =>
  (cookie) => settled(Promise.resolve(route.loader(args(get(path, cookie), params))));
const act = (route: { action: (a: any) => unknown }, path: string, fields: Record<string, string>, params?: Record<string, string>): Call =>
  (cookie) => settled(Promise.resolve(route.action(args(post(path, fields, cookie), params))));
/* eslint-enable @typescript-eslint/no-explicit-any */
const http = (path: () => string): Call => async (cookie) => {
  const response = await team.fetchAs(path(), cookie);
  await response.arrayBuffer();
  return { status: response.status };
};

// Actions are asked without confirmation where they have one, so that the table changes nothing.
const TABLE: Array<[string, OperatorRole, () => Call]> = [
  ["GET /admin", "viewer", () => load(index, "/admin")],
  ["GET /admin/setup", "owner", () => load(setup, "/admin/setup")],
  ["POST /admin/setup (send test)", "owner", () => act(setup, "/admin/setup", { intent: "send-test" })],
  ["GET /admin/leads", "viewer", () => load(leads, "/admin/leads")],
  ["POST /admin/leads (re-send filtered)", "manager", () => act(leads, "/admin/leads", { intent: "resend-filtered", target: "webhook" })],
  ["GET /admin/leads/:id", "viewer", () => load(lead, `/admin/leads/${leadId}`, { leadId })],
  ["POST /admin/leads/:id (reveal)", "viewer", () => act(lead, `/admin/leads/${leadId}`, { intent: "reveal" }, { leadId })],
  ["POST /admin/leads/:id (re-send)", "manager", () => act(lead, `/admin/leads/${leadId}`, { intent: "resend", deliveryId }, { leadId })],
  ["POST /admin/leads/:id (mark spam)", "manager", () => act(lead, `/admin/leads/${leadId}`, { intent: "mark-spam" }, { leadId })],
  ["POST /admin/leads/:id (re-route)", "manager", () => act(lead, `/admin/leads/${leadId}`, { intent: "reroute", to: "next" }, { leadId })],
  ["GET /admin/leads/export.csv", "manager", () => (cookie) => app.exportResponse("", cookie).then(async (r) => (await r.arrayBuffer(), { status: r.status }))],
  ["GET /admin/leads/:id/page-as-shown", "manager", () => http(() => `/admin/leads/${leadId}/page-as-shown`)],
  ["GET /admin/buyers", "viewer", () => load(buyers, "/admin/buyers")],
  ["POST /admin/buyers (pause)", "owner", () => act(buyers, "/admin/buyers", { intent: "pause", buyerId })],
  ["POST /admin/buyers (routing)", "owner", () => act(buyers, "/admin/buyers", { intent: "routing", caseType: "nope" })],
  ["GET /admin/buyers/report", "viewer", () => load(buyersReport, "/admin/buyers/report")],
  ["GET /admin/buyers/new", "owner", () => load(buyer, "/admin/buyers/new")],
  ["POST /admin/buyers/new", "owner", () => act(buyer, "/admin/buyers/new", { name: "" })],
  ["GET /admin/buyers/:id", "viewer", () => load(buyer, `/admin/buyers/${buyerId}`, { buyerId })],
  ["POST /admin/buyers/:id (API key)", "owner", () => act(buyer, `/admin/buyers/${buyerId}`, { intent: "issue-api-key" }, { buyerId })],
  ["GET /admin/revocations", "viewer", () => load(revocations, "/admin/revocations")],
  ["GET /admin/operators", "owner", () => load(operators, "/admin/operators")],
  ["POST /admin/operators (invite)", "owner", () => act(operators, "/admin/operators", { intent: "invite", email: "not an e-mail", role: "viewer" })],
  ["POST /admin/operators (revoke invitation)", "owner", () => act(operators, "/admin/operators", { intent: "revoke-invitation", invitationId: "no-such-invitation" })],
  ["POST /admin/operators (reset link)", "owner", () => act(operators, "/admin/operators", { intent: "reset-link", operatorId: "no-such-operator" })],
  ["POST /admin/operators (reset two-step log-in)", "owner", () => act(operators, "/admin/operators", { intent: "reset-totp", operatorId: "no-such-operator" })],
  ["POST /admin/operators (require two-step log-in)", "owner", () => act(operators, "/admin/operators", { intent: "require-totp" })],
  ["GET /admin/audit", "manager", () => load(audit, "/admin/audit")],
  ["GET /admin/audit/export.csv", "owner", () => http(() => "/admin/audit/export.csv")],
  ["GET /admin/account", "viewer", () => load(account, "/admin/account")],
  ["POST /admin/account", "viewer", () => act(account, "/admin/account", { current: "wrong", password: "x" })],
  ["POST /admin/account (end a session)", "viewer", () => act(account, "/admin/account", { intent: "end-session", session: "no-such-session" })],
  ["POST /admin/account (two-step log-in code)", "viewer", () => act(account, "/admin/account", { intent: "totp-confirm", code: "000000" })],
];

const RANK: Record<OperatorRole, number> = { viewer: 0, manager: 1, owner: 2 };

describe.each(["viewer", "manager", "owner"] as const)("as a %s", (role) => {
  it.each(TABLE)("%s (minimum %s)", async (_name, minimum, call) => {
    const answer = await call()(team.cookies[role]);
    if (RANK[role] >= RANK[minimum]) {
      expect([401, 403]).not.toContain(answer.status);
      expect(answer.status).toBeLessThan(500);
    } else {
      expect(answer.status).toBe(403);
    }
  });
});

describe("without a session", () => {
  it.each(TABLE)("%s answers 401 or goes to the login page", async (_name, _minimum, call) => {
    const answer = await call()("admin_session=forged.AAAA");
    expect([302, 303, 401]).toContain(answer.status);
  });
});

describe("what each role is shown", () => {
  it("a viewer gets the contact details masked from the server, and Reveal shows them and is recorded", async () => {
    const view = await settled(lead.loader(args(get(`/admin/leads/${leadId}`, team.cookies.viewer), { leadId })));
    const body = JSON.stringify(view.data);
    const real = await app.db.selectFrom("leads").select(["em", "ph", "fn", "ln", "user_ip"]).where("id", "=", leadId).executeTakeFirstOrThrow();
    for (const value of [real.em!, real.ph!, real.ln!, real.user_ip!]) expect(body).not.toContain(value);
    expect(view.data).toMatchObject({ lead: { masked: true }, can: { resend: false, spam: false, pageAsShown: false } });

    const revealed = await settled(lead.action(args(post(`/admin/leads/${leadId}`, { intent: "reveal" }, team.cookies.viewer), { leadId })));
    expect(revealed.data).toMatchObject({ revealed: { email: real.em, phone: real.ph, ip: real.user_ip } });
    const entry = await app.db.selectFrom("audit_log").selectAll().where("action", "=", "reveal-lead-contact").orderBy("at", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ operator_email: "viewer@claims.example", target_type: "lead", target_id: leadId });
  });

  it("the lead list masks names for a viewer only", async () => {
    const real = await app.db.selectFrom("leads").select(["fn", "ln"]).where("id", "=", leadId).executeTakeFirstOrThrow();
    const fullName = `${real.fn} ${real.ln}`;
    const nameIn = async (cookie: string) => JSON.stringify((await settled(leads.loader(args(get("/admin/leads", cookie))))).data);
    expect(await nameIn(team.cookies.viewer)).not.toContain(fullName);
    expect(await nameIn(team.cookies.manager)).toContain(fullName);
  });

  it("the buttons a role cannot use are not offered", async () => {
    const leadsView = async (cookie: string) => (await settled(leads.loader(args(get("/admin/leads", cookie))))).data as { canResend: boolean; canExport: boolean };
    expect(await leadsView(team.cookies.viewer)).toMatchObject({ canResend: false, canExport: false });
    expect(await leadsView(team.cookies.manager)).toMatchObject({ canResend: true, canExport: true });
    const buyersView = async (cookie: string) => (await settled(buyers.loader(args(get("/admin/buyers", cookie))))).data as { canChange: boolean };
    expect((await buyersView(team.cookies.manager)).canChange).toBe(false);
    expect((await buyersView(team.cookies.owner)).canChange).toBe(true);
  });

  it("the admin header offers only the pages a role may open; visitors' pages ask nothing", async () => {
    const navFor = async (path: string, cookie: string) => (await root.loader(args(get(path, cookie)))).adminNav;
    expect(await navFor("/admin/leads", team.cookies.viewer)).toEqual({ setup: false, audit: false, operators: false, checks: false, suppression: false, spend: false, visitorMail: false, claims: false });
    expect(await navFor("/admin", team.cookies.manager)).toEqual({ setup: false, audit: true, operators: false, checks: true, suppression: true, spend: true, visitorMail: true, claims: true });
    expect(await navFor("/admin/buyers", team.cookies.owner)).toEqual({ setup: true, audit: true, operators: true, checks: true, suppression: true, spend: true, visitorMail: true, claims: true });
    expect(await navFor("/admin/leads", "admin_session=forged.cookie")).toBeNull();
    expect(await navFor("/mva-claim", team.cookies.owner)).toBeNull();
  });

  it("a forbidden action says why", async () => {
    const answer = await settled(lead.action(args(post(`/admin/leads/${leadId}`, { intent: "mark-spam", confirmed: "yes" }, team.cookies.viewer), { leadId })));
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ error: expect.stringContaining("You do not have access") });
    expect((await app.db.selectFrom("leads").select("is_spam").where("id", "=", leadId).executeTakeFirstOrThrow()).is_spam).toBe(0);
  });
});
