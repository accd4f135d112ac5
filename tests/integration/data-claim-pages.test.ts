import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { setDataClaims } from "#claims/engine/live-claims";
import { formAnswerPath } from "#claims/engine/pages";
import { claimBySlug } from "#claims/registry";
import { claimIn, FOLDER_TEXTS } from "../../app/i18n/claims-in";
import { action, loader } from "../../app/routes/data-claim-page";
import { action as answerAction, loader as answerLoader } from "../../app/routes/data-claim-form-answer";
import { action as startAction, loader as startLoader } from "../../app/routes/claim-start";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as rootLoader } from "../../app/root";
import { loader as sitemap } from "../../app/routes/sitemap-xml";
import type { Actor } from "../../server/audit/audit-log";
import { countPageView } from "../../server/http/funnel-page-views";
import { hairRelaxer } from "../support/data-claims";
import { formPost, routeArgs, settled, startRouteServices, TEST_SITE_URL } from "../support/load-context";

// The catch route of claims defined as data (app/routes/data-claim-page.tsx, docs/decisions/059, 064), called
// with plain Requests: a claim published while the server runs gets its landing and its form (without
// JavaScript, and the data its script hydrates from) at once, in English and in Spanish, a paused one says
// it is closed and takes nothing, and other paths are the 404. It gets what a built-in claim gets from
// the rest of the site too: colours, home card, sitemap and hreflang, start counter, funnel (routing is
// in data-claims.test.ts, on both engines).

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

const pageOfCertificate = async (id: string) =>
  (await routes.db.selectFrom("submission_certificates").select("page_url").where("certificate_id", "=", id).executeTakeFirstOrThrow()).page_url;
/** A post of the wizard's script, to the form's JSON twin (formAnswerPath). */
const postJson = (path: string, fields: Record<string, string | string[]>) =>
  answerAction({ ...routeArgs(formPost(path, fields, { "user-agent": "RouteTest/1.0", accept: "application/json" }), routes.context()), params: { "*": path.replace(/^(\/es)?\/form-answers\/claims\//, "") } });

describe("its form with JavaScript", () => {
  it("hands the browser the claim's JSON and version, which the wizard compiles: no code chunk of its own", async () => {
    const page = await get("/claims/hair-relaxer/form");
    const form = (page.data as { form: { dataClaim: unknown; wizardScripts: { entry: string; imports: string[] } } }).form;
    // Its Spanish table stays out of the English page.
    const { es: _spanish, ...english } = hairRelaxer();
    expect(form.dataClaim).toEqual({ source: english, version: 1 });
    // The same entry as a built-in claim's form: the script finds the claim in its props.
    expect(form.wizardScripts.entry).toBeTruthy();
  });

  it("takes the script's post at the form's JSON twin and answers JSON: the result, or the step's messages", async () => {
    expect(formAnswerPath(claimBySlug("hair-relaxer")!)).toBe("/form-answers/claims/hair-relaxer/form");
    expect(formAnswerPath(claimIn(claimBySlug("hair-relaxer")!, "es", FOLDER_TEXTS))).toBe("/es/form-answers/claims/hair-relaxer/form");
    const saved = await postJson("/form-answers/claims/hair-relaxer/form", everyAnswer("data-claim-page-json-1"));
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toBe("no-store");
    const { result } = (await saved.json()) as { result: { outcome: string; leadId: string } };
    expect(result.outcome).toBe("eligible");
    const lead = await routes.db.selectFrom("leads").selectAll().where("id", "=", result.leadId).executeTakeFirstOrThrow();
    // The lead records the form page, not its JSON twin.
    expect(lead).toMatchObject({ case_type: "Hair Relaxer", claim_version: 1, language: "en" });
    expect(await pageOfCertificate(lead.certificate_id!)).toBe(`${TEST_SITE_URL}/claims/hair-relaxer/form`);

    const blank = await postJson("/form-answers/claims/hair-relaxer/form", { step: "1", intent: "next", [SUBMISSION_KEY_FIELD]: "data-claim-page-json-2" });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ wizard: { step: 1, errors: { diagnosis: "Please choose at least one answer" } } });
  });

  it("answers a GET of the JSON twin 405, and an unknown claim's twin 404", async () => {
    expect(answerLoader().status).toBe(405);
    expect((await postJson("/form-answers/claims/no-such-claim/form", {})).status).toBe(404);
    expect((await postJson("/form-answers/mva-claim", {})).status).toBe(404);
  });
});

describe("in Spanish, under /es/claims/", () => {
  it("has its landing in Spanish from the claim's own table, whose buttons lead to the Spanish form", async () => {
    const page = await get("/es/claims/hair-relaxer");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      kind: "landing",
      locale: "es",
      startHref: "/es/claims/hair-relaxer/form",
      landing: { hero: { title: "Reclamos por alisadores de cabello", cta: "Comenzar mi reclamo" } },
    });
  });

  it("has its form in Spanish, with the Spanish consent text, the same JSON for the script to translate", async () => {
    const page = await get("/es/claims/hair-relaxer/form");
    const form = (page.data as { form: { title: string; site: { language: string; consent?: { text: string } }; dataClaim: { source: { es: Record<string, string> } } } }).form;
    expect(form.title).toBe("Reclamo por alisadores de cabello");
    expect(form.site.language).toBe("es");
    expect(form.dataClaim.source.es["Diagnosis"]).toBe("Diagnóstico");
  });

  it("takes a Spanish submission without JavaScript: Spanish messages on a blank step, then a lead in Spanish", async () => {
    const blank = await post("/es/claims/hair-relaxer/form", { step: "1", intent: "next", [SUBMISSION_KEY_FIELD]: "data-claim-page-es-1" });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({ wizard: { step: 1, errors: { diagnosis: "Elija al menos una respuesta" } } });

    const answer = await post("/es/claims/hair-relaxer/form", everyAnswer("data-claim-page-es-2"));
    expect(answer.status).toBe(200);
    const { result } = answer.data as { result: { outcome: string; leadId: string } };
    expect(result.outcome).toBe("eligible");
    const lead = await routes.db.selectFrom("leads").selectAll().where("id", "=", result.leadId).executeTakeFirstOrThrow();
    // Stored as in English: the answers' values, the columns and the verdict; only the language differs.
    expect(lead).toMatchObject({ case_type: "Hair Relaxer", claim_version: 1, language: "es", cq1: "Yes", cq2: "uterine-cancer" });
    const certificate = await routes.db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", lead.certificate_id!).executeTakeFirstOrThrow();
    expect(certificate).toMatchObject({ language: "es", claim_version: 1, page_url: `${TEST_SITE_URL}/es/claims/hair-relaxer/form` });
  });

  it("takes the script's Spanish post at /es/form-answers/...", async () => {
    const saved = await postJson("/es/form-answers/claims/hair-relaxer/form", everyAnswer("data-claim-page-es-3"));
    expect(saved.status).toBe(200);
    const { result } = (await saved.json()) as { result: { leadId: string } };
    const lead = await routes.db.selectFrom("leads").select(["language", "certificate_id"]).where("id", "=", result.leadId).executeTakeFirstOrThrow();
    expect(lead.language).toBe("es");
    expect(await pageOfCertificate(lead.certificate_id!)).toBe(`${TEST_SITE_URL}/es/claims/hair-relaxer/form`);
  });
});

