import http from "node:http";
import { parse } from "csv-parse/sync";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as leadAction, loader as leadLoader } from "../../app/routes/buyer-lead";
import { loader as leadsLoader } from "../../app/routes/buyer-leads";
import { loader as leadsCsvLoader } from "../../app/routes/buyer-leads-csv";
import { action as loginAction } from "../../app/routes/buyer-login";
import { action as accountAction, loader as accountLoader } from "../../app/routes/buyer-account";
import { loader as statementLoader } from "../../app/routes/buyer-statement";
import { loader as statementCsvLoader } from "../../app/routes/buyer-statement-csv";
import { loader as statementsLoader } from "../../app/routes/buyer-statements";
import { loader as adminLeadLoader } from "../../app/routes/admin-lead";
import { loader as adminStatementLoader } from "../../app/routes/admin-statement";
import { BUYER_MAX_FAILURES_PER_WINDOW, BUYER_SESSION_IDLE_MS, createBuyerAuth } from "../../server/buyer-portal/buyer-auth";
import { createApp } from "../../server/http/app";
import { recordSale } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";
import { answerOf, formPost, OWNER_EMAIL, routeArgs, settled, startRouteServices, TEST_SITE_URL } from "../support/load-context";
import { buyerInput, insertLead } from "../support/routing-fixtures";

// Issue 24, item 6: buyer portal accounts apart from operators, and a buyer that never sees another
// buyer's leads, returns or statements, whatever the URL. The IDOR probes are hand-made requests with
// buyer A's session and A's API key against buyer B's lead, return and statement, through every portal
// route and the returns API: each answers exactly as for an id that does not exist.

const PASSWORD = "a buyer's long password";
let routes: Awaited<ReturnType<typeof startRouteServices>>;
let api: http.Server;
let apiUrl: string;
const A = { id: "", cookie: "", key: "", leads: [] as string[], userId: "" };
const B = { id: "", cookie: "", key: "", leads: [] as string[], statementId: "" };
const owner = { operatorId: "op", email: OWNER_EMAIL, ip: "192.0.2.1" };

let ipCount = 0;
const visitor = () => ({ ip: `198.51.100.${++ipCount}` });
const get = (path: string, cookie: string) => new Request(TEST_SITE_URL + path, { headers: { cookie } });
const args = (request: Request, params: Record<string, string> = {}) => ({ ...routeArgs(request, routes.context(visitor())), params }) as never;

async function buyerWithUser(name: string, email: string, leads: [string, string, string][]) {
  const created = await routes.services.buyers.create(buyerInput(name, { timeZone: "UTC" }));
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  const id = created.buyer.id;
  await routes.services.returns.saveTerms(owner, id, { windowDays: 7, capPercent: 100, resell: false });
  for (const [leadId, first, last] of leads) {
    const at = new Date();
    await insertLead(routes.db, leadId, { createdAt: at.toISOString() });
    await routes.db.updateTable("leads").set({ fn: first, ln: last, em: `${first.toLowerCase()}@example.com`, ph: "4155550134", ln_search: last.toLowerCase() }).where("id", "=", leadId).execute();
    await recordSale(routes.db, { leadId, buyerId: id, deliveryId: `delivery-${leadId}`, caseType: "MVA", leadState: "TX", leadSource: FIRST_PARTY_SOURCE, amountCents: 4500, priceSource: "fixed", at });
  }
  const invited = await routes.buyerAuth.invite(owner, id, email);
  if (!invited.ok) throw new Error(invited.message);
  const accepted = await routes.buyerAuth.accept(invited.link.split("/").at(-1)!, `${name} staff`, PASSWORD, "192.0.2.5");
  if (!accepted.ok) throw new Error(accepted.message);
  const login = await routes.buyerAuth.login(email, PASSWORD, "192.0.2.6");
  if (!login.ok) throw new Error(login.message);
  const key = (await routes.services.buyers.issueApiKey(id))!;
  return { id, cookie: login.setCookie.split(";")[0]!, key, leads: leads.map(([leadId]) => leadId) };
}

