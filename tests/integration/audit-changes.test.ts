import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as audit from "../../app/routes/admin-audit";
import * as buyer from "../../app/routes/admin-buyer";
import * as buyers from "../../app/routes/admin-buyers";
import * as setup from "../../app/routes/admin-setup";
import { pageAsShownRoute } from "../../server/http/page-as-shown-route";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { startFakeReceiver } from "../support/fake-receiver";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { TEST_SECRETS_KEY } from "../support/routing-fixtures";

// Issue 24, item 8: every change records each changed field's value before and after it (buyer
// price, caps, schedule, routing mode, auction switch, pause and resume, the webhook URL), test sends
// and views of the stored consent page are recorded, and /admin/audit shows the changes.

let app: ConsoleRoutes;
let pageServer: http.Server;
let pageUrl: string;

beforeAll(async () => {
  app = await startConsole({ SECRETS_KEY: TEST_SECRETS_KEY });
  pageServer = http.createServer(express().get("/admin/leads/:leadId/page-as-shown", pageAsShownRoute({ admin: app.admin, db: app.db })));
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => pageServer?.close(resolve));
  await app?.close();
});

const post = (path: string, fields: Record<string, string | string[]>) => formPost(path, fields, { cookie: app.operator });
const args = <P extends Record<string, string> = Record<string, never>>(request: Request, params: P = {} as P) => ({ ...routeArgs(request, app.context()), params });

async function latest(action: string) {
  const row = await app.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("at", "desc").orderBy("id", "desc").executeTakeFirst();
  expect(row, `an audit entry for ${action}`).toBeDefined();
  return { ...row!, detail: JSON.parse(row!.detail) as { changes?: Record<string, { before: unknown; after: unknown }> } & Record<string, unknown> };
}

const FORM = {
  intent: "save", name: "Changes Law", active: "on", price: "45", delivery: "post-form", url: "https://changes-law.example/leads",
  credentialHeader: "X-Api-Key", credentials: "sk-changes-secret-5678", fieldName: ["first_name", "", ""], fieldTemplate: ["{fn}", "", ""],
  conditionField: ["", "", ""], conditionEquals: ["", "", ""], conditionMeans: ["accepted", "accepted", "accepted"], conditionReason: ["", "", ""],
  perDay: "25", perMonth: "500", timeZone: "America/Chicago", schedule: "always", priority: "10", weight: "1",
};