describe("what the rest of the site gives it", () => {
  const pathArgs = (path: string) => routeArgs(new Request(TEST_SITE_URL + path), routes.context());

  it("its theme colours on every page, and the header's link to its page in the other language", async () => {
    const english = await rootLoader(pathArgs("/claims/hair-relaxer"));
    expect(english.themeCss).toContain(".theme-hair-relaxer{--color-accent:#1d4ed8;");
    expect(english.otherLanguageHref).toBe("/es/claims/hair-relaxer");
    expect((await rootLoader(pathArgs("/es/claims/hair-relaxer/form"))).otherLanguageHref).toBe("/claims/hair-relaxer/form");
  });

  it("a card on the home page in each language, after the built-in claims", async () => {
    const english = homeLoader(pathArgs("/")).cards;
    expect(english.at(-1)).toMatchObject({ title: "Hair Relaxer", href: "/claims/hair-relaxer", theme: "theme-hair-relaxer" });
    expect(homeLoader(pathArgs("/es")).cards.at(-1)).toMatchObject({ title: "Alisadores de cabello", href: "/es/claims/hair-relaxer", cta: "Comenzar mi reclamo" });
  });

  it("both languages in the sitemap, each naming the other", async () => {
    const xml = await (sitemap(pathArgs("/sitemap.xml")) as Response).text();
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/es/claims/hair-relaxer</loc>`);
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/es/claims/hair-relaxer/form</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${TEST_SITE_URL}/es/claims/hair-relaxer"/>`);
  });

  it("the start counter at /start/<slug>: a click counted and sent to the form, in its language", async () => {
    const click = (path: string) => settled(startAction(routeArgs(new Request(TEST_SITE_URL + path, { method: "POST", headers: { referer: `${TEST_SITE_URL}/claims/hair-relaxer` } }), routes.context())));
    const english = await click("/start/hair-relaxer");
    expect({ status: english.status, location: english.headers.get("location") }).toEqual({ status: 303, location: "/claims/hair-relaxer/form" });
    expect((await click("/es/start/hair-relaxer")).headers.get("location")).toBe("/es/claims/hair-relaxer/form");
    const events = await routes.db.selectFrom("page_events").select(["name", "path"]).where("name", "=", "hair-relaxer-landing-start").execute();
    expect(events).toEqual([
      { name: "hair-relaxer-landing-start", path: "/claims/hair-relaxer" },
      { name: "hair-relaxer-landing-start", path: "/claims/hair-relaxer" },
    ]);
    expect((await settled(Promise.resolve().then(() => startLoader(pathArgs("/start/no-such-claim"))))).status).toBe(404);
  });

  it("its landing views and form starts in the funnel", async () => {
    const header = (name: string) => ({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" })[name];
    countPageView(routes.services.funnelViews, "/claims/hair-relaxer", header, "198.51.100.20", "/claims/hair-relaxer");
    countPageView(routes.services.funnelViews, "/claims/hair-relaxer/form", header, "198.51.100.20", "/claims/hair-relaxer/form");
    await routes.services.funnelViews.flush();
    const points = await routes.db.selectFrom("funnel_events").select("kind").where("claim", "=", "hair-relaxer").orderBy("kind").execute();
    expect(points.map((p) => p.kind)).toEqual(["start", "view"]);
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
