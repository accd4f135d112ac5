import { describe, expect, it } from "vitest";
import { allFields, HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { landingCopyOf, resultHasEstimate } from "#claims/engine/landing-copy";
import { formAnswerPath } from "#claims/engine/pages";
import { FORM_TIMING_FIELD } from "#claims/engine/proof-fields";
import type { ClaimDefinition } from "#claims/engine/types";
import { claims } from "#claims/registry";
import { action as contentAction } from "../../app/routes/admin-content";
import { action as formAction, loader as formLoader } from "../../app/routes/claim-form";
import { action as answerAction } from "../../app/routes/claim-form-answer";
import { loader as landingLoader, meta as landingMeta } from "../../app/routes/claim-landing";
import { loader as resultLoader } from "../../app/routes/claim-result";
import { loader as homeLoader } from "../../app/routes/home";
import { withBrand } from "#claims/engine/personal-fields";
import { examplesOf } from "../fixtures/claims/examples";
import type { ConsoleRoutes } from "../support/console-leads";
import { answerOf, formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { landingFields } from "../support/landing-fields";
import { consoleWithOperators, type Operators } from "../support/operators";

// Each claim's landing copy as site content (`landing:<slug>`, docs/decisions/055), over the registry:
// /admin/content's action with plain Requests, then what the landing page, its FAQ data, the result
// pages, the form's result screen and the home card show. And the consent text version a form was
// shown, carried in its signed timing token, recorded on the certificate after a publish in between.

let app: ConsoleRoutes;
let operators: Operators;
consoleWithOperators((running) => ({ app, operators } = running), { MIN_FORM_FILL_MS: "0" });

const post = (fields: Record<string, string>) =>
  settled(contentAction(routeArgs(formPost("/admin/content", fields, { cookie: operators.cookies.manager }), app.context())));
const get = (path: string) => routeArgs(new Request(`${TEST_SITE_URL}${path}`), app.context());

describe("landing entries at /admin/content", () => {
  it("refuses wrong fields with a message for each, on any claim's entry", async () => {
    const claim = claims[0]!;
    const fields = { ...landingFields(landingCopyOf(claim)), "hero.title": " ", "figures.0.value": "", "faq.0.question": "Why?", "faq.0.answer": "" };
    const refused = await post({ entry: `landing:${claim.slug}`, intent: "save", ...fields });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        entry: `landing:${claim.slug}`,
        message: "The draft was not saved: correct the fields marked below.",
        errors: {
          "hero.title": "The headline is required.",
          "figures.0.value": "Each figure is required.",
          "faq.0.question": "Each question needs at least 5 characters.",
          "faq.0.answer": "Each answer is required.",
        },
      },
    });
    const resultIndex = landingCopyOf(claim).results.findIndex((r) => resultHasEstimate(r.key));
    if (resultIndex >= 0) {
      const noEstimate = await post({ entry: `landing:${claim.slug}`, intent: "save", ...landingFields(landingCopyOf(claim)), [`results.${resultIndex}.estimate`]: "" });
      expect(noEstimate).toMatchObject({ status: 400, data: { errors: { [`results.${resultIndex}.estimate`]: "Each result page's estimate is required." } } });
    }
    expect(await post({ entry: "landing:no-such-claim", intent: "save" })).toMatchObject({ status: 400, data: { message: "Choose a content entry to change: this one is not known." } });
    expect(await app.services.contentStore.drafts()).toEqual({});
  });

  it.each(claims.map((claim) => [claim.slug, claim] as const))("%s: its built-in words save unchanged; a published copy reaches its pages; a rollback brings the first back", async (_slug, claim) => {
    const built = landingCopyOf(claim);
    const entry = `landing:${claim.slug}`;
    // The form, filled with what the site shows, saves exactly the built-in copy.
    expect(await post({ entry, intent: "save", ...landingFields(built) })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await app.services.contentStore.drafts())[entry as `landing:${string}`]?.body).toEqual(built);

    const edited = {
      ...built,
      hero: { ...built.hero, title: `Published headline for ${claim.slug}` },
      figures: [{ label: "Typical settlement", value: "$1 - $2" }],
      disclaimer: "Past results do not guarantee a similar outcome.",
      card: { ...built.card, figure: "$7K+" },
      faq: [{ question: `Who can file a ${claim.slug} claim?`, answer: "Anyone the claim's rules allow." }],
      results: built.results.map((result) => ({ ...result, heading: `Edited ${result.key}`, ...(resultHasEstimate(result.key) ? { estimate: "$9" } : {}) })),
    };
    expect(await post({ entry, intent: "save", ...landingFields(edited) })).toMatchObject({ status: 200 });
    // The figures and disclaimer are new in English: the answer goes on to name what the Spanish page lacks (landing-content-es.test.ts).
    expect(await post({ entry, intent: "publish" })).toMatchObject({
      data: { ok: true, message: expect.stringContaining(`Landing page: ${claim.landing.card.title}: version 1 is published. The Spanish page does not show`) },
    });

    const landing = await landingLoader(get(claim.routes.landing));
    expect(landing.landing.hero).toMatchObject({ title: edited.hero.title, stats: edited.figures });
    expect(landing.landing).toMatchObject({ disclaimer: edited.disclaimer, faq: edited.faq });
    // The FAQ is also the page's FAQPage data for search engines.
    const meta = landingMeta({ loaderData: landing, location: { pathname: claim.routes.landing }, matches: [] } as unknown as Parameters<typeof landingMeta>[0]);
    expect(JSON.stringify(meta)).toContain(`"@type":"FAQPage"`);
    expect(JSON.stringify(meta)).toContain(edited.faq[0]!.question);

    const home = await homeLoader(get("/"));
    expect(home.cards.find((card) => card.title === claim.landing.card.title)?.figure).toBe("$7K+");
    await expectResultsShown(claim, (key) => `Edited ${key}`);

    // A second version, then back to the first: version 3 is a copy of version 1.
    expect(await post({ entry, intent: "save", ...landingFields({ ...edited, hero: { ...edited.hero, title: "Second headline" } }) })).toMatchObject({ status: 200 });
    expect(await post({ entry, intent: "publish" })).toMatchObject({ data: { ok: true } });
    expect((await landingLoader(get(claim.routes.landing))).landing.hero.title).toBe("Second headline");
    expect(await post({ entry, intent: "rollback", version: "1" })).toMatchObject({
      data: { ok: true, message: expect.stringContaining(`Landing page: ${claim.landing.card.title}: version 3 is published, a copy of version 1.`) },
    });
    expect((await landingLoader(get(claim.routes.landing))).landing.hero.title).toBe(edited.hero.title);
    // The audit log has the rollback with the headline before and after.
    const audit = await app.db.selectFrom("audit_log").select("detail").where("target_id", "=", entry).where("action", "=", "rollback-content").executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).toContain("Second headline");
    expect(JSON.stringify(audit.detail)).toContain(edited.hero.title);
  });
});