beforeAll(async () => {
  routes = await startRouteServices();
  Object.assign(A, await buyerWithUser("Alpha Law", "staff@alpha.example", [["lead-a1", "Ana", "Alvarez"], ["lead-a2", "Ben", "Brooks"], ["lead-a3", "Cara", "Cole"]]));
  Object.assign(B, await buyerWithUser("Beta Law", "staff@beta.example", [["lead-b1", "Dan", "Drake"], ["lead-b2", "Eve", "Evans"]]));
  A.userId = (await routes.db.selectFrom("buyer_users").select("id").where("email", "=", "staff@alpha.example").executeTakeFirstOrThrow()).id;
  // B has returned a lead and has a statement: what A must never reach.
  const returned = await routes.services.returns.request({ buyerId: B.id, leadId: "lead-b2", reason: "duplicate", channel: "portal", actor: { audit: owner, tag: "buyer-user:b" } });
  if (!returned.ok) throw new Error(returned.message);
  const issued = await routes.services.statements.issue(B.id, new Date().toISOString().slice(0, 7), { audit: owner, tag: "operator:op" });
  if (!issued.ok) throw new Error(issued.message);
  B.statementId = issued.statement.id;
  api = http.createServer(createApp({ config: routes.config, logger: routes.logger, db: routes.db, ...routes.services }));
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => api?.close(() => resolve()));
  await routes?.close();
});

describe("buyer portal accounts", () => {
  it("logs a buyer user in with its own cookie, only for /buyer, and never as an operator", async () => {
    const answer = answerOf(await loginAction(args(formPost("/buyer/login", { email: "STAFF@alpha.example", password: PASSWORD, next: "/buyer/statements" }))));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/buyer/statements");
    expect(answer.headers.get("set-cookie")).toMatch(/^__Secure-buyer_session=[\w-]+\.[\w-]+; Path=\/buyer; HttpOnly; SameSite=Strict; Secure$/);
    const cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
    expect(await routes.buyerAuth.session(cookie)).toMatchObject({ user: { buyerId: A.id, email: "staff@alpha.example" } });
    // The buyer's session opens no operator page, and an operator's opens no portal page.
    expect(await routes.admin.session(cookie)).toBeNull();
    const adminPage = await settled(adminLeadLoader(args(get("/admin/leads/lead-a1", cookie), { leadId: "lead-a1" })));
    expect(adminPage.status).toBe(302);
    expect(adminPage.headers.get("location")).toMatch(/^\/admin\/login/);
  });

  it("sends only to portal pages after login, answers an unknown e-mail as a wrong password, and throttles guesses", async () => {
    for (const next of ["https://evil.example/buyer/leads", "//evil.example", "/admin", "/buyer/../admin"]) {
      const answer = answerOf(await loginAction(args(formPost("/buyer/login", { email: "staff@alpha.example", password: PASSWORD, next }))));
      expect(answer.headers.get("location"), next).toBe("/buyer/leads");
    }
    const context = routes.context(visitor());
    const attempt = (email: string, password: string) => loginAction({ ...routeArgs(formPost("/buyer/login", { email, password }), context), params: {} } as never).then(answerOf);
    const unknown = await attempt("nobody@alpha.example", "guess guess guess");
    const wrong = await attempt("staff@alpha.example", "guess guess guess");
    expect(unknown).toMatchObject({ status: 401 });
    expect(unknown.data).toEqual({ ...(wrong.data as object), email: "nobody@alpha.example" });
    for (let i = 2; i < BUYER_MAX_FAILURES_PER_WINDOW; i++) expect((await attempt("staff@alpha.example", "guess")).status).toBe(401);
    expect((await attempt("staff@alpha.example", PASSWORD)).status).toBe(429);
    const audit = await routes.db.selectFrom("audit_log").select("action").where("action", "in", ["buyer-login", "buyer-login-failed"]).execute();
    expect(audit.some((a) => a.action === "buyer-login")).toBe(true);
    expect(audit.map((a) => a.action)).not.toContain("buyer-login-failed");
    // Failed guesses are counted per address and window (issue 25), not written one audit entry each.
    const counted = await routes.db.selectFrom("audit_event_counts").select(["count"]).where("action", "=", "buyer-login-failed").execute();
    expect(counted.reduce((sum, row) => sum + Number(row.count), 0)).toBeGreaterThanOrEqual(BUYER_MAX_FAILURES_PER_WINDOW);
  });

  it("ends a session idle too long, and every session of a disabled user", async () => {
    let clock = new Date();
    const auth = await createBuyerAuth({ db: routes.db, settings: routes.services.settings, config: routes.config, logger: routes.logger, now: () => clock });
    const login = await auth.login("staff@alpha.example", PASSWORD, "192.0.2.50");
    if (!login.ok) throw new Error(login.message);
    const cookie = login.setCookie.split(";")[0]!;
    expect(await auth.session(cookie)).not.toBeNull();
    clock = new Date(clock.getTime() + BUYER_SESSION_IDLE_MS + 1000);
    expect(await auth.session(cookie)).toBeNull();

    const second = await routes.buyerAuth.login("staff@alpha.example", PASSWORD, "192.0.2.51");
    if (!second.ok) throw new Error(second.message);
    expect(await routes.buyerAuth.setDisabled(owner, B.id, A.userId, true)).toBe(false);
    expect(await routes.buyerAuth.setDisabled(owner, A.id, A.userId, true)).toBe(true);
    expect(await routes.buyerAuth.session(second.setCookie.split(";")[0]!)).toBeNull();
    expect(await routes.buyerAuth.setDisabled(owner, A.id, A.userId, false)).toBe(true);
    const again = await routes.buyerAuth.login("staff@alpha.example", PASSWORD, "192.0.2.52");
    if (!again.ok) throw new Error(again.message);
    A.cookie = again.setCookie.split(";")[0]!;
  });

  it("uses an invitation once", async () => {
    const invited = await routes.buyerAuth.invite(owner, A.id, "second@alpha.example");
    if (!invited.ok) throw new Error(invited.message);
    const token = invited.link.split("/").at(-1)!;
    expect(invited.link).toBe(`${TEST_SITE_URL}/buyer/invitation/${token}`);
    expect(await routes.buyerAuth.accept(token, "Second", "short", null)).toMatchObject({ ok: false, field: "password" });
    expect(await routes.buyerAuth.accept(token, "Second", PASSWORD, null)).toMatchObject({ ok: true });
    expect(await routes.buyerAuth.accept(token, "Again", PASSWORD, null)).toMatchObject({ ok: false });
  });
});

