import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD, allFields } from "#claims/engine/form-values";
import { FILL_FACTS_FIELD, FORM_TIMING_FIELD } from "#claims/engine/proof-fields";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimBySlug } from "#claims/registry";
import { action, loader } from "../../app/routes/claim-form";
import type { WizardState } from "../../app/wizard/wizard";
import { consentTextVersion } from "../../server/consent-proof/consent-version";
import type { FillFacts } from "../../server/consent-proof/fill-facts";
import { pageAsShownRoute } from "../../server/http/page-as-shown-route";
import { createLeadService } from "../../server/leads/submit-lead";
import { mvaAnswers } from "#claims/mva/examples";
import { answerOf, formPost, OWNER_EMAIL, routeArgs, startRouteServices, TEST_SITE_URL } from "../support/load-context";

// Issue 12's consent proof and timed honeypot through the claim form's route (loader and action called
// with plain Requests, on a real database): the signed render time, the fill facts with and without
// JavaScript, the consent page snapshot, and the operator's view of them.

const PASSWORD = "consent proof test password";
const MIN_FILL_MS = 5_000;
const mva = claimBySlug("mva")!;

let routes: Awaited<ReturnType<typeof startRouteServices>>;
/** The lead service's clock: a test moves it instead of waiting. */
let clock = new Date("2026-11-23T12:00:00.000Z");
let leads: ReturnType<typeof createLeadService>;
let pageServer: http.Server;
let pageUrl: string;
let operatorCookie: string;

beforeAll(async () => {
  routes = await startRouteServices({ ADMIN_PASSWORD: PASSWORD });
  leads = createLeadService({
    db: routes.db,
    logger: routes.logger,
    siteUrl: routes.config.siteUrl,
    site: routes.config.site,
    leadRateLimitPerHour: 0,
    minFormFillMs: MIN_FILL_MS,
    sessionSecret: async () => "a session secret of at least thirty-two characters",
    now: () => clock,
  });
  const app = express().get("/admin/leads/:leadId/page-as-shown", pageAsShownRoute({ admin: routes.admin, db: routes.db }));
  pageServer = http.createServer(app);
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  const login = await routes.admin.login(OWNER_EMAIL, PASSWORD, "203.0.113.50");
  if (!login.ok) throw new Error(login.message);
  operatorCookie = login.setCookie.split(";")[0]!;
});
afterAll(async () => {
  await new Promise((resolve) => pageServer?.close(resolve));
  await routes?.close();
});

const unescapeAttribute = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
const context = () => routes.context({}, { leads });
let keys = 0;
const newKey = () => `proof-key-${String(++keys).padStart(6, "0")}`;

/** The form fields a browser posts for these answers. */
function formFields(definition: ClaimDefinition, answers: Record<string, unknown>): Record<string, string[]> {
  const fields: Record<string, string[]> = { [HONEYPOT_FIELD]: [""] };
  for (const field of allFields(definition)) {
    const value = answers[field.name];
    if (value === undefined || value === null) continue;
    if (field.kind === "consent") fields[field.name] = value === true ? ["on"] : [];
    else fields[field.name] = [value].flat().map(String);
  }
  return fields;
}

async function openForm(definition = mva): Promise<string> {
  const data = await loader(routeArgs(new Request(TEST_SITE_URL + definition.routes.form), context()));
  return data.wizard.timing!;
}

async function post(fields: Record<string, string | string[]>, definition = mva) {
  const request = formPost(definition.routes.form, fields, { "user-agent": "RouteTest/1.0" });
  return answerOf(await action(routeArgs(request, context())));
}

/** Submits the answers from the last step, with whatever timing and report fields are given. */
async function submit(extra: Record<string, string>, answers = mvaAnswers(), definition = mva) {
  const key = newKey();
  const answer = await post(
    { ...formFields(definition, answers), step: String(definition.steps.length - 1), intent: "submit", [SUBMISSION_KEY_FIELD]: key, ...extra },
    definition,
  );
  expect(answer.status).toBeLessThan(400);
  return savedLead(key);
}

