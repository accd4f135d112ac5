import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "../../app/routes/admin-login";
import { action as logoutAction, loader as logoutLoader } from "../../app/routes/admin-logout";
import { action as setupAction, loader as setupLoader } from "../../app/routes/admin-setup";
import { MAX_FAILURES_PER_WINDOW } from "../../server/admin/admin-auth";
import { startFakeReceiver } from "../support/fake-receiver";
import { answerOf, formPost, OWNER_EMAIL, routeArgs, startRouteServices, TEST_SITE_URL } from "../support/load-context";

// The operator routes' loaders and actions, called with plain Requests and the load context the server
// builds, on a real AdminAuth and OperatorConsole over a real database.

const PASSWORD = "a very good password";
let routes: Awaited<ReturnType<typeof startRouteServices>>;
let receiver: Awaited<ReturnType<typeof startFakeReceiver>>;
beforeAll(async () => {
  [routes, receiver] = await Promise.all([startRouteServices({ ADMIN_PASSWORD: PASSWORD }), startFakeReceiver("ok")]);
});
afterAll(async () => {
  await receiver.close();
  await routes.close();
});

const get = (path: string, cookie?: string) => new Request(TEST_SITE_URL + path, { headers: cookie ? { cookie } : {} });
const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;
let ipCount = 0;
/** Each login from its own address, so the failed-login limit of one test does not touch another. */
const visitor = () => ({ ip: `192.0.2.${++ipCount}` });

async function login(next = "/admin/setup") {
  const result = answerOf(await loginAction(routeArgs(formPost("/admin/login", { email: OWNER_EMAIL, password: PASSWORD, next }), routes.context(visitor()))));
  return { ...result, cookie: cookieOf(result.headers.get("set-cookie")) };
}

async function setup(fields: Record<string, string>, cookie: string) {
  const request = formPost("/admin/setup", fields, { cookie });
  return (await setupAction(routeArgs(request, routes.context()))).toast;
}

