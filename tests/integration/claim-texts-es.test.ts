import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { landingCopyOf } from "#claims/engine/landing-copy";
import { claimBySlug, claims } from "#claims/registry";
import { spanishClaim, spanishTableOf } from "#claims/spanish-tables";
import { loader as rootLoader } from "../../app/root";
import { action as contentAction, loader as contentLoader } from "../../app/routes/admin-content";
import ClaimFormRoute, { action as formAction, loader as formLoader } from "../../app/routes/claim-form";
import { action as formAnswerAction } from "../../app/routes/claim-form-answer";
import { loader as certificateLoader } from "../../app/routes/verify-certificate";
import { claimIn } from "../../app/i18n/claims-in";
import type { WizardState } from "../../app/wizard/wizard";
import { claimTextKeys, defaultClaimTexts } from "../../server/content/claim-texts";
import type { CertificateView } from "../../server/certificates/certificate-service";
import type { ConsoleRoutes } from "../support/console-leads";
import { answerOf, formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { consoleWithOperators, type Operators } from "../support/operators";

// A built-in claim's Spanish texts as site content (`claim-texts:<slug>:es`, docs/decisions/058, amended):
// /admin/content's action with plain Requests, then what the /es form page (its HTML without JavaScript and
// the props its script gets), the form's JSON answers and the Spanish certificate page show.

let app: ConsoleRoutes;
let operators: Operators;
consoleWithOperators((running) => ({ app, operators } = running));

const game = claimBySlug("video-game")!;
const entry = `claim-texts:${game.slug}:es`;
const table = spanishTableOf(game);
/** The folder's Spanish of each text (the engine's for what every claim shares, such as the contact step). */
const folder = defaultClaimTexts(game);
const firstStep = game.steps[0]!;
const hoursLabel = "Average hours of gaming per day";
const rangeMessage = "Please enter a number of hours between 0 and 24";
const edits = {
  [game.copy.formTitle]: "Evaluación de su reclamo por videojuegos (editada)",
  [firstStep.title]: "Primer paso, editado",
  [hoursLabel]: "Horas diarias de juego (editado)",
  [rangeMessage]: "Las horas van de 0 a 24 (editado)",
};

const post = (fields: Record<string, string | string[]>) =>
  settled(contentAction(routeArgs(formPost("/admin/content", fields, { cookie: operators.cookies.manager }), app.context())));
/** The entry's form as /admin/content posts it: each English text beside its Spanish. */
const textFields = (body: Record<string, string>) => ({ textEnglish: Object.keys(body), textSpanish: Object.values(body) });
const get = (path: string) => routeArgs(new Request(`${TEST_SITE_URL}${path}`), app.context());

async function publish(name: string, body: Record<string, string>) {
  expect(await post({ entry: name, intent: "save", ...textFields(body) })).toMatchObject({ status: 200, data: { ok: true } });
  return post({ entry: name, intent: "publish" });
}

type AdminEntry = { entry: string; title: string; previewPath: string | null; body: Record<string, string>; textGroups: Array<{ title: string; texts: string[] }> | null };
const adminEntries = async () =>
  ((await settled(contentLoader(routeArgs(new Request(`${TEST_SITE_URL}/admin/content`, { headers: { cookie: operators.cookies.manager } }), app.context())))).data as {
    entries: AdminEntry[];
  }).entries;

/** The form page as a visitor without JavaScript gets it: the route's component rendered with its loader's data. */
async function formHtml(path: string) {
  const context = app.context();
  const [root, form] = [await rootLoader(routeArgs(new Request(`${TEST_SITE_URL}${path}`), context)), await formLoader(routeArgs(new Request(`${TEST_SITE_URL}${path}`), context))];
  const Stub = createRoutesStub([{ id: "root", path: "/", children: [{ id: "form", path: path.slice(1), Component: ClaimFormRoute as never }] }]);
  return { form, html: renderToStaticMarkup(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root, form } } })) };
}

/** The wizard's props as the page writes them for its script. */
function propsOf(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="claim-form-props">(.*?)<\/script>/s.exec(html);
  if (!block) throw new Error("no wizard props on the page");
  return JSON.parse(block[1]!) as Record<string, unknown>;
}

