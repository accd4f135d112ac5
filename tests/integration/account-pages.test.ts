import { URI, type TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import * as account from "../../app/routes/admin-account";
import * as invitation from "../../app/routes/admin-invitation";
import * as leads from "../../app/routes/admin-leads";
import * as login from "../../app/routes/admin-login";
import * as operators from "../../app/routes/admin-operators";
import * as reset from "../../app/routes/admin-reset";
import type { ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { EMAIL_OF, OPERATOR_PASSWORD_OF, tokenOf, consoleWithOperators, type Operators } from "../support/operators";

// Issue 25 through the route modules, with plain Requests: the log-in's code step, two-step log-in
// set up on /admin/account, an owner requiring it (an operator without it is sent to set it up),
// invitations revoked and reset links on /admin/operators, /admin/reset/:token, the sessions list.

let app: ConsoleRoutes;
let team: Operators;
consoleWithOperators((running) => ({ app, operators: team } = running));

const get = (path: string, cookie = "") => new Request(TEST_SITE_URL + path, { headers: { cookie, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36" } });
const post = (path: string, fields: Record<string, string>, cookie = "") => formPost(path, fields, { cookie, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36" });
/* eslint-disable @typescript-eslint/no-explicit-any -- each route's generated Args type differs only in params */
const load = (route: { loader: (a: any) => unknown }, request: Request, params: Record<string, string> = {}) =>
  settled(Promise.resolve(route.loader({ ...routeArgs(request, app.context({ ip: "198.51.100.5" })), params })));
const act = (route: { action: (a: any) => unknown }, request: Request, params: Record<string, string> = {}) =>
  settled(Promise.resolve(route.action({ ...routeArgs(request, app.context({ ip: "198.51.100.5" })), params })));
/* eslint-enable @typescript-eslint/no-explicit-any */
const cookiesFrom = (headers: Headers) => headers.getSetCookie().map((c) => c.split(";")[0]!);

describe("two-step log-in through the pages", () => {
  let recoveryCodes: string[];

  it("is set up on /admin/account: the link, the key and a QR code, then a code turns it on and shows the recovery codes once", async () => {
    const owner = team.cookies.owner;
    expect(await act(account, post("/admin/account", { intent: "totp-start" }, owner))).toMatchObject({ status: 200 });
    const page = await load(account, get("/admin/account", owner));
    const pending = (page.data as { secondFactor: { pending: { uri: string; secret: string; qrSvg: string } } }).secondFactor.pending;
    expect(pending.qrSvg).toMatch(/^<svg[^>]*>/);
    // Drawn here, not fetched: no link, image or script in it.
    expect(pending.qrSvg).not.toMatch(/href|<image|<script|url\(/);
    const wrong = await act(account, post("/admin/account", { intent: "totp-confirm", code: "12" }, owner));
    expect(wrong).toMatchObject({ status: 400, data: { field: "code", error: expect.stringContaining("not right") } });
    const code = (URI.parse(pending.uri) as TOTP).generate();
    const on = await act(account, post("/admin/account", { intent: "totp-confirm", code }, owner));
    recoveryCodes = (on.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    const after = await load(account, get("/admin/account", owner));
    expect(after.data).toMatchObject({ secondFactor: { enabled: true, recoveryCodesLeft: 10, pending: null } });
    expect(JSON.stringify(after.data)).not.toContain(recoveryCodes[0]);
  });

  it("the log-in then asks for a code after the password, on a page of its own", async () => {
    const first = await act(login, post("/admin/login", { email: EMAIL_OF.owner, password: OPERATOR_PASSWORD_OF.owner, next: "/admin/leads" }));
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fleads");
    const [step] = cookiesFrom(first.headers);
    expect(step).toMatch(/^__Host-admin_login_step=/);
    expect((await load(login, get("/admin/login?next=%2Fadmin%2Fleads", step))).data).toEqual({ next: "/admin/leads", step: "code", email: EMAIL_OF.owner });
    const wrong = await act(login, post("/admin/login", { intent: "code", code: "000000", next: "/admin/leads" }, step));
    expect(wrong).toMatchObject({ status: 401, data: { step: "code", error: expect.stringContaining("not right") } });
    const done = await act(login, post("/admin/login", { intent: "code", code: recoveryCodes[0]!, next: "/admin/leads" }, step));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/leads");
    const cookies = cookiesFrom(done.headers);
    expect(cookies.map((c) => c.split("=")[0])).toEqual(["__Host-admin_session", "__Host-admin_device", "__Host-admin_login_step"]);
    const session = cookies[0]!;
    expect((await load(leads, get("/admin/leads", session))).status).toBe(200);
    // The recovery code is used up.
    const again = cookiesFrom((await act(login, post("/admin/login", { email: EMAIL_OF.owner, password: OPERATOR_PASSWORD_OF.owner }))).headers)[0]!;
    expect(await act(login, post("/admin/login", { intent: "code", code: recoveryCodes[0]! }, again))).toMatchObject({ status: 401 });
  });

  it("an owner requires it; a manager without it is sent to set it up before anything else", async () => {
    const required = await act(operators, post("/admin/operators", { intent: "require-totp" }, team.cookies.owner));
    expect(required).toMatchObject({ status: 200, data: { toast: { title: "Two-step log-in required" } } });
    const manager = team.cookies.manager;
    const page = await load(leads, get("/admin/leads", manager));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/account?enrol=1");
    expect((await act(leads, post("/admin/leads", { intent: "resend-filtered", target: "webhook" }, manager))).status).toBe(403);
    expect((await load(account, get("/admin/account?enrol=1", manager))).data).toMatchObject({ mustEnrol: true });
    await act(account, post("/admin/account", { intent: "totp-start" }, manager));
    const pending = ((await load(account, get("/admin/account", manager))).data as { secondFactor: { pending: { uri: string } } }).secondFactor.pending;
    await act(account, post("/admin/account", { intent: "totp-confirm", code: (URI.parse(pending.uri) as TOTP).generate() }, manager));
    expect((await load(leads, get("/admin/leads", manager))).status).toBe(200);
    await act(operators, post("/admin/operators", { intent: "allow-no-totp" }, team.cookies.owner));
  });
});

describe("operators, invitations and reset links through the pages", () => {
  it("an open invitation is listed, revoked, and its link then says so", async () => {
    const made = await act(operators, post("/admin/operators", { intent: "invite", email: "temp@claims.example", role: "viewer" }, team.cookies.owner));
    const link = (made.data as { invitation: { link: string } }).invitation.link;
    const listed = (await load(operators, get("/admin/operators", team.cookies.owner))).data as { invitations: Array<{ id: string; email: string }> };
    const open = listed.invitations.find((i) => i.email === "temp@claims.example")!;
    expect(open).toBeDefined();
    const revoked = await act(operators, post("/admin/operators", { intent: "revoke-invitation", invitationId: open.id }, team.cookies.owner));
    expect(revoked).toMatchObject({ status: 200, data: { toast: { title: "Invitation revoked" } } });
    const closed = await load(invitation, get(`/admin/invitation/${tokenOf(link)}`), { token: tokenOf(link) });
    expect(closed).toMatchObject({ status: 410, data: { closed: expect.stringContaining("no longer valid") } });
  });

  it("a weak password is refused with a clear message on the invitation page", async () => {
    const made = await act(operators, post("/admin/operators", { intent: "invite", email: "weak@claims.example", role: "viewer" }, team.cookies.owner));
    const token = tokenOf((made.data as { invitation: { link: string } }).invitation.link);
    const refused = await act(invitation, post(`/admin/invitation/${token}`, { name: "Weak", password: "password1234" }), { token });
    expect(refused).toMatchObject({ status: 400, data: { field: "password", error: expect.stringContaining("list of common or breached passwords") } });
  });

  it("a reset link is shown to the owner, sets a new password once and ends the operator's sessions", async () => {
    const viewerId = (await app.db.selectFrom("operators").select("id").where("email", "=", EMAIL_OF.viewer).executeTakeFirstOrThrow()).id;
    const made = await act(operators, post("/admin/operators", { intent: "reset-link", operatorId: viewerId }, team.cookies.owner));
    const link = (made.data as { resetLink: { link: string } }).resetLink.link;
    expect(link.startsWith(`${TEST_SITE_URL}/admin/reset/`)).toBe(true);
    const token = tokenOf(link);
    expect((await load(reset, get(`/admin/reset/${token}`), { token })).data).toEqual({ closed: null, email: EMAIL_OF.viewer });
    const weak = await act(reset, post(`/admin/reset/${token}`, { password: "password1234" }), { token });
    expect(weak).toMatchObject({ status: 400, data: { field: "password" } });
    const used = await act(reset, post(`/admin/reset/${token}`, { password: "the viewer's new password" }), { token });
    expect(used.status).toBe(302);
    expect((await load(leads, get("/admin/leads", team.cookies.viewer))).status).toBe(302);
    expect(await load(reset, get(`/admin/reset/${token}`), { token })).toMatchObject({ status: 410 });
    const relogin = await act(login, post("/admin/login", { email: EMAIL_OF.viewer, password: "the viewer's new password" }));
    expect(relogin.status).toBe(302);
    team.cookies.viewer = cookiesFrom(relogin.headers)[0]!;
  });
});

describe("the sessions list on /admin/account", () => {
  it("shows address and a short browser name, and ends another session", async () => {
    const second = await act(login, post("/admin/login", { email: EMAIL_OF.viewer, password: "the viewer's new password" }));
    const other = cookiesFrom(second.headers)[0]!;
    const page = (await load(account, get("/admin/account", team.cookies.viewer))).data as { sessions: Array<{ handle: string; current: boolean; ip: string; userAgent: string }> };
    expect(page.sessions.length).toBeGreaterThanOrEqual(2);
    const notHere = page.sessions.find((s) => !s.current)!;
    expect(notHere).toMatchObject({ ip: "198.51.100.5", userAgent: "Chrome 140 on Linux" });
    const ended = await act(account, post("/admin/account", { intent: "end-session", session: notHere.handle }, team.cookies.viewer));
    expect(ended).toMatchObject({ status: 200, data: { toast: { title: "Session ended" } } });
    const left = (await load(account, get("/admin/account", team.cookies.viewer))).data as { sessions: unknown[] };
    expect(left.sessions).toHaveLength(page.sessions.length - 1);
    expect(other).toBeTruthy();
  });
});