describe("changes record each changed field before and after", () => {
  let buyerId: string;

  it("a new buyer: every field from nothing", async () => {
    const created = await settled(buyer.action(args(post("/admin/buyers/new", FORM))));
    expect(created.status, JSON.stringify(created.data)).toBe(302);
    buyerId = new URL(created.headers.get("location")!, TEST_SITE_URL).searchParams.get("saved")!;
    const entry = await latest("create-buyer");
    expect(entry.target_id).toBe(buyerId);
    expect(entry.detail.changes!["name"]).toEqual({ before: null, after: "Changes Law" });
    expect(entry.detail.changes!["rules.caps.perDay"]).toEqual({ before: null, after: 25 });
  });

  it("a buyer's price, caps and schedule: only what changed, before and after, credentials never", async () => {
    const edit = { ...FORM, price: "38.50", perDay: "30", schedule: "hours", scheduleDays: ["1", "2", "3"], scheduleFrom: "09:00", scheduleTo: "17:00" };
    delete (edit as Record<string, unknown>).credentials;
    const saved = await settled(buyer.action(args(post(`/admin/buyers/${buyerId}`, edit), { buyerId })));
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const { detail } = await latest("update-buyer");
    const changes = detail.changes!;
    expect(Object.keys(changes).sort()).toEqual(expect.arrayContaining(["rules.caps.perDay"]));
    expect(changes["rules.caps.perDay"]).toEqual({ before: 25, after: 30 });
    const price = Object.entries(changes).find(([field]) => field.startsWith("rules.price"))!;
    expect(price, JSON.stringify(changes)).toBeDefined();
    expect(JSON.stringify(price[1])).toMatch(/4500.*3850|45.*38\.5/);
    expect(Object.keys(changes).some((field) => field.startsWith("rules.schedule"))).toBe(true);
    // Unchanged fields are not listed; the credentials were kept, and their secret is nowhere.
    expect(changes["name"]).toBeUndefined();
    expect(changes["credentials"]).toBeUndefined();
    const all = await app.db.selectFrom("audit_log").select("detail").execute();
    expect(JSON.stringify(all)).not.toContain("sk-changes-secret-5678");
  });

  it("pause and resume", async () => {
    await settled(buyers.action(args(post("/admin/buyers", { intent: "pause", buyerId, confirmed: "yes" }))));
    expect((await latest("pause-buyer")).detail.changes).toEqual({ active: { before: true, after: false } });
    await settled(buyers.action(args(post("/admin/buyers", { intent: "resume", buyerId, confirmed: "yes" }))));
    expect((await latest("resume-buyer")).detail.changes).toEqual({ active: { before: false, after: true } });
  });

  it("a claim's routing mode and its auction switch", async () => {
    await settled(buyers.action(args(post("/admin/buyers", { intent: "routing", caseType: "MVA", mode: "shared", maxBuyers: "2" }))));
    const shared = await latest("save-routing-mode");
    expect(shared.detail.changes!["routing.mode"]).toEqual({ before: "exclusive", after: "shared" });
    expect(shared.detail.changes!["routing.maxBuyers"]).toEqual({ before: null, after: 2 });
    await settled(buyers.action(args(post("/admin/buyers", { intent: "routing", caseType: "MVA", mode: "shared", maxBuyers: "2", auction: "on" }))));
    expect((await latest("save-routing-mode")).detail.changes).toEqual({ auction: { before: false, after: true } });
  });

  it("the webhook URL, and the Setup page's test send", async () => {
    await settled(setup.action(args(post("/admin/setup", { intent: "save-webhook", url: "https://first.example/in" }))));
    await settled(setup.action(args(post("/admin/setup", { intent: "save-webhook", url: "https://second.example/in" }))));
    expect((await latest("save-webhook")).detail.changes).toEqual({ url: { before: "https://first.example/in", after: "https://second.example/in" } });

    const receiver = await startFakeReceiver(503);
    try {
      await settled(setup.action(args(post("/admin/setup", { intent: "send-test", url: receiver.url }))));
      expect(await latest("send-test-webhook")).toMatchObject({ target_id: "webhook_url", detail: { url: receiver.url, ok: false } });
    } finally {
      await receiver.close();
    }
  });

  it("/admin/audit shows each change as before and after", async () => {
    const answer = await settled(audit.loader(args(new Request(`${TEST_SITE_URL}/admin/audit?action=pause-buyer`, { headers: { cookie: app.operator } }))));
    const entries = (answer.data as { entries: Array<{ detail: Record<string, unknown> }> }).entries;
    expect(entries[0]!.detail.changes).toEqual({ active: { before: true, after: false } });
  });
});

describe("views of the stored consent page", () => {
  it("are recorded with the lead, by the operator who opened it; a refused request records nothing", async () => {
    const leadId = await app.makeLead();
    const before = await app.db.selectFrom("audit_log").select("id").where("action", "=", "view-consent-page").execute();
    const anonymous = await fetch(`${pageUrl}/admin/leads/${leadId}/page-as-shown`, { redirect: "manual" });
    expect(anonymous.status).toBe(303);
    expect(await app.db.selectFrom("audit_log").select("id").where("action", "=", "view-consent-page").execute()).toHaveLength(before.length);

    const shown = await fetch(`${pageUrl}/admin/leads/${leadId}/page-as-shown`, { headers: { cookie: app.operator } });
    await shown.arrayBuffer();
    const entry = await latest("view-consent-page");
    expect(entry).toMatchObject({ target_type: "lead", target_id: leadId, detail: { found: shown.status === 200 } });
  });
});
