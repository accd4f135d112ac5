import { describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { claimBySlug } from "#claims/registry";
import { mvaAnswers } from "#claims/mva/examples";
import { action as experimentsAction, loader as experimentsLoader } from "../../app/routes/admin-experiments";
import { action as formAction, loader as formLoader } from "../../app/routes/claim-form";
import { loader as landingLoader } from "../../app/routes/claim-landing";
import { encodeAttribution } from "../../server/attribution/attribution";
import type { FunnelRecord } from "../../server/analytics/funnel-events";
import type { ConsoleRoutes } from "../support/console-leads";
import { anotherPerson } from "../support/distinct-people";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { consoleWithOperators, type Operators } from "../support/operators";

// Landing-page experiments (issue 29, docs/decisions/060) on a real database (SQLite here, PostgreSQL
// in the integration-postgres project): /admin/experiments' loader and action with plain Requests, the
// variant on funnel events, leads and the ledger, the pages' texts per variant, promotion by hand and
// automatically. The page cache per variant over HTTP is in tests/integration/static-pages.test.ts.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const mva = claimBySlug("mva")!;

let app: ConsoleRoutes;
let operators: Operators;
consoleWithOperators((running) => ({ app, operators } = running));

const post = (fields: Record<string, string>, cookie: string | null) =>
  settled(experimentsAction(routeArgs(formPost("/admin/experiments", fields, cookie ? { cookie } : {}), app.context())));
const page = async (cookie: string) => {
  const answer = await settled(experimentsLoader(routeArgs(new Request(`${TEST_SITE_URL}/admin/experiments`, { headers: { cookie } }), app.context())));
  return answer.data as Awaited<ReturnType<typeof experimentsLoader>>;
};

/** A first-touch cookie as the site sets it, one per simulated visitor. */
const cookieOf = (n: number) => encodeAttribution({ landing_page: mva.routes.landing, first_seen_at: new Date(Date.UTC(2026, 10, 27, 9) + n * 1013).toISOString() });

const newExperiment = {
  intent: "create",
  claim: "mva",
  name: "Shorter headline",
  goal: "submit",
  lossThreshold: "0.5",
  autoPromoteAt: "",
  "variants.0.label": "Control",
  "variants.1.label": "Urgent",
  "variants.1.headline": "Hurt in a crash? Find out in 2 minutes",
  "variants.1.cta": "See what my claim is worth",
  "variants.1.formIntro": "Two minutes, no cost, no obligation.",
};

describe("/admin/experiments", () => {
  it("lets a viewer see but not change; refuses bad input in words with a 400", async () => {
    expect((await page(operators.cookies.viewer)).canChange).toBe(false);
    expect(await post(newExperiment, operators.cookies.viewer)).toMatchObject({ status: 403 });
    expect(await post(newExperiment, null)).toMatchObject({ status: 401 });

    const refused = await post({ ...newExperiment, claim: "nope", name: "", lossThreshold: "lots", "variants.1.label": "", "variants.1.headline": "" }, operators.cookies.manager);
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors).toEqual({
      claim: "Choose one of the site's claims.",
      name: "Name the experiment.",
      lossThreshold: "The stopping threshold must be a number of percentage points.",
      "variants.1.label": "Name the variant.",
    });
    expect((refused.data as { values: Record<string, string> }).values.claim).toBe("nope");
    expect(await post({ ...newExperiment, autoPromoteAt: "20" }, operators.cookies.manager)).toMatchObject({
      status: 400,
      data: { errors: { autoPromoteAt: "Auto-promote at 50 % or more (or leave it empty)." } },
    });
    expect(await post({ intent: "stop", experiment: "unknown", confirmed: "yes" }, operators.cookies.manager)).toMatchObject({ status: 404, data: { message: "No such experiment." } });
    expect(await app.services.experiments.list()).toEqual([]);
  });

  it("runs an experiment: visitors keep their variant, each variant's funnel, leads and sales are counted, and the page names the winner", async () => {
    const created = await post(newExperiment, operators.cookies.manager);
    expect(created).toMatchObject({ status: 200, data: { ok: true } });
    // One running experiment per claim.
    expect(await post({ ...newExperiment, name: "Another" }, operators.cookies.manager)).toMatchObject({ status: 409, data: { errors: { claim: expect.stringContaining("already runs") } } });
    const [experiment] = await app.services.experiments.list();
    const tagOf = (cookie: string) => app.services.liveExperiments.shown("mva", cookie)!.tag!;

    // What a visitor sees follows their cookie, every time.
    const urgent = Array.from({ length: 40 }, (_, n) => cookieOf(n)).find((cookie) => tagOf(cookie).endsWith(":B"))!;
    const control = Array.from({ length: 40 }, (_, n) => cookieOf(n)).find((cookie) => tagOf(cookie).endsWith(":A"))!;
    const landingFor = async (cookie: string | null) =>
      (await landingLoader(routeArgs(new Request(TEST_SITE_URL + mva.routes.landing), app.context({ visitorKey: cookie })))).landing.hero;
    expect(await landingFor(urgent)).toMatchObject({ title: "Hurt in a crash? Find out in 2 minutes", cta: "See what my claim is worth", intro: mva.landing.hero.intro });
    expect(await landingFor(urgent)).toEqual(await landingFor(urgent));
    expect(await landingFor(control)).toMatchObject({ title: mva.landing.hero.title, cta: mva.landing.hero.cta });
    expect(await landingFor(null)).toEqual(mva.landing.hero);
    const formFor = async (cookie: string) => (await formLoader(routeArgs(new Request(TEST_SITE_URL + mva.routes.form), app.context({ visitorKey: cookie })))).intro;
    expect(await formFor(urgent)).toBe("Two minutes, no cost, no obligation.");
    expect(await formFor(control)).toBe(mva.copy.formIntro);

    // Scripted visits: 400 visitors, every fourth of B's submits, every twentieth of A's (counted per variant:
    // which visitor gets which variant depends on the experiment's random id); a bot and a prefetch are not counted.
    const at = new Date();
    const records: FunnelRecord[] = [];
    const seen = { A: 0, B: 0 };
    for (let n = 0; n < 400; n++) {
      const cookie = cookieOf(1000 + n);
      const visit = { ip: `10.1.${n >> 8}.${n & 255}`, userAgent: CHROME, attribution: null, visitorKey: cookie };
      records.push({ claim: "mva", point: { kind: "view" }, visit, at }, { claim: "mva", point: { kind: "start" }, visit, at });
      const variant = tagOf(cookie).endsWith(":B") ? "B" : "A";
      if (seen[variant]++ % (variant === "B" ? 4 : 20) === 0) records.push({ claim: "mva", point: { kind: "submit" }, visit, at });
    }
    records.push({ claim: "mva", point: { kind: "view" }, visit: { ip: "10.9.9.9", userAgent: GOOGLEBOT, attribution: null, visitorKey: cookieOf(5000) }, at });
    records.push({ claim: "mva", point: { kind: "view" }, visit: { ip: "10.9.9.8", userAgent: CHROME, prefetch: true, attribution: null, visitorKey: cookieOf(5001) }, at });
    await app.services.funnel.recordAll(records);

    // Two leads through the form's own action, one per variant; B's is sold for $40 and A's for $25, then credited back.
    const leadIds: Record<string, string> = {};
    for (const [name, cookie] of [["A", control], ["B", urgent]] as const) {
      const answers = mvaAnswers(anotherPerson());
      const fields: Record<string, string | string[]> = { step: String(mva.steps.length - 1), intent: "submit", [SUBMISSION_KEY_FIELD]: `experiment-lead-${name}` };
      for (const [field, value] of Object.entries(answers)) fields[field] = value === true ? "on" : Array.isArray(value) ? value.map(String) : String(value);
      await settled(formAction(routeArgs(formPost(mva.routes.form, fields), app.context({ visitorKey: cookie, userAgent: CHROME, ip: `10.2.0.${name === "A" ? 1 : 2}` }))));
      const lead = await app.db.selectFrom("leads").select(["id", "experiment_variant"]).where("submission_key", "=", `experiment-lead-${name}`).executeTakeFirstOrThrow();
      expect(lead.experiment_variant).toBe(`${experiment!.id}:${name}`);
      // The lead's page names the variant.
      expect((await app.services.leadConsole.detail(lead.id))!.experimentVariant).toBe(`${experiment!.id}:${name}`);
      leadIds[name] = lead.id;
    }
    const entry = (id: string, lead: string, kind: "sale" | "credit", cents: number) => ({
      id, created_at: at.toISOString(), kind, lead_id: lead, buyer_id: "buyer-x", case_type: "MVA", lead_state: null, lead_source: "",
      amount_cents: cents, price_source: "fixed" as const, delivery_id: kind === "sale" ? `delivery-${id}` : null, sale_id: kind === "credit" ? "sale-a" : null, return_id: null, actor: "system", note: null,
    });
    await app.db.insertInto("ledger_entries").values([entry("sale-a", leadIds.A!, "sale", 2500), entry("credit-a", leadIds.A!, "credit", -2500), entry("sale-b", leadIds.B!, "sale", 4000)]).execute();

    const [shown] = (await page(operators.cookies.viewer)).experiments;
    const [a, b] = shown!.variants;
    const expectedViews = { A: 0, B: 0 };
    for (let n = 0; n < 400; n++) expectedViews[tagOf(cookieOf(1000 + n)).endsWith(":B") ? "B" : "A"] += 1;
    expect([a!.views, b!.views]).toEqual([expectedViews.A, expectedViews.B]);
    expect(a!.views + b!.views).toBe(400);
    expect(a!.starts).toBe(a!.views);
    expect([a!.eligible + b!.eligible, a!.sold, b!.sold, a!.revenueCents, b!.revenueCents]).toEqual([2, 1, 1, 0, 4000]);
    expect(b!.submits).toBeGreaterThan(3 * a!.submits);
    expect(b!.posterior.pBest).toBeGreaterThan(0.99);
    expect(shown!.decision).toMatchObject({ leader: 1, stop: true });

    // Promote asks first (without JavaScript, a confirmation panel), then every visitor sees B.
    const asked = await post({ intent: "promote", experiment: experiment!.id, variant: "B" }, operators.cookies.manager);
    expect(asked.data).toMatchObject({ confirm: { label: "Promote B" } });
    expect((await app.services.experiments.get(experiment!.id))!.status).toBe("running");
    expect(await post({ intent: "promote", experiment: experiment!.id, variant: "B", confirmed: "yes" }, operators.cookies.manager)).toMatchObject({
      status: 200,
      data: { message: "Variant B (Urgent) is promoted: every visitor sees it." },
    });
    expect((await landingFor(control)).title).toBe("Hurt in a crash? Find out in 2 minutes");
    expect((await landingFor(null)).title).toBe("Hurt in a crash? Find out in 2 minutes");
    expect(app.services.liveExperiments.tagOf("mva", control)).toBe("");
    expect(await post({ intent: "stop", experiment: experiment!.id, confirmed: "yes" }, operators.cookies.manager)).toMatchObject({
      status: 409,
      data: { message: "This experiment is promoted already." },
    });
    const audit = await app.db.selectFrom("audit_log").select(["action", "target_id"]).where("target_type", "=", "experiment").orderBy("seq").execute();
    expect(audit.map((row) => row.action)).toEqual(["create-experiment", "promote-experiment"]);
  });

  it("promotes the leader on its own once it reaches the operator's threshold", async () => {
    const created = await post({ ...newExperiment, name: "Auto", "variants.1.headline": "Injured? Check your claim", autoPromoteAt: "95" }, operators.cookies.owner);
    expect(created.status).toBe(200);
    const experiment = (await app.services.experiments.list()).find((candidate) => candidate.name === "Auto")!;
    expect(experiment.autoPromoteAt).toBeCloseTo(0.95);
    const at = new Date(Date.now() + 86_400_000);
    const records: FunnelRecord[] = [];
    const seenAuto = { A: 0, B: 0 };
    for (let n = 0; n < 400; n++) {
      const cookie = cookieOf(10_000 + n);
      const visit = { ip: `10.3.${n >> 8}.${n & 255}`, userAgent: CHROME, attribution: null, visitorKey: cookie };
      records.push({ claim: "mva", point: { kind: "view" }, visit, at });
      const variant = app.services.liveExperiments.tagOf("mva", cookie).endsWith(":B") ? "B" : "A";
      if (seenAuto[variant]++ % (variant === "B" ? 20 : 3) === 0) records.push({ claim: "mva", point: { kind: "submit" }, visit, at });
    }
    await app.services.funnel.recordAll(records);
    const shown = (await page(operators.cookies.viewer)).experiments.find((result) => result.experiment.id === experiment.id)!;
    expect(shown.experiment).toMatchObject({ status: "promoted", winner: "A" });
    // The earlier winner's texts stay under this one's: A keeps every text, so B's headline of the first experiment is still shown.
    expect(app.services.liveExperiments.shown("mva", null)!.texts.headline).toBe("Hurt in a crash? Find out in 2 minutes");
  });
});