async function savedLead(key: string) {
  const lead = await routes.db.selectFrom("leads").selectAll().where("submission_key", "=", key).executeTakeFirstOrThrow();
  const certificate = await routes.db
    .selectFrom("submission_certificates")
    .selectAll()
    .where("certificate_id", "=", lead.certificate_id!)
    .executeTakeFirstOrThrow();
  return { lead, certificate, facts: JSON.parse(certificate.fill_facts!) as FillFacts };
}

describe("the timed honeypot", () => {
  it("marks a form submitted sooner than MIN_FORM_FILL_MS after its render as spam, and keeps it", async () => {
    const timing = await openForm();
    tick(MIN_FILL_MS - 1);
    const { lead, facts } = await submit({ [FORM_TIMING_FIELD]: timing });
    expect(lead.is_spam).toBe(1);
    expect(facts).toMatchObject({ renderToken: "valid", totalMs: MIN_FILL_MS - 1 });
    const deliveries = await routes.db.selectFrom("deliveries").select("id").where("lead_id", "=", lead.id).execute();
    expect(deliveries).toEqual([]);
  });

  it("does not mark a form submitted at or after the minimum", async () => {
    const timing = await openForm();
    tick(MIN_FILL_MS);
    const { lead, facts } = await submit({ [FORM_TIMING_FIELD]: timing });
    expect(lead.is_spam).toBe(0);
    expect(facts.totalMs).toBe(MIN_FILL_MS);
  });

  it("marks a forged render time as spam: altered, signed with another key, or another claim's", async () => {
    const timing = await openForm();
    tick(60_000);
    const [body, signature] = timing.split(".");
    const payload = JSON.parse(Buffer.from(body!, "base64url").toString()) as { r: number };
    const earlier = Buffer.from(JSON.stringify({ ...payload, r: payload.r - 3_600_000 })).toString("base64url");
    const otherKey = await createLeadService({ ...leadsDeps(), sessionSecret: async () => "another secret, just as long as the first one" }).formTiming.issue("mva");
    const pfas = claimBySlug("pfas")!;
    const pfasTiming = await openForm(pfas);
    tick(60_000);
    for (const forged of [`${earlier}.${signature}`, otherKey, pfasTiming, "not a token", `${body}.${signature}.x`, "x".repeat(5_000)]) {
      const { lead, facts } = await submit({ [FORM_TIMING_FIELD]: forged });
      expect(lead.is_spam, forged.slice(0, 40)).toBe(1);
      expect(facts.renderToken).toBe("forged");
      expect(facts.totalMs).toBeNull();
    }
  });

  it("does not judge a form without a render time (an API client's), and says so", async () => {
    const { lead, facts } = await submit({});
    expect(lead.is_spam).toBe(0);
    expect(facts).toMatchObject({ renderToken: "missing", totalMs: null });
  });

  it("judges the JSON API the same way when it sends a render time", async () => {
    const submitted = await leads.submit("mva", { ...mvaAnswers(), [FORM_TIMING_FIELD]: "forged.token" }, { ip: "203.0.113.8", userAgent: "curl", pageUrl: null, attribution: null });
    expect(submitted.status).toBe("created");
    const lead = await routes.db.selectFrom("leads").select("is_spam").where("id", "=", (submitted as { leadId: string }).leadId).executeTakeFirstOrThrow();
    expect(lead.is_spam).toBe(1);
  });
});

function leadsDeps() {
  return { db: routes.db, logger: routes.logger, siteUrl: routes.config.siteUrl, site: routes.config.site, leadRateLimitPerHour: 0, now: () => clock };
}

