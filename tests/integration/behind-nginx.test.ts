import fs from "node:fs";
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD, allFields } from "#claims/engine/form-values";
import { mvaClaim } from "#claims/mva/definition";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anotherPerson } from "../support/distinct-people";
import { mvaAnswers } from "#claims/mva/examples";
import { NGINX_SERVER_NAME, NGINX_SITE_FILE, nginxSiteForTest, nginxTestChanges, proxied, startNginx, type RunningNginx } from "../../tools/nginx";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

// The built server behind Debian's nginx with the site file docs/deploy.md gives (deploy/nginx/claims.conf),
// TLS replaced by plain HTTP and X-Forwarded-Proto https (tools/nginx.ts lists every changed
// line). Visitors are different loopback addresses (127.0.0.2, ...): nginx itself reaches the app
// from 127.0.0.1, so the app can only know a visitor's address from what nginx tells it.

const SITE_URL = `https://${NGINX_SERVER_NAME}`;
const RATE_LIMIT = 3;
let server: RunningServer;
let nginx: RunningNginx;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1", SITE_URL, HSTS: "true", LEAD_RATE_LIMIT_PER_HOUR: String(RATE_LIMIT) });
  nginx = await startNginx(Number(new URL(server.url).port));
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

const site = (request: Omit<Parameters<typeof proxied>[0], "port">) => proxied({ port: nginx.ports.https, ...request });