describe("/admin/login", () => {
  it("logs in with the password: a redirect to the page asked for, with a __Host-, Secure, httpOnly, SameSite session cookie on https", async () => {
    const answer = await login("/admin/setup?tab=leads");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/setup?tab=leads");
    expect(answer.headers.get("set-cookie")).toMatch(/^__Host-admin_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Secure/);
    expect(await routes.admin.session(answer.cookie)).not.toBeNull();
  });

  it("sends the operator only to admin pages afterwards, whatever `next` says", async () => {
    for (const next of ["https://evil.example/admin", "//evil.example", "/blog", "/admin/../blog", "javascript:alert(1)"]) {
      expect((await login(next)).headers.get("location"), next).toBe("/admin");
    }
  });

  it("answers a missing password with 400 and a wrong one with 401, keeping `next`", async () => {
    const context = routes.context(visitor());
    const empty = answerOf(await loginAction(routeArgs(formPost("/admin/login", { email: OWNER_EMAIL, password: "", next: "/admin" }), context)));
    expect(empty).toMatchObject({ status: 400, data: { error: "Please enter your e-mail address and password.", next: "/admin" } });
    const wrong = answerOf(await loginAction(routeArgs(formPost("/admin/login", { email: OWNER_EMAIL, password: "guess", next: "/admin" }), context)));
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({ next: "/admin", error: expect.any(String) });
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it(`answers 429 after ${MAX_FAILURES_PER_WINDOW} wrong passwords from one address, even for the right one`, async () => {
    const context = routes.context(visitor());
    const attempt = (password: string) => loginAction(routeArgs(formPost("/admin/login", { email: OWNER_EMAIL, password }), context)).then(answerOf);
    for (let i = 0; i < MAX_FAILURES_PER_WINDOW; i++) expect((await attempt("guess")).status).toBe(401);
    const throttled = await attempt(PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.data).toMatchObject({ error: expect.stringContaining("Too many failed attempts") });
    expect(throttled.headers.get("set-cookie")).toBeNull();
  });

  it("sends an operator who is already logged in straight on", async () => {
    const { cookie } = await login();
    const thrown = await loginLoader(routeArgs(get("/admin/login?next=/admin/setup", cookie), routes.context())).catch((e: unknown) => e);
    expect(answerOf(thrown)).toMatchObject({ status: 302 });
    expect((thrown as Response).headers.get("location")).toBe("/admin/setup");
    expect(await loginLoader(routeArgs(get("/admin/login"), routes.context()))).toEqual({ next: "/admin", step: "password", email: null });
  });
});

describe("/admin/setup", () => {
  it("sends visitors without a session to the login page, and refuses their actions with 401", async () => {
    const redirect = await setupLoader(routeArgs(get("/admin/setup"), routes.context())).catch((e: unknown) => e);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fsetup");

    for (const cookie of [undefined, "admin_session=forged.AAAA"]) {
      const request = formPost("/admin/setup", { intent: "save-webhook", url: "https://hook.example/x" }, cookie ? { cookie } : {});
      const refused = await setupAction(routeArgs(request, routes.context())).catch((e: unknown) => e);
      expect(answerOf(refused).status).toBe(401);
    }
    expect((await routes.operator.overview()).webhook.url).toBeNull();
  });

  it("saves, tests and clears the webhook, with the spec's messages", async () => {
    const { cookie } = await login();
    expect(await setup({ intent: "send-test" }, cookie)).toEqual({ title: "Error", description: "Please enter a webhook URL first.", tone: "error" });

    expect(await setup({ intent: "save-webhook", url: `  ${receiver.url}  ` }, cookie)).toMatchObject({ title: "Configuration Saved", tone: "success" });
    const overview = await setupLoader(routeArgs(get("/admin/setup", cookie), routes.context()));
    expect(overview.webhook).toMatchObject({ url: receiver.url, savedAt: expect.any(String) });

    const before = receiver.received.length;
    expect(await setup({ intent: "send-test" }, cookie)).toMatchObject({ title: "Test Sent", tone: "success" });
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers["webhook-signature"]).toMatch(/^v1,/);

    receiver.respondNext(500);
    expect(await setup({ intent: "send-test" }, cookie)).toEqual({
      title: "Error",
      description: `Failed to send test data to ${receiver.url}. Please check your webhook URL.`,
      tone: "error",
    });

    expect(await setup({ intent: "save-webhook", url: "ftp://files.example/hook" }, cookie)).toMatchObject({ title: "Error", tone: "error" });
    expect((await routes.operator.overview()).webhook.url).toBe(receiver.url);

    expect(await setup({ intent: "save-webhook", url: "   " }, cookie)).toMatchObject({ title: "Configuration Cleared", tone: "success" });
    expect((await routes.operator.overview()).webhook).toMatchObject({ url: null, savedAt: null });
  });

  it("rotates the signing secret, and answers an unknown intent with an error", async () => {
    const { cookie } = await login();
    const { secret } = (await routes.operator.overview()).webhook;
    expect(await setup({ intent: "rotate-secret" }, cookie)).toMatchObject({ title: "Signing Secret Rotated", tone: "success" });
    expect((await routes.operator.overview()).webhook.secret).not.toBe(secret);
    expect(await setup({ intent: "drop-tables" }, cookie)).toEqual({ title: "Error", description: "Unknown action.", tone: "error" });
  });
});

describe("/admin/logout", () => {
  it("ends the session, clears the cookie and goes to the login page; a GET only goes to the leads", async () => {
    const { cookie } = await login();
    const answer = answerOf(await logoutAction(routeArgs(formPost("/admin/logout", {}, { cookie }), routes.context())));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/login");
    expect(answer.headers.get("set-cookie")).toMatch(/^__Host-admin_session=; .*Max-Age=0/);
    expect(await routes.admin.session(cookie)).toBeNull();

    const getAnswer = answerOf(logoutLoader());
    expect(getAnswer).toMatchObject({ status: 302 });
    expect(getAnswer.headers.get("location")).toBe("/admin");
  });
});
