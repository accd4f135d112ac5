import { describe, expect, it } from "vitest";
import { action as contentAction, loader as contentLoader } from "../../app/routes/admin-content";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as rootLoader } from "../../app/root";
import { claims } from "#claims/registry";
import type { ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { consoleWithOperators, type Operators } from "../support/operators";

// /admin/content's loader and action called with plain Requests (issue 28, docs/decisions/055): who
// may read and change, the messages a wrong field gets, and what the home page's loaders then show.

let app: ConsoleRoutes;
let operators: Operators;
consoleWithOperators((running) => ({ app, operators } = running));

const post = (fields: Record<string, string>, cookie: string | null) =>
  settled(contentAction(routeArgs(formPost("/admin/content", fields, cookie ? { cookie } : {}), app.context())));
const page = (cookie: string | null) =>
  settled(contentLoader(routeArgs(new Request(`${TEST_SITE_URL}/admin/content`, { headers: cookie ? { cookie } : {} }), app.context())));
const hero = { entry: "home-hero", headline: "Hurt by a product? {brand} can help", text: "Three questions, two minutes.", cta: "Check my claim" };

describe("/admin/content", () => {
  it("lets a viewer read every entry but change nothing; without a session it asks to log in", async () => {
    const viewer = await page(operators.cookies.viewer);
    expect(viewer.status).toBe(200);
    const data = viewer.data as { canChange: boolean; entries: Array<{ entry: string; published: unknown; body: unknown }> };
    expect(data.canChange).toBe(false);
    // The site-wide entries (the Spanish ones among them), then each claim's landing entries of the registry, English then
    // Spanish, and its Spanish texts.
    expect(data.entries.map((item) => item.entry)).toEqual([
      "site",
      "trust-strip",
      "home-hero",
      "consent-text",
      "home-hero:es",
      "consent-text:es",
      ...claims.flatMap((claim) => [`landing:${claim.slug}`, `landing:${claim.slug}:es`, `claim-texts:${claim.slug}:es`]),
    ]);
    expect(data.entries[1]).toMatchObject({ published: null, body: { figures: [] } });
    expect(data.entries[3]).toMatchObject({ published: { number: 1, publishedBy: null } });

    expect(await post({ ...hero, intent: "save" }, operators.cookies.viewer)).toMatchObject({
      status: 403,
      data: { error: "You do not have access: this needs the manager role or higher." },
    });
    expect(await post({ ...hero, intent: "save" }, null)).toMatchObject({ status: 401 });
    expect((await page(null)).headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fcontent");
    expect(await app.services.contentStore.drafts()).toEqual({});
  });

  it("answers a wrong field, an unknown entry or intent with a 400 in words", async () => {
    const refused = await post({ entry: "site", intent: "save", name: "Brand", phone: "12", email: "brand@example.com", address: "" }, operators.cookies.manager);
    expect(refused).toMatchObject({
      status: 400,
      data: { entry: "site", message: "The draft was not saved: correct the fields marked below.", errors: { phone: "The phone number may hold only digits, spaces, ( ) . - and a leading +, at least 7." } },
    });
    // What the operator typed comes back, to be corrected rather than typed again.
    expect((refused.data as { values: { name: string } }).values.name).toBe("Brand");
    const noSource = await post(
      { entry: "trust-strip", intent: "save", "figures.0.figure": "", "figures.1.figure": "1,200+", "figures.1.label": "Claims reviewed", "figures.1.source": "" },
      operators.cookies.manager,
    );
    // Empty rows are dropped: the row with a figure is the first, and its message says what is missing.
    expect(noSource).toMatchObject({ status: 400, data: { errors: { "figures.0.source": "Each figure's source note is required." } } });
    expect(await post({ entry: "footer", intent: "save" }, operators.cookies.manager)).toMatchObject({
      status: 400,
      data: { entry: null, message: "Choose a content entry to change: this one is not known." },
    });
    expect(await post({ entry: "site", intent: "delete" }, operators.cookies.manager)).toMatchObject({
      status: 400,
      data: { message: "Choose what to do: save a draft, publish, discard the draft or roll back." },
    });
    expect(await post({ entry: "site", intent: "publish" }, operators.cookies.manager)).toMatchObject({
      status: 409,
      data: { message: "There is no draft to publish: save a draft first." },
    });
    expect(await post({ entry: "site", intent: "rollback", version: "abc" }, operators.cookies.manager)).toMatchObject({
      status: 400,
      data: { message: "Choose the version to roll back to." },
    });
  });

  it("a manager saves a draft, publishes it and the home page's loaders show it; the figures' source notes stay out of the page", async () => {
    expect(await post({ ...hero, intent: "save" }, operators.cookies.manager)).toMatchObject({
      status: 200,
      data: { ok: true, message: "Home page hero: the draft is saved. Preview it, then publish it." },
    });
    const withDraft = (await page(operators.cookies.manager)).data as { entries: Array<{ entry: string; draft: { previewToken: string } | null }> };
    expect(withDraft.entries.find((item) => item.entry === "home-hero")!.draft?.previewToken).toMatch(/^[\w-]{24}$/);
    expect(await post({ entry: "home-hero", intent: "publish" }, operators.cookies.manager)).toMatchObject({
      data: { ok: true, message: "Home page hero: version 1 is published." },
    });

    const figures = { "figures.0.figure": "1,200+", "figures.0.label": "Claims reviewed", "figures.0.source": "Our CRM export of 2026-10-31, counted by J. Doe" };
    expect(await post({ entry: "trust-strip", intent: "save", ...figures }, operators.cookies.owner)).toMatchObject({ data: { ok: true } });
    expect(await post({ entry: "trust-strip", intent: "publish" }, operators.cookies.owner)).toMatchObject({ data: { ok: true } });

    const context = app.context();
    const home = await homeLoader(routeArgs(new Request(`${TEST_SITE_URL}/`), context));
    expect(home.hero).toEqual({ headline: hero.headline, text: hero.text, cta: hero.cta });
    const root = await rootLoader(routeArgs(new Request(`${TEST_SITE_URL}/`), context));
    expect(root.trustFigures).toEqual([{ figure: "1,200+", label: "Claims reviewed" }]);
    expect(JSON.stringify(root)).not.toContain("CRM export");
    expect(root.preview).toBeNull();

    // Rolling the hero back to the built-in default is not possible (it never was a version); to version 1 it is refused as current.
    expect(await post({ entry: "home-hero", intent: "rollback", version: "1" }, operators.cookies.manager)).toMatchObject({
      status: 409,
      data: { message: "Version 1 is the one published now." },
    });
    const audit = await app.db.selectFrom("audit_log").select(["action", "operator_email"]).where("target_type", "=", "content").execute();
    expect(audit.map((entry) => `${entry.action} ${entry.operator_email}`).sort()).toEqual([
      "publish-content manager@claims.example",
      "publish-content owner@claims.example",
      "save-content-draft manager@claims.example",
      "save-content-draft owner@claims.example",
    ]);
  });
});