/** The messages of the hours step answered out of range, from the form's JSON twin (the wizard's script posts there). */
async function hoursMessages(formPath: string) {
  const fields = { step: "1", intent: "next", [SUBMISSION_KEY_FIELD]: `claim-texts-${Math.random().toString(36).slice(2)}`, hoursPerDay: "30" };
  const answer = await formAnswerAction(routeArgs(formPost(`${formPath}.json`, fields), app.context()));
  expect(answer.status).toBe(400);
  return ((await answer.json()) as { wizard: WizardState }).wizard.errors;
}

describe("a claim's Spanish texts at /admin/content", () => {
  it("lists one after each claim's landing entries, starting from the folder's table and previewed on the /es form page", async () => {
    const entries = await adminEntries();
    for (const claim of claims) {
      const at = entries.findIndex((item) => item.entry === `claim-texts:${claim.slug}:es`);
      expect(entries[at - 1]?.entry).toBe(`landing:${claim.slug}:es`);
      expect(entries[at]).toMatchObject({ title: `Form texts (Spanish): ${claim.landing.card.title}`, previewPath: spanishClaim(claim).routes.form, body: defaultClaimTexts(claim) });
    }
    const item = entries.find((candidate) => candidate.entry === entry)!;
    const keys = item.textGroups!.flatMap((group) => group.texts);
    expect(keys).toEqual(claimTextKeys(game));
    // The form's steps first, each by its title; the answers' messages last.
    expect(item.textGroups![0]).toMatchObject({ title: `Step 1: ${firstStep.title}` });
    expect(item.textGroups!.at(-1)!.texts).toContain(rangeMessage);
    for (const english of [hoursLabel, game.copy.formTitle, rangeMessage]) expect(item.body[english]).toBe(table[english]);
    expect(item.body[firstStep.title]).toBe("Sus datos personales");
    // The landing page's headline is the landing entry's; it is not offered twice.
    expect(landingCopyOf(game).hero.title).toBe(game.landing.hero.title);
    expect(keys).not.toContain(game.landing.hero.title);
  });

  it("refuses an empty text, a text the claim does not have and a lost {token} with a 400 in words, and saves nothing", async () => {
    const body = defaultClaimTexts(game);
    const empty = await post({ entry, intent: "save", ...textFields({ ...body, [hoursLabel]: "   " }) });
    expect(empty).toMatchObject({ status: 400, data: { entry, errors: { [hoursLabel]: "The Spanish is required: write the text as the Spanish page should show it." } } });
    const unknown = await post({ entry, intent: "save", ...textFields({ ...body, "Not a text of this claim": "No" }) });
    expect(unknown).toMatchObject({ status: 400, data: { errors: { form: `"Not a text of this claim" is not one of this claim's texts: only the texts listed here can be translated.` } } });
    const tooLong = await post({ entry, intent: "save", ...textFields({ ...body, [hoursLabel]: "x".repeat(1001) }) });
    expect(tooLong).toMatchObject({ status: 400, data: { errors: { [hoursLabel]: "The Spanish can be at most 1000 characters." } } });

    const mva = claimBySlug("mva")!;
    const withToken = claimTextKeys(mva).find((english) => english.includes("{id}"))!;
    const lost = await post({ entry: "claim-texts:mva:es", intent: "save", ...textFields({ [withToken]: "Reclamo guardado." }) });
    expect(lost).toMatchObject({ status: 400, data: { errors: { [withToken]: "The Spanish must keep {id}: the page puts the value there." } } });
    expect(await post({ entry: "claim-texts:no-such-claim:es", intent: "save" })).toMatchObject({ status: 400, data: { message: "Choose a content entry to change: this one is not known." } });

    const drafts = await app.services.contentStore.drafts();
    expect(drafts[entry as `claim-texts:${string}:es`]).toBeUndefined();
    expect(drafts["claim-texts:mva:es"]).toBeUndefined();
  });

  it("a published text reaches the /es form page, its script's props, its JSON answers and the Spanish certificate; the English page is unchanged; a rollback brings the folder's back", async () => {
    const built = defaultClaimTexts(game);
    // Version 1: the folder's texts as they are. Nothing differs, so the page and its props are as before.
    expect(await publish(entry, built)).toMatchObject({ status: 200, data: { ok: true } });
    expect(app.context().content.claimTextsEs[game.slug]).toBeUndefined();
    expect((await formLoader(get(spanishClaim(game).routes.form))).spanishTexts).toBeUndefined();

    // Version 2: four texts edited.
    expect(await publish(entry, { ...built, ...edits })).toMatchObject({ status: 200, data: { ok: true, message: `Form texts (Spanish): ${game.landing.card.title}: version 2 is published.` } });
    const spanishPath = spanishClaim(game).routes.form;
    const { form, html } = await formHtml(spanishPath);
    // The browser gets only the texts that differ from the table it loads.
    expect(form.spanishTexts).toEqual(edits);
    expect(form.title).toBe(edits[game.copy.formTitle]);
    expect(html).toContain(edits[firstStep.title]);
    expect(html).toContain(edits[game.copy.formTitle]);
    expect(propsOf(html).spanishTexts).toEqual(edits);
    expect(html).not.toContain(`>${folder[firstStep.title]!}<`);
    // One Spanish definition per published body, not one per request.
    const content = app.context().content;
    expect(claimIn(game, "es", content)).toBe(claimIn(game, "es", app.context().content));
    expect(form.spanishTexts).toBe(content.claimTextsEs[game.slug]);

    expect(await hoursMessages(spanishPath)).toMatchObject({ hoursPerDay: edits[rangeMessage] });
    const noJs = answerOf(
      await formAction(routeArgs(formPost(spanishPath, { step: "1", intent: "next", [SUBMISSION_KEY_FIELD]: "claim-texts-no-js-1", hoursPerDay: "30" }), app.context())),
    );
    expect((noJs.data as { wizard: WizardState }).wizard.errors).toMatchObject({ hoursPerDay: edits[rangeMessage] });

    const leadId = await app.makeLead({ claim: game.slug, language: "es" });
    const { certificate_id } = await app.db.selectFrom("leads").select("certificate_id").where("id", "=", leadId).executeTakeFirstOrThrow();
    const certificate = (await settled(certificateLoader(get(`/es/verify-trustedforms-pro?cert=${certificate_id}`)))).data as { certificate: CertificateView };
    expect(certificate.certificate.answers.map((answer) => answer.label)).toContain(edits[hoursLabel]);

    // The English page: its own words, and no Spanish in its props.
    const english = await formHtml(game.routes.form);
    expect(english.form.spanishTexts).toBeUndefined();
    expect(propsOf(english.html)).not.toHaveProperty("spanishTexts");
    expect(english.form.title).toBe(game.copy.formTitle);
    expect(english.html).toContain(firstStep.title);
    expect(english.html).not.toContain(edits[firstStep.title]);
    expect(await hoursMessages(game.routes.form)).toMatchObject({ hoursPerDay: rangeMessage });

    // The audit log has each edited text before and after.
    const publishes = await app.db.selectFrom("audit_log").select("detail").where("target_id", "=", entry).where("action", "=", "publish-content").execute();
    const { changes } = publishes.map((row) => JSON.parse(row.detail) as { version: number; changes: Record<string, { before: string; after: string }> }).find((detail) => detail.version === 2)!;
    expect(changes[hoursLabel]).toEqual({ before: folder[hoursLabel], after: edits[hoursLabel] });
    expect(Object.keys(changes).sort()).toEqual(Object.keys(edits).sort());

    // Back to version 1: the folder's texts again, everywhere.
    expect(await post({ entry, intent: "rollback", version: "1" })).toMatchObject({ status: 200, data: { ok: true, message: expect.stringContaining("version 3 is published, a copy of version 1.") } });
    const rolledBack = await formHtml(spanishPath);
    expect(rolledBack.form.spanishTexts).toBeUndefined();
    expect(rolledBack.form.title).toBe(folder[game.copy.formTitle]);
    expect(rolledBack.html).toContain(folder[firstStep.title]!);
    expect(rolledBack.html).not.toContain(edits[firstStep.title]);
    expect(await hoursMessages(spanishPath)).toMatchObject({ hoursPerDay: folder[rangeMessage] });
  });

  it("shows a draft on the /es form page's preview only", async () => {
    expect(await post({ entry, intent: "save", ...textFields({ ...defaultClaimTexts(game), [firstStep.title]: "Paso en borrador" }) })).toMatchObject({ status: 200 });
    const draft = (await app.services.contentStore.drafts())[entry as `claim-texts:${string}:es`]!;
    const preview = (await app.services.content.preview(draft.previewToken))!;
    expect(preview.claimTextsEs[game.slug]).toEqual({ [firstStep.title]: "Paso en borrador" });
    expect(claimIn(game, "es", preview).steps[0]!.title).toBe("Paso en borrador");
    expect(claimIn(game, "es", app.context().content).steps[0]!.title).toBe(folder[firstStep.title]!);
  });
});