describe("the portal shows a buyer only what it bought", () => {
  it("lists and searches its own leads, and exports them as CSV", async () => {
    const list = answerOf(await leadsLoader(args(get("/buyer/leads", A.cookie))));
    const listed = (list.data as { rows: { leadId: string }[]; total: number }).rows.map((r) => r.leadId).sort();
    expect(listed).toEqual(["lead-a1", "lead-a2", "lead-a3"]);
    const search = answerOf(await leadsLoader(args(get("/buyer/leads?q=brooks", A.cookie))));
    expect((search.data as { rows: { leadId: string }[] }).rows.map((r) => r.leadId)).toEqual(["lead-a2"]);
    // B's lead, by its id or its name, is not found in A's list.
    for (const q of ["lead-b1", "drake"]) {
      expect((answerOf(await leadsLoader(args(get(`/buyer/leads?q=${q}`, A.cookie)))).data as { total: number }).total).toBe(0);
    }
    const csv = (await leadsCsvLoader(args(get("/buyer/leads.csv", A.cookie)))) as Response;
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.trim().split("\n")).toHaveLength(4);
    expect(text).toContain('"lead-a1"');
    expect(text).not.toContain("lead-b");
  });

  it("exports each lead's language in the CSV's last column, and only the list's language when it is filtered", async () => {
    await routes.db.updateTable("leads").set({ language: "es" }).where("id", "=", "lead-a2").execute();
    const exported = async (path: string) => {
      const [header, ...rows] = parse(await ((await leadsCsvLoader(args(get(path, A.cookie)))) as Response).text()) as string[][];
      return { header: header!, languages: Object.fromEntries(rows.map((row) => [row[0], row.at(-1)])) };
    };
    const all = await exported("/buyer/leads.csv");
    expect(all.header.slice(-2)).toEqual(["return_status", "language"]);
    expect(all.languages).toEqual({ "lead-a1": "en", "lead-a2": "es", "lead-a3": "en" });
    expect((await exported("/buyer/leads.csv?language=es")).languages).toEqual({ "lead-a2": "es" });
    expect((await exported("/buyer/leads.csv?language=en&q=alvarez")).languages).toEqual({ "lead-a1": "en" });
    // An unknown language is no filter, as on the list.
    expect(Object.keys((await exported("/buyer/leads.csv?language=fr")).languages)).toHaveLength(3);
  });

  it("opens its own lead with the contact details it paid for and the certificate link", async () => {
    const answer = answerOf(await leadLoader(args(get("/buyer/leads/lead-a1", A.cookie), { leadId: "lead-a1" })));
    expect(answer.data).toMatchObject({ lead: { leadId: "lead-a1", firstName: "Ana", lastName: "Alvarez", email: "ana@example.com", phone: "4155550134", amountCents: 4500, returnOpen: true } });
  });

  it("sends a visitor without a session to the login page, and answers 401 to its data and actions", async () => {
    const page = await settled(leadsLoader(args(new Request(`${TEST_SITE_URL}/buyer/leads?q=x`))));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/buyer/login?next=${encodeURIComponent("/buyer/leads?q=x")}`);
    expect((await settled(leadsCsvLoader(args(new Request(`${TEST_SITE_URL}/buyer/leads.csv`))))).status).toBe(401);
    expect((await settled(leadAction(args(formPost("/buyer/leads/lead-a1", { reason: "duplicate" }), { leadId: "lead-a1" })))).status).toBe(401);
  });
});

describe("IDOR probes: buyer A's session and key against buyer B", () => {
  /** Status and body of a route's answer, thrown or returned. */
  async function outcome(result: Promise<unknown>) {
    const answer = await settled(result);
    return { status: answer.status, data: answer.data };
  }

  it("answers B's lead exactly as an unknown lead, on the page and its return action", async () => {
    const theirs = await outcome(leadLoader(args(get("/buyer/leads/lead-b1", A.cookie), { leadId: "lead-b1" })));
    const unknown = await outcome(leadLoader(args(get("/buyer/leads/no-such-lead", A.cookie), { leadId: "no-such-lead" })));
    expect(theirs).toEqual(unknown);
    expect(theirs.status).toBe(404);

    const returnTheirs = await outcome(leadAction(args(formPost("/buyer/leads/lead-b1", { reason: "duplicate" }, { cookie: A.cookie }), { leadId: "lead-b1" })));
    const returnUnknown = await outcome(leadAction(args(formPost("/buyer/leads/no-such-lead", { reason: "duplicate" }, { cookie: A.cookie }), { leadId: "no-such-lead" })));
    expect(returnTheirs).toEqual(returnUnknown);
    expect(returnTheirs.status).toBe(404);
    // B's returned lead too: A cannot see B's return.
    expect(await outcome(leadLoader(args(get("/buyer/leads/lead-b2", A.cookie), { leadId: "lead-b2" })))).toEqual(unknown);
    expect(await routes.db.selectFrom("lead_returns").select("id").where("lead_id", "=", "lead-b1").execute()).toEqual([]);
  });

  it("answers B's statement exactly as an unknown statement, as a page and as CSV, and lists none of B's", async () => {
    const theirs = await outcome(statementLoader(args(get(`/buyer/statements/${B.statementId}`, A.cookie), { statementId: B.statementId })));
    const unknown = await outcome(statementLoader(args(get("/buyer/statements/00000000-0000-4000-8000-000000000000", A.cookie), { statementId: "00000000-0000-4000-8000-000000000000" })));
    expect(theirs).toEqual(unknown);
    expect(theirs.status).toBe(404);
    const csvTheirs = await outcome(statementCsvLoader(args(get(`/buyer/statements/${B.statementId}/csv`, A.cookie), { statementId: B.statementId })));
    const csvUnknown = await outcome(statementCsvLoader(args(get("/buyer/statements/x/csv", A.cookie), { statementId: "x" })));
    expect(csvTheirs).toEqual(csvUnknown);
    const list = answerOf(await statementsLoader(args(get("/buyer/statements", A.cookie))));
    expect((list.data as { statements: unknown[] }).statements).toEqual([]);
    // The operator's statement page is no way round: a buyer's session is no operator's.
    const adminPage = await settled(adminStatementLoader(args(get(`/admin/statements/${B.statementId}`, A.cookie), { statementId: B.statementId })));
    expect(adminPage.status).toBe(302);
    expect(adminPage.headers.get("location")).toMatch(/^\/admin\/login/);
    // B sees its own.
    const own = answerOf(await statementLoader(args(get(`/buyer/statements/${B.statementId}`, B.cookie), { statementId: B.statementId })));
    expect(own.status).toBe(200);
  });

  it("answers A's API key on B's lead exactly as on an unknown lead, and returns A's own", async () => {
    const post = (body: unknown, key: string) =>
      fetch(`${apiUrl}/api/returns`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
    const answer = async (response: Response) => ({ status: response.status, body: await response.text() });
    const theirs = await answer(await post({ leadId: "lead-b1", reason: "duplicate" }, A.key));
    const returned = await answer(await post({ leadId: "lead-b2", reason: "duplicate" }, A.key));
    const unknown = await answer(await post({ leadId: "no-such-lead", reason: "duplicate" }, A.key));
    expect(theirs).toEqual(unknown);
    expect(returned).toEqual(unknown);
    expect(theirs.status).toBe(404);
    expect(await routes.db.selectFrom("lead_returns").select("id").where("lead_id", "=", "lead-b1").execute()).toEqual([]);

    // No key, a bad key, a bad body.
    expect((await fetch(`${apiUrl}/api/returns`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(401);
    expect((await post({ leadId: "lead-a3", reason: "duplicate" }, `lpk_${"x".repeat(43)}`)).status).toBe(401);
    expect(await answer(await post({ leadId: "lead-a3", reason: "bored" }, A.key))).toMatchObject({ status: 400 });
    expect(await answer(await post({ leadId: "lead-a3", reason: "other" }, A.key))).toMatchObject({ status: 400 });
    expect(await answer(await post({ leadId: "lead-a3", reason: "duplicate", buyerId: B.id }, A.key))).toMatchObject({ status: 400 });
    expect((await fetch(`${apiUrl}/api/returns`, { method: "GET", headers: { authorization: `Bearer ${A.key}` } })).status).toBe(405);

    const own = await post({ leadId: "lead-a3", reason: "other", text: "Not a real accident" }, A.key);
    expect(own.status).toBe(201);
    expect(await own.json()).toMatchObject({ status: "approved", credited: true });
    expect((await post({ leadId: "lead-a3", reason: "duplicate" }, A.key)).status).toBe(409);
    const openapi = (await (await fetch(`${apiUrl}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(openapi.paths["/api/returns"]).toBeDefined();
  });
});