let lead = 0;
async function submitLead(from: string, forwardedFor?: string) {
  lead += 1;
  const supplierHeaders = await supplierHeadersFor(server);
  return site({
    method: "POST",
    path: "/api/leads/mva",
    from,
    headers: { "content-type": "application/json", ...supplierHeaders, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify(mvaAnswers({ submissionKey: `behind-nginx-${lead}`, ...anotherPerson() })),
  });
}

describe("the nginx site file the guide gives", () => {
  it("is used as it is but for the listed lines: upstream port, listens, TLS and X-Forwarded-Proto", () => {
    const original = fs.readFileSync(NGINX_SITE_FILE, "utf8").split("\n");
    const ports = { app: 41001, https: 41002, http: 41003 };
    const generated = nginxSiteForTest(original.join("\n"), ports).split("\n");
    const changes = nginxTestChanges(ports);
    let j = 0;
    const changed: string[] = [];
    for (const line of original) {
      const change = changes.get(line.trim());
      if (change === undefined) {
        expect(generated[j++]).toBe(line);
      } else {
        changed.push(line.trim());
        if (change !== null) expect(generated[j++]).toBe(line.replace(line.trim(), () => change));
      }
    }
    expect(j).toBe(generated.length);
    // Every listed change is made exactly once: a new ssl_ or listen line would have to be listed.
    expect(changed).toEqual([...changes.keys()]);
    expect(generated.filter((line) => /\b(ssl|443|\$scheme)\b|\[::\]/.test(line))).toEqual([]);
  });
});

describe("the site behind nginx (TRUST_PROXY=1)", () => {
  it("records the visitor's own address on the certificate, whatever X-Forwarded-For the visitor sends", async () => {
    const answer = await submitLead("127.0.0.4", "203.0.113.7, 198.51.100.9");
    expect(answer.status, answer.body).toBe(201);
    const { leadId, certificateUrl } = JSON.parse(answer.body) as { leadId: string; certificateUrl: string };
    expect(certificateUrl.startsWith(`${SITE_URL}/`)).toBe(true);
    const [certificate] = server.query<{ ip_address: string }>("select ip_address from submission_certificates where lead_id = ?", leadId);
    const [lead] = server.query<{ user_ip: string }>("select user_ip from leads where id = ?", leadId);
    expect(certificate!.ip_address).toBe("127.0.0.4");
    expect(lead!.user_ip).toBe("127.0.0.4");
  });

  it("rate-limits leads per real visitor: changing X-Forwarded-For on every request does not get past it", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= RATE_LIMIT + 1; n++) statuses.push((await submitLead("127.0.0.2", `198.51.100.${n}`)).status);
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(201), 429]);
    expect((await submitLead("127.0.0.2")).status).toBe(429);
    // Another visitor still gets through.
    expect((await submitLead("127.0.0.3", "127.0.0.2")).status).toBe(201);
  });

  it("stores the form's page on the certificate as https://SITE_URL's host, whatever X-Forwarded-Host the visitor sends", async () => {
    // What a browser without JavaScript posts on the MVA form's last step.
    const form = new URLSearchParams({ [HONEYPOT_FIELD]: "", step: String(mvaClaim.steps.length - 1), intent: "submit", [SUBMISSION_KEY_FIELD]: "behind-nginx-form" });
    const answers = mvaAnswers(anotherPerson());
    for (const field of allFields(mvaClaim)) {
      const value = answers[field.name];
      if (field.kind === "consent") form.append(field.name, "on");
      else for (const one of [value ?? []].flat()) form.append(field.name, String(one));
    }
    const answer = await site({
      method: "POST",
      path: mvaClaim.routes.form,
      from: "127.0.0.5",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE_URL, "x-forwarded-host": "evil.example", "x-forwarded-for": "203.0.113.9" },
      body: form.toString(),
    });
    expect(answer.status, answer.body.slice(0, 500)).toBe(302);
    const leadId = new URL(answer.headers.location!, SITE_URL).searchParams.get("lead")!;
    const [certificate] = server.query<{ page_url: string; ip_address: string }>(
      "select page_url, ip_address from submission_certificates where lead_id = ?",
      leadId,
    );
    expect(certificate).toEqual({ page_url: `${SITE_URL}${mvaClaim.routes.form}`, ip_address: "127.0.0.5" });
  });

  it("sends HSTS, and logs an operator in (the proxy says https) with a __Host- Secure cookie (SITE_URL is https)", async () => {
    const home = await site({ path: "/" });
    expect(home.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    const login = await site({
      method: "POST",
      path: "/admin/login",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE_URL },
      body: `email=${encodeURIComponent(ADMIN_TEST_EMAIL)}&password=${encodeURIComponent(ADMIN_TEST_PASSWORD)}`,
    });
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/admin");
    const cookie = login.headers["set-cookie"]![0]!;
    expect(cookie).toMatch(/^__Host-admin_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const dashboard = await site({ path: "/admin", headers: { cookie: cookie.split(";")[0]! } });
    expect(dashboard.status).toBe(200);
  });

  it("redirects to paths on the site's own origin: legacy prefix and login", async () => {
    const legacy = await site({ path: "/claims/roundup-claim?utm_source=mail" });
    expect(legacy.status).toBe(301);
    expect(legacy.headers.location).toBe("/roundup-claim-landing?utm_source=mail");
    const admin = await site({ path: "/admin/leads" });
    expect(admin.status).toBe(302);
    expect(admin.headers.location).toBe(`/admin/login?next=${encodeURIComponent("/admin/leads")}`);
    // A Location is relative to the address the browser asked for: https://claims.example.com.
    expect(new URL(admin.headers.location!, SITE_URL).origin).toBe(SITE_URL);
  });

  it("gives canonical URLs on SITE_URL, and ignores an X-Forwarded-Host the visitor sends", async () => {
    const page = await site({ path: "/roundup-claim-landing?utm_source=mail", headers: { "x-forwarded-host": "evil.example" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${SITE_URL}/roundup-claim-landing"/>`);
    expect(page.body).not.toContain("evil.example");
  });

  it("sends plain-HTTP visitors to https on the same host and path", async () => {
    const answer = await proxied({ port: nginx.ports.http, path: "/mva-claim-landing?utm_source=x" });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`${SITE_URL}/mva-claim-landing?utm_source=x`);
  });
});
