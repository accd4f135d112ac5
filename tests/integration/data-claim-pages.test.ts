import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { setDataClaims } from "#claims/engine/live-claims";
import { action, loader } from "../../app/routes/data-claim-page";
import { loader as sitemap } from "../../app/routes/sitemap-xml";
import type { Actor } from "../../server/audit/audit-log";
import { hairRelaxer } from "../support/data-claims";
import { formPost, routeArgs, settled, startRouteServices, TEST_SITE_URL } from "../support/load-context";

// The catch route of claims defined as data (app/routes/data-claim-page.tsx, docs/decisions/059), called
// with plain Requests: a claim published while the server runs gets its landing and its form (without
// JavaScript) at once, a paused one says it is closed and takes nothing, and other paths are the 404.

let routes: Awaited<ReturnType<typeof startRouteServices>>;
const owner: Actor = { operatorId: null, email: "owner@claims.example", ip: null };
beforeAll(async () => {
  routes = await startRouteServices();
  expect((await routes.services.dataClaimStore.create(hairRelaxer(), owner)).ok).toBe(true);
  expect((await routes.services.dataClaimStore.publish("hair-relaxer", owner)).ok).toBe(true);
  await routes.services.dataClaims.refresh();
});
afterAll(async () => {
  setDataClaims([]);
  await routes.close();
});

/** The catch route's arguments: React Router gives the path under /claims/ as its splat. */
const args = (request: Request) => ({ ...routeArgs(request, routes.context()), params: { "*": new URL(request.url).pathname.slice("/claims/".length) } });
const get = (path: string) => settled(loader(args(new Request(TEST_SITE_URL + path))));
const post = (path: string, fields: Record<string, string | string[]>) => settled(action(args(formPost(path, fields, { "user-agent": "RouteTest/1.0" }))));
const submit = (fields: Record<string, string | string[]>) => post("/claims/hair-relaxer/form", fields);
const everyAnswer = (key: string) => ({
  step: "2",
  intent: "submit",
  [SUBMISSION_KEY_FIELD]: key,
  [HONEYPOT_FIELD]: "",
  usedRelaxer: "Yes",
  diagnosis: ["uterine-cancer"],
  fn: "Jane",
  ln: "Doe",
  em: "jane.doe@example.com",
  ph: "(415) 555-2671",
  st: "CO",
  tcpa: "on",
});

describe("a published claim defined as data", () => {
  it("has its landing under /claims/, whose buttons lead to its form", async () => {
    const page = await get("/claims/hair-relaxer");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ kind: "landing", slug: "hair-relaxer", startHref: "/claims/hair-relaxer/form", landing: { hero: { title: "Hair Relaxer claims" } } });
  });

  it("has its form, which starts on the first step", async () => {
    const page = await get("/claims/hair-relaxer/form/");
    expect(page.data).toMatchObject({ kind: "form", slug: "hair-relaxer", form: { title: "Hair Relaxer Claim", wizard: { step: 0 } } });
  });

  it("takes a submission without JavaScript: the result screen, and a lead of its version", async () => {
    const answer = await submit(everyAnswer("data-claim-page-1"));
    expect(answer.status).toBe(200);
    const result = (answer.data as { result: { outcome: string; leadId: string } }).result;
    expect(result.outcome).toBe("eligible");
    const lead = await routes.db.selectFrom("leads").selectAll().where("id", "=", result.leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ case_type: "Hair Relaxer", claim_version: 1, source: "web_form", cq1: "Yes" });
  });

  it("answers a step left blank with its own messages (400), on that step", async () => {
    const answer = await submit({ step: "1", intent: "next", [SUBMISSION_KEY_FIELD]: "data-claim-page-2" });
    expect(answer.status).toBe(400);
    expect((answer.data as { wizard: { step: number; errors: Record<string, string> } }).wizard).toMatchObject({
      step: 1,
      errors: { diagnosis: "Please choose at least one answer" },
    });
  });

  it("is in the sitemap while it is open", async () => {
    const xml = await (sitemap(routeArgs(new Request(`${TEST_SITE_URL}/sitemap.xml`), routes.context())) as Response).text();
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/claims/hair-relaxer</loc>`);
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/claims/hair-relaxer/form</loc>`);
  });

  it("is the 404 anywhere else under /claims/", async () => {
    expect((await get("/claims/hair-relaxer/elsewhere")).status).toBe(404);
    expect((await get("/claims/no-such-claim")).status).toBe(404);
    expect((await post("/claims/no-such-claim", {})).status).toBe(404);
  });
});

describe("a paused claim defined as data", () => {
  it("says on its landing and form that it is closed, and takes no submission", async () => {
    expect((await routes.services.dataClaimStore.setPaused("hair-relaxer", true, owner)).ok).toBe(true);
    await routes.services.dataClaims.refresh();
    expect((await get("/claims/hair-relaxer")).data).toEqual({ kind: "closed", locale: "en", slug: "hair-relaxer", title: "Hair Relaxer" });
    expect((await get("/claims/hair-relaxer/form")).data).toEqual({ kind: "closed", locale: "en", slug: "hair-relaxer", title: "Hair Relaxer" });
    const answer = await submit(everyAnswer("data-claim-page-3"));
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ wizard: { formError: "This claim is closed and takes no new submissions." } });
    const xml = await (sitemap(routeArgs(new Request(`${TEST_SITE_URL}/sitemap.xml`), routes.context())) as Response).text();
    expect(xml).not.toContain("/claims/hair-relaxer");
    const leads = await routes.db.selectFrom("leads").select("id").where("submission_key", "=", "data-claim-page-3").execute();
    expect(leads).toEqual([]);
  });
});
