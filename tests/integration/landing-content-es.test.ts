import { describe, expect, it } from "vitest";
import { landingCopyOf, resultHasEstimate, type LandingCopy } from "#claims/engine/landing-copy";
import type { ClaimDefinition } from "#claims/engine/types";
import { claims } from "#claims/registry";
import { spanishClaim } from "#claims/spanish-tables";
import { action as contentAction, loader as contentLoader } from "../../app/routes/admin-content";
import { loader as formLoader } from "../../app/routes/claim-form";
import { loader as landingLoader } from "../../app/routes/claim-landing";
import { loader as resultLoader } from "../../app/routes/claim-result";
import { loader as homeLoader } from "../../app/routes/home";
import type { ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { landingFields } from "../support/landing-fields";
import { consoleWithOperators, type Operators } from "../support/operators";

// Each claim's Spanish landing copy as site content (`landing:<slug>:es`, docs/decisions/055 and 058,
// amended): /admin/content's action with plain Requests, then what the /es landing page, home card
// and result pages show; and what the Spanish page lacks when the English entry gains settlement
// figures or a disclaimer: the notice the operator reads, and the English disclaimer standing in.

let app: ConsoleRoutes;
let operators: Operators;
consoleWithOperators((running) => ({ app, operators } = running));

const post = (fields: Record<string, string>) =>
  settled(contentAction(routeArgs(formPost("/admin/content", fields, { cookie: operators.cookies.manager }), app.context())));
const get = (path: string) => routeArgs(new Request(`${TEST_SITE_URL}${path}`), app.context());

async function publish(entry: string, copy: LandingCopy) {
  expect(await post({ entry, intent: "save", ...landingFields(copy) })).toMatchObject({ status: 200 });
  const published = await post({ entry, intent: "publish" });
  expect(published).toMatchObject({ status: 200, data: { ok: true } });
  return (published.data as { message: string }).message;
}

const spanishLanding = async (claim: ClaimDefinition) => (await landingLoader(get(spanishClaim(claim).routes.landing))).landing;

type AdminEntry = { entry: string; title: string; previewPath: string | null; body: unknown; spanishNotice: string | null };
const adminEntries = async () =>
  ((await settled(contentLoader(routeArgs(new Request(`${TEST_SITE_URL}/admin/content`, { headers: { cookie: operators.cookies.manager } }), app.context())))).data as {
    entries: AdminEntry[];
  }).entries;

describe("Spanish landing entries at /admin/content", () => {
  it("lists one beside each claim's English entry, starting from the claim's built-in Spanish and previewed on the /es page", async () => {
    const entries = await adminEntries();
    for (const claim of claims) {
      const spanish = spanishClaim(claim);
      const at = entries.findIndex((item) => item.entry === `landing:${claim.slug}:es`);
      expect(entries[at - 1]?.entry).toBe(`landing:${claim.slug}`);
      expect(entries[at]).toMatchObject({
        title: `Landing page (Spanish): ${claim.landing.card.title}`,
        previewPath: spanish.routes.landing,
        body: landingCopyOf(spanish),
        spanishNotice: null,
      });
    }
    expect(await post({ entry: "landing:no-such-claim:es", intent: "save" })).toMatchObject({ status: 400, data: { message: "Choose a content entry to change: this one is not known." } });
    expect(await post({ entry: `landing:${claims[0]!.slug}:fr`, intent: "save" })).toMatchObject({ status: 400 });
  });

  it("refuses wrong fields on a Spanish entry with a message for each", async () => {
    const claim = claims[0]!;
    const fields = { ...landingFields(landingCopyOf(spanishClaim(claim))), "hero.title": " ", "faq.0.question": "¿Y?", "faq.0.answer": "Sí." };
    expect(await post({ entry: `landing:${claim.slug}:es`, intent: "save", ...fields })).toMatchObject({
      status: 400,
      data: { entry: `landing:${claim.slug}:es`, errors: { "hero.title": "The headline is required.", "faq.0.question": "Each question needs at least 5 characters." } },
    });
    expect((await app.services.contentStore.drafts())[`landing:${claim.slug}:es`]).toBeUndefined();
  });

  it.each(claims.map((claim) => [claim.slug, claim] as const))("%s: its built-in Spanish saves unchanged; a published Spanish copy reaches its /es pages only; a rollback brings the first back", async (_slug, claim) => {
    const spanish = spanishClaim(claim);
    const built = landingCopyOf(spanish);
    const entry = `landing:${claim.slug}:es`;
    expect(await post({ entry, intent: "save", ...landingFields(built) })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await app.services.contentStore.drafts())[entry as `landing:${string}`]?.body).toEqual(built);

    const edited: LandingCopy = {
      ...built,
      hero: { ...built.hero, title: `Titular publicado para ${claim.slug}` },
      figures: [{ label: "Acuerdo típico", value: "$1 - $2" }],
      disclaimer: "Los resultados anteriores no garantizan un resultado similar.",
      card: { ...built.card, figure: "$7K+" },
      faq: [{ question: `¿Quién puede presentar un reclamo de ${claim.slug}?`, answer: "Quien cumpla las reglas del reclamo." }],
      results: built.results.map((result) => ({ ...result, heading: `Editado ${result.key}`, ...(resultHasEstimate(result.key) ? { estimate: "$9" } : {}) })),
    };
    // Its figures are not the English page's: the answer says so (the last test below is about that).
    expect(await publish(entry, edited)).toContain(`Landing page (Spanish): ${claim.landing.card.title}: version 1 is published. The Spanish page does not show`);

    const landing = await spanishLanding(claim);
    expect(landing.hero).toMatchObject({ title: edited.hero.title, stats: edited.figures });
    expect(landing).toMatchObject({ disclaimer: edited.disclaimer, faq: edited.faq });
    const home = await homeLoader(get("/es"));
    expect(home.cards.find((card) => card.href === spanish.routes.landing || card.title === spanish.landing.card.title)?.figure).toBe("$7K+");
    await expectSpanishResults(spanish, (key) => `Editado ${key}`);
    // The English page keeps its own words.
    expect((await landingLoader(get(claim.routes.landing))).landing.hero.title).toBe(claim.landing.hero.title);

    expect(await publish(entry, { ...edited, hero: { ...edited.hero, title: "Segundo titular" } })).toContain("version 2 is published.");
    expect((await spanishLanding(claim)).hero.title).toBe("Segundo titular");
    expect(await post({ entry, intent: "rollback", version: "1" })).toMatchObject({
      data: { ok: true, message: expect.stringContaining(`Landing page (Spanish): ${claim.landing.card.title}: version 3 is published, a copy of version 1.`) },
    });
    expect((await spanishLanding(claim)).hero.title).toBe(edited.hero.title);
    const audit = await app.db.selectFrom("audit_log").select("detail").where("target_id", "=", entry).where("action", "=", "rollback-content").executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).toContain("Segundo titular");
  });
});