describe("fill facts", () => {
  it("without JavaScript: every step posted, timed by the server from the signed token; no viewport or entry methods", async () => {
    let timing = await openForm();
    const fields = formFields(mva, mvaAnswers());
    const spent = [12_000, 8_000, 9_500, 7_000];
    for (const [step, ms] of spent.entries()) {
      tick(ms);
      const next = await post({ ...fields, step: String(step), intent: "next", [SUBMISSION_KEY_FIELD]: "no-js-key-0001", [FORM_TIMING_FIELD]: timing });
      expect(next.status).toBe(200);
      const wizard = (next.data as { wizard: WizardState }).wizard;
      expect(wizard.step).toBe(step + 1);
      timing = wizard.timing!;
    }
    tick(4_000);
    const answer = await post({ ...fields, step: "4", intent: "submit", [SUBMISSION_KEY_FIELD]: "no-js-key-0001", [FORM_TIMING_FIELD]: timing, [FILL_FACTS_FIELD]: "" });
    expect(answer.status).toBe(302);
    const { lead, facts } = await savedLead("no-js-key-0001");
    expect(lead.is_spam).toBe(0);
    expect(facts).toEqual({
      channel: "form",
      javascript: false,
      renderToken: "valid",
      totalMs: 40_500,
      stepMs: [...spent, 4_000],
      stepTimesFrom: "server",
      viewport: null,
      entry: null,
      rejected: [],
    });
  });

  it("a Previous counts the step's time again, and a forged token is passed on, never re-signed", async () => {
    const timing = await openForm();
    tick(3_000);
    const back = await post({ step: "1", intent: "previous", [SUBMISSION_KEY_FIELD]: newKey(), [FORM_TIMING_FIELD]: timing });
    expect((back.data as { wizard: WizardState }).wizard.timing).not.toBe(timing);
    const forged = `${timing.split(".")[0]}.AAAA`;
    const kept = await post({ step: "1", intent: "previous", [SUBMISSION_KEY_FIELD]: newKey(), [FORM_TIMING_FIELD]: forged });
    expect((kept.data as { wizard: WizardState }).wizard.timing).toBe(forged);
  });

  it("with JavaScript: the browser's report gives step times, viewport and how contact boxes were filled", async () => {
    const timing = await openForm();
    tick(95_000);
    const report = { viewport: [390, 844], stepMs: [30_000, 20_000, 15_000, 20_000, 10_000], entry: { fn: ["typed"], em: ["pasted", "typed", "pasted"], ph: ["autofilled"] } };
    const { lead, certificate, facts } = await submit({ [FORM_TIMING_FIELD]: timing, [FILL_FACTS_FIELD]: JSON.stringify(report) });
    expect(lead.is_spam).toBe(0);
    expect(facts).toEqual({
      channel: "form",
      javascript: true,
      renderToken: "valid",
      totalMs: 95_000,
      stepMs: report.stepMs,
      stepTimesFrom: "browser",
      viewport: { width: 390, height: 844 },
      entry: { fn: ["typed"], em: ["pasted", "typed"], ph: ["autofilled"] },
      rejected: [],
    });

    const view = (await routes.services.leadConsole.detail(lead.id))!.consentProof!;
    const words = Object.fromEntries(view.facts);
    expect(words).toMatchObject({
      "Sent through": "The claim form, with JavaScript on",
      "Time to submit": "1 min 35 s from the form's first display to Submit (server clock)",
      Viewport: "390 × 844 px",
      "Contact details": "First Name typed · Email Address pasted and typed · Phone Number autofilled",
    });
    expect(words["Time per step"]).toBe(
      "Personal Information: 30.0 s · Accident Details: 20.0 s · Legal & Treatment: 15.0 s · Insurance & Injuries: 20.0 s · Final Steps: 10.0 s (measured in the browser)",
    );
    expect(view).toMatchObject({
      textVersion: certificate.consent_text_version,
      textSha256: certificate.consent_text_sha256,
      pageAsShownHref: `/admin/leads/${lead.id}/page-as-shown`,
      noPageReason: null,
    });
  });

  it("never refuses a lead for a bad report: parts that fail their checks are left out and named", async () => {
    const timing = await openForm();
    tick(60_000);
    const cases: Array<[string, string[]]> = [
      ["{not json", ["report"]],
      ["[1,2,3]", ["report"]],
      ["x".repeat(10_000), ["report"]],
      [JSON.stringify({ viewport: [0, -5], stepMs: [1, 2], entry: { fn: ["typed"] } }), ["viewport"]],
      [JSON.stringify({ viewport: [390, 844], stepMs: [1, 2, 3, 4, 5, 6, 7], entry: { st: ["typed"], fn: ["typed"] } }), ["stepMs", "entry"]],
      [JSON.stringify({ viewport: "390x844", stepMs: [1e15], entry: { fn: ["shouted"] } }), ["viewport", "stepMs", "entry"]],
    ];
    for (const [report, rejected] of cases) {
      const { lead, facts } = await submit({ [FORM_TIMING_FIELD]: timing, [FILL_FACTS_FIELD]: report });
      expect(lead.is_spam).toBe(0);
      expect(facts.rejected, report.slice(0, 60)).toEqual(rejected);
    }
  });

  it("never refuses a lead for any report a client can send (fuzzed)", async () => {
    const timing = await openForm();
    tick(60_000);
    const reports = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.json({ maxDepth: 3 }),
      fc.record({ viewport: fc.anything(), stepMs: fc.anything(), entry: fc.anything() }, { requiredKeys: [] }).map((r) => JSON.stringify(r) ?? ""),
    );
    await fc.assert(
      fc.asyncProperty(reports, async (report) => {
        const { lead, certificate } = await submit({ [FORM_TIMING_FIELD]: timing, [FILL_FACTS_FIELD]: report });
        expect(lead.is_spam).toBe(0);
        expect(certificate.fill_facts!.length).toBeLessThan(2_000);
      }),
      { numRuns: 25 },
    );
  });
});