describe("the buyer's account", () => {
  it("pauses and resumes the buyer after a confirmation, and rotates its key", async () => {
    const ask = answerOf(await accountAction(args(formPost("/buyer/account", { intent: "pause" }, { cookie: A.cookie }))));
    expect(ask.data).toMatchObject({ confirm: { fields: { intent: "pause" } } });
    expect((await routes.services.buyers.get(A.id))!.active).toBe(true);
    await accountAction(args(formPost("/buyer/account", { intent: "pause", confirmed: "yes" }, { cookie: A.cookie })));
    expect((await routes.services.buyers.get(A.id))!.active).toBe(false);
    const page = answerOf(await accountLoader(args(get("/buyer/account", A.cookie))));
    expect(page.data).toMatchObject({ account: { active: false, returns: { windowDays: 7, capPercent: 100 } } });
    await accountAction(args(formPost("/buyer/account", { intent: "resume", confirmed: "yes" }, { cookie: A.cookie })));
    expect((await routes.services.buyers.get(A.id))!.active).toBe(true);

    const rotated = answerOf(await accountAction(args(formPost("/buyer/account", { intent: "rotate-key", confirmed: "yes" }, { cookie: A.cookie }))));
    const issued = (rotated.data as { issued: string }).issued;
    expect(issued).toMatch(/^lpk_/);
    const post = (key: string) =>
      fetch(`${apiUrl}/api/returns`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify({ leadId: "no-such-lead", reason: "duplicate" }) });
    expect((await post(A.key)).status).toBe(401);
    expect((await post(issued)).status).toBe(404);
    const actions = await routes.db.selectFrom("audit_log").select(["action", "operator_email"]).where("target_id", "=", A.id).where("action", "in", ["pause-buyer", "resume-buyer", "issue-buyer-api-key"]).execute();
    expect(actions.filter((a) => a.operator_email === "staff@alpha.example").map((a) => a.action).sort()).toEqual(["issue-buyer-api-key", "pause-buyer", "resume-buyer"]);
  });
});