/** Each of the claim's results shows the heading `heading(key)`: on its result page, or on the form's result screen. */
async function expectResultsShown(claim: ClaimDefinition, heading: (key: string) => string) {
  for (const page of claim.resultPages ?? []) {
    const [outcome] = Object.keys(page.variants);
    const shown = await resultLoader(get(page.path));
    expect(shown.variant).toMatchObject({ heading: heading(`${page.path}#${outcome}`), estimate: { value: "$9" } });
  }
  if (claim.results) {
    const form = await formLoader(get(claim.routes.form));
    for (const key of Object.keys(claim.results)) expect(form.results?.[key as "none"]?.heading).toBe(heading(key));
  }
}

describe("the consent text a form was shown", () => {
  const claim = claims.find((c) => allFields(c).some((field) => field.kind === "consent"))!;
  const answers = examplesOf(claim)[0]!.answers;
  let made = 0;

  function submitFields(timing: string): Record<string, string[]> {
    made++;
    const fields: Record<string, string[]> = { [HONEYPOT_FIELD]: [""], step: [String(claim.steps.length - 1)], intent: ["submit"], [SUBMISSION_KEY_FIELD]: [`consent-shown-${made}`], [FORM_TIMING_FIELD]: [timing] };
    for (const field of allFields(claim)) {
      const value = (answers as Record<string, unknown>)[field.name];
      if (value === undefined || value === null) continue;
      if (field.kind === "consent") fields[field.name] = value === true ? ["on"] : [];
      else fields[field.name] = [value].flat().map(String);
    }
    // Each lead from its own person, so none is another's duplicate.
    for (const field of allFields(claim)) {
      if (field.kind === "email") fields[field.name] = [`shown-${made}@example.com`];
      if (field.kind === "tel") fields[field.name] = [`(212) 555-02${String(10 + made)}`];
    }
    return fields;
  }

  const certificateOf = async (leadId: string) => app.db.selectFrom("submission_certificates").selectAll().where("lead_id", "=", leadId).executeTakeFirstOrThrow();
  const leadIdOf = async () => (await app.db.selectFrom("leads").select("id").where("em", "=", `shown-${made}@example.com`).executeTakeFirstOrThrow()).id;

  async function publishConsent(template: string) {
    expect(await post({ entry: "consent-text", intent: "save", template })).toMatchObject({ status: 200 });
    expect(await post({ entry: "consent-text", intent: "publish" })).toMatchObject({ data: { ok: true } });
  }

  it("records the version and text the form showed, with and without JavaScript, though a newer one was published before the submit", async () => {
    const opened = await formLoader(get(claim.routes.form));
    const shown = opened.site.consent!;
    const shownText = withBrand(shown.template, opened.site);
    await publishConsent(`${shown.template} A newer text, published while the form was open: /opt-out.`);
    expect(app.context().site.consent!.version).toBe(shown.version + 1);

    // Without JavaScript: the page posts the form, the next step keeps the text it showed.
    const noScript = answerOf(await formAction(routeArgs(formPost(claim.routes.form, submitFields(opened.wizard.timing!)), app.context())));
    expect(noScript.status).toBeLessThan(400);
    const first = await certificateOf(await leadIdOf());
    expect([first.consent_content_version, first.consent_text]).toEqual([shown.version, shownText]);

    // With JavaScript: the wizard posts the same fields to the form's JSON twin.
    const scripted = answerOf(await answerAction(routeArgs(formPost(formAnswerPath(claim), submitFields(opened.wizard.timing!)), app.context())));
    expect(scripted.status).toBe(200);
    const second = await certificateOf(await leadIdOf());
    expect([second.consent_content_version, second.consent_text]).toEqual([shown.version, shownText]);

    // A form opened now shows, and records, the newer version.
    const reopened = await formLoader(get(claim.routes.form));
    answerOf(await formAction(routeArgs(formPost(claim.routes.form, submitFields(reopened.wizard.timing!)), app.context())));
    expect((await certificateOf(await leadIdOf())).consent_content_version).toBe(shown.version + 1);
  });

  it("a forged or unsigned token cannot name a version: the text published now is recorded", async () => {
    const current = app.context().site.consent!;
    const [body] = (await formLoader(get(claim.routes.form))).wizard.timing!.split(".");
    const payload = JSON.parse(Buffer.from(body!, "base64url").toString("utf8")) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...payload, c: 1 })).toString("base64url")}.AAAA`;
    answerOf(await formAction(routeArgs(formPost(claim.routes.form, submitFields(forged)), app.context())));
    expect((await certificateOf(await leadIdOf())).consent_content_version).toBe(current.version);
    // A genuine token naming a version that was never published (an operator's preview shows 0) records the current one too.
    const preview = await app.services.leads.formTiming.issue(claim.slug, 0);
    answerOf(await formAction(routeArgs(formPost(claim.routes.form, submitFields(preview)), app.context())));
    expect((await certificateOf(await leadIdOf())).consent_content_version).toBe(current.version);
  });
});