describe("the consent text's version", () => {
  it("is stored with every certificate, derived from the exact text the visitor was shown", async () => {
    const { certificate } = await submit({});
    expect(certificate.consent_text).toBe(mva.consentText(routes.config.site));
    expect({ version: certificate.consent_text_version, sha256: certificate.consent_text_sha256 }).toEqual(consentTextVersion(certificate.consent_text));
  });
});

describe("the consent page as shown", () => {
  it("stores the consent step with the submitted answers and the stylesheet, and opens it for an operator only, without scripts", async () => {
    const timing = await openForm();
    tick(30_000);
    const { lead } = await submit({ [FORM_TIMING_FIELD]: timing });
    const snapshot = await routes.db.selectFrom("consent_page_snapshots").selectAll().where("lead_id", "=", lead.id).executeTakeFirstOrThrow();
    expect(snapshot.html).toMatch(/^<body class="[^"]+">/);
    expect(snapshot.html).toContain(">Final Steps</h2>");
    expect(snapshot.html).toContain(escapeHtml(mva.consentText(routes.config.site)));
    expect(snapshot.html).toMatch(/<input type="checkbox" id="tcpa"[^>]* name="tcpa" checked=""/);
    expect(snapshot.html).toContain("Step 5 of 5");
    expect(snapshot.html).not.toMatch(/<script/i);
    expect(snapshot.inline_css).toContain(".theme-mva{");
    const stylesheet = await routes.db.selectFrom("consent_stylesheets").selectAll().where("sha256", "=", snapshot.stylesheet_sha256).executeTakeFirstOrThrow();
    expect(stylesheet.href).toBe(snapshot.stylesheet_href);

    const anonymous = await fetch(`${pageUrl}/admin/leads/${lead.id}/page-as-shown`, { redirect: "manual" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent(`/admin/leads/${lead.id}/page-as-shown`)}`);

    const shown = await fetch(`${pageUrl}/admin/leads/${lead.id}/page-as-shown`, { headers: { cookie: operatorCookie } });
    expect(shown.status).toBe(200);
    const csp = shown.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/(^|; )sandbox($|;)/);
    const html = await shown.text();
    // The stored page is the frame's document, escaped into its srcdoc attribute.
    const frameDocument = unescapeAttribute(/<iframe [^>]*srcdoc="([^"]*)"/.exec(html)![1]!);
    expect(frameDocument).toContain(snapshot.html);
    expect(frameDocument).toContain(`<title>${escapeHtml(snapshot.title)}</title>`);
    expect(html).toContain(`<title>${escapeHtml(snapshot.title)}</title>`);
    expect(html).toMatch(/<iframe title="The consent page as the visitor saw it" sandbox="" srcdoc=/);
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1]!;
    expect(html.replace(/srcdoc="[^"]*"/, "").match(/<style nonce="([^"]+)">/g)).toEqual([`<style nonce="${nonce}">`]);
    expect(frameDocument.match(/<style nonce="([^"]+)">/g)).toEqual([`<style nonce="${nonce}">`, `<style nonce="${nonce}">`]);
    // No viewport in this submission's facts (no browser report): the frame fills the window.
    expect(html).toMatch(/iframe\{[^}]*width:100%;/);
    expect(html).toContain("The visitor's viewport was not recorded");
  });

  it("is framed at the visitor's viewport from the fill facts; a stored viewport that fails the checks is not used", async () => {
    const report = { viewport: [390, 844], stepMs: [1_000, 1_000, 1_000, 1_000, 1_000] };
    const { lead } = await submit({ [FORM_TIMING_FIELD]: await openForm(), [FILL_FACTS_FIELD]: JSON.stringify(report) });
    const framed = async () => (await fetch(`${pageUrl}/admin/leads/${lead.id}/page-as-shown`, { headers: { cookie: operatorCookie } })).text();
    const html = await framed();
    expect(html).toMatch(/iframe\{[^}]*width:390px;height:844px\}/);
    expect(html).toContain("Shown at the visitor's viewport, 390 × 844 px");

    // Fill facts are stored text: a viewport no browser reports (here edited in the database) is not trusted.
    const certificate = { certificate_id: lead.certificate_id! };
    for (const viewport of [{ width: 1e9, height: 844 }, { width: "390px", height: 844 }, { width: 390 }]) {
      const facts = { ...(JSON.parse((await savedLead(lead.submission_key)).certificate.fill_facts!) as FillFacts), viewport };
      await routes.db.updateTable("submission_certificates").set({ fill_facts: JSON.stringify(facts) }).where("certificate_id", "=", certificate.certificate_id).execute();
      const tampered = await framed();
      expect(tampered).toMatch(/iframe\{[^}]*width:100%;/);
      expect(tampered).not.toContain("1000000000px");
    }
  });

  it("keeps one copy of each stylesheet version however many pages use it", async () => {
    await submit({});
    await submit({});
    const { count } = await routes.db.selectFrom("consent_stylesheets").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it("has none for a JSON API submission, which says so on its record and its page", async () => {
    const submitted = await leads.submit("mva", mvaAnswers(), { ip: "203.0.113.8", userAgent: "curl", pageUrl: null, attribution: null });
    const leadId = (submitted as { leadId: string }).leadId;
    const view = (await routes.services.leadConsole.detail(leadId))!.consentProof!;
    expect(view.pageAsShownHref).toBeNull();
    expect(view.noPageReason).toBe("Sent through the JSON API: there was no page.");
    expect(Object.fromEntries(view.facts)["Sent through"]).toBe("The JSON API: no page was shown and no form was filled in");
    const shown = await fetch(`${pageUrl}/admin/leads/${leadId}/page-as-shown`, { headers: { cookie: operatorCookie } });
    expect(shown.status).toBe(404);
    expect(await shown.text()).toMatch(/sent through the API/);
  });

  it("a lead is saved without a page when the page cannot be rendered", async () => {
    const failing = routes.context({}, { leads });
    const request = formPost(mva.routes.form, { ...formFields(mva, mvaAnswers()), step: "4", intent: "submit", [SUBMISSION_KEY_FIELD]: "render-fails-01" });
    // A form with no consent step to render cannot happen with the registry's claims; a renderer that throws can.
    const { handleWizardPost } = await import("../../app/wizard/wizard-action");
    const answer = await handleWizardPost(mva, await request.formData(), failing.leads, { ip: null, userAgent: null, pageUrl: null, attribution: null }, routes.logger, () =>
      Promise.reject(new Error("render failed (test)")),
    );
    expect(answer.body).toEqual({ redirect: expect.stringMatching(/^\/mva-claim\//) });
    const { lead } = await savedLead("render-fails-01");
    const snapshot = await routes.db.selectFrom("consent_page_snapshots").select("lead_id").where("lead_id", "=", lead.id).executeTakeFirst();
    expect(snapshot).toBeUndefined();
  });
});

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