/** Each of the Spanish claim's results shows the heading `heading(key)`: on its /es result page, or on its /es form's result screen. */
async function expectSpanishResults(spanish: ClaimDefinition, heading: (key: string) => string) {
  for (const page of spanish.resultPages ?? []) {
    const [outcome] = Object.keys(page.variants);
    expect((await resultLoader(get(page.path))).variant).toMatchObject({ heading: heading(`${page.path}#${outcome}`), estimate: { value: "$9" } });
  }
  if (spanish.results) {
    const form = await formLoader(get(spanish.routes.form));
    for (const key of Object.keys(spanish.results)) expect(form.results?.[key as "none"]?.heading).toBe(heading(key));
  }
}

describe("an English publish the Spanish page lacks", () => {
  it("names the missing figure and disclaimer on both entries, shows the English disclaimer on the Spanish page until a Spanish one is published", async () => {
    const claim = claims.at(-1)!;
    const english = landingCopyOf(claim);
    const disclaimer = "Past results do not guarantee a similar outcome.";
    const message = await publish(`landing:${claim.slug}:es`, { ...landingCopyOf(spanishClaim(claim)), disclaimer: "" }).then(() =>
      publish(`landing:${claim.slug}`, { ...english, figures: [...english.figures.slice(0, 3), { label: "Average settlement", value: "$48,000" }], disclaimer }),
    );
    expect(message).toContain("The Spanish page does not show what the English page shows: the settlement figure $48,000 (Average settlement); the disclaimer under the figures");

    const notices = (await adminEntries()).filter((item) => item.entry.startsWith(`landing:${claim.slug}`)).map((item) => item.spanishNotice);
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(notice).toMatch(/\$48,000 \(Average settlement\); the disclaimer/);
    // The Spanish page never shows the figures without the disclaimer the English page shows.
    expect(await spanishLanding(claim)).toMatchObject({ disclaimer, disclaimerLang: "en" });

    // A Spanish version with the figure (its amount written the Spanish way) and a disclaimer of its own: nothing is missing.
    const spanishNow = landingCopyOf(spanishClaim(claim));
    const complete = {
      ...spanishNow,
      figures: [...spanishNow.figures.slice(0, 3), { label: "Acuerdo promedio", value: "$48.000" }],
      disclaimer: "Los resultados anteriores no garantizan un resultado similar.",
    };
    expect(await publish(`landing:${claim.slug}:es`, complete)).toMatch(/: version \d+ is published\.$/);
    expect((await adminEntries()).filter((item) => item.entry.startsWith(`landing:${claim.slug}`)).map((item) => item.spanishNotice)).toEqual([null, null]);
    expect(await spanishLanding(claim)).toMatchObject({ disclaimer: complete.disclaimer, disclaimerLang: undefined, hero: { stats: complete.figures } });
  });

  it("a Spanish draft is previewed on its /es page, never on the English one", async () => {
    const claim = claims[0]!;
    const entry = `landing:${claim.slug}:es`;
    const copy = landingCopyOf(spanishClaim(claim));
    expect(await post({ entry, intent: "save", ...landingFields({ ...copy, hero: { ...copy.hero, title: "Titular en borrador" } }) })).toMatchObject({ status: 200 });
    const draft = (await app.services.contentStore.drafts())[entry as `landing:${string}`]!;
    const previewed = (await app.services.content.preview(draft.previewToken))!;
    expect(previewed.preview).toBe(entry);
    expect(previewed.landingsEs[claim.slug]?.hero.title).toBe("Titular en borrador");
    expect(previewed.landings[claim.slug]).toBeUndefined();
    expect(app.context().content.landingsEs[claim.slug]?.hero.title).not.toBe("Titular en borrador");
  });
});
