import { afterAll, describe, expect, it } from "vitest";
import { setDataClaims } from "#claims/engine/live-claims";
import { claimBySlug, claims } from "#claims/registry";
import { action as previewAction, loader as previewLoader } from "../../app/routes/admin-claim-preview";
import { action as editAction, loader as editLoader } from "../../app/routes/admin-claim";
import { action as listAction, loader as listLoader } from "../../app/routes/admin-claims";
import { EMPTY_ROWS, type ClaimFormValues } from "../../server/data-claims/claim-form";
import type { ConsoleRoutes } from "../support/console-leads";
import { formPost, settled, TEST_SITE_URL } from "../support/load-context";
import { consoleWithOperators, type Operators } from "../support/operators";
import { formOf } from "../support/claim-editor-form";

// /admin/claims (issue 28, item 2; docs/decisions/063): the list, a new claim from the blank template or
// a copy, the structured editor and its JSON twin, publish, pause, resume and rollback, the preview,
// and who may do them. Route loaders and actions called with plain Requests on a real database.

let app: ConsoleRoutes;
let operators: Operators;
consoleWithOperators((running) => ({ app, operators } = running));
// The registry's data claims are the process's: leave none behind for the next file.
afterAll(() => setDataClaims([]));

const argsOf = (request: Request, slug?: string) => {
  const url = new URL(request.url);
  return { request, context: app.context(), params: slug ? { slug } : {}, url, pattern: url.pathname } as never;
};
const headers = (cookie: string | null): Record<string, string> => (cookie ? { cookie } : {});
const get = (path: string, cookie: string | null = operators.cookies.manager) => new Request(TEST_SITE_URL + path, { headers: headers(cookie) });

const list = (cookie: string | null = operators.cookies.manager) => settled(listLoader(argsOf(get("/admin/claims", cookie))));
const create = (fields: Record<string, string>, cookie: string | null = operators.cookies.manager) =>
  settled(listAction(argsOf(formPost("/admin/claims", fields, headers(cookie)))));
const editor = (slug: string, cookie: string | null = operators.cookies.manager) => settled(editLoader(argsOf(get(`/admin/claims/${slug}`, cookie), slug)));
const edit = (slug: string, fields: FormData | Record<string, string>, cookie: string | null = operators.cookies.manager) =>
  settled(editAction(argsOf(formPost(`/admin/claims/${slug}`, fields, headers(cookie)), slug)));

type Editor = { claim: { state: string; liveVersion: number | null; hasDraft: boolean; values: ClaimFormValues; json: string; spanish: { english: string; spanish: string }[]; versions: { number: number; rolledBackFrom: number | null }[] } };
const editorOf = async (slug: string) => ((await editor(slug)).data as Editor).claim;

const auditOf = (slug: string) =>
  app.db.selectFrom("audit_log").select(["action", "detail", "operator_email"]).where("target_type", "=", "data-claim").where("target_id", "=", slug).orderBy("at").execute();

describe("/admin/claims", () => {
  it("is for managers and owners: a viewer gets 403, no session goes to the login page", async () => {
    expect(await list(operators.cookies.viewer)).toMatchObject({ status: 403 });
    expect(await create({ from: "blank", slug: "viewer-claim", name: "Viewer" }, operators.cookies.viewer)).toMatchObject({ status: 403 });
    expect((await list(null)).headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fclaims");
    expect(await create({ from: "blank", slug: "nobody", name: "Nobody" }, null)).toMatchObject({ status: 401 });
    const owner = await list(operators.cookies.owner);
    expect(owner.status).toBe(200);
    // The built-in claims, by name and slug; no data claim yet.
    expect(owner.data).toMatchObject({ canChange: true, dataClaims: [], builtIns: claims.map((c) => ({ slug: c.slug, name: c.landing.card.title })) });
  });

  it("makes a claim from the blank template as a draft and opens its editor", async () => {
    const made = await create({ from: "blank", slug: "hair-relaxer", name: "Hair Relaxer" });
    expect(made).toMatchObject({ status: 302 });
    expect(made.headers.get("location")).toBe("/admin/claims/hair-relaxer?created=1");
    const claim = await editorOf("hair-relaxer");
    expect(claim).toMatchObject({ state: "draft", liveVersion: null, hasDraft: true });
    expect(claim.values.basics).toMatchObject({ name: "Hair Relaxer", caseType: "Hair Relaxer", accent: "#1d4ed8" });
    expect(claim.values.fields.map((f) => f.name)).toEqual(["fn", "ln", "em", "ph", "st", "tcpa"]);
    expect(((await list()).data as { dataClaims: unknown[] }).dataClaims).toEqual([expect.objectContaining({ slug: "hair-relaxer", name: "Hair Relaxer", state: "draft", liveVersion: null })]);
    expect((await auditOf("hair-relaxer")).map((e) => e.action)).toEqual(["create-data-claim"]);
  });

  it("refuses a bad slug, a missing name or a slug a built-in claim has, in words, keeping what was typed", async () => {
    const bad = await create({ from: "blank", slug: "Hair Relaxer", name: "" });
    expect(bad).toMatchObject({ status: 400, data: { values: { slug: "Hair Relaxer", name: "" } } });
    expect(Object.keys((bad.data as { errors: object }).errors).sort()).toEqual(["name", "slug"]);
    const taken = await create({ from: "blank", slug: "mva", name: "Car accidents again" });
    expect(taken).toMatchObject({ status: 409, data: { errors: { slug: "The slug mva is already the built-in claim 'mva''s" } } });
    expect(await create({ from: "built-in:nope", slug: "nope-copy", name: "Nope" })).toMatchObject({ status: 400, data: { errors: { from: "Choose the claim to copy from the list" } } });
  });

  it("copies a built-in claim as a new, editable claim with its questions and rules", async () => {
    expect(await create({ from: "built-in:mesothelioma", slug: "meso-copy", name: "Mesothelioma copy" })).toMatchObject({ status: 302 });
    const copy = await editorOf("meso-copy");
    const meso = claimBySlug("mesothelioma")!;
    expect(copy.values.basics).toMatchObject({ name: "Mesothelioma copy", caseType: "Mesothelioma copy" });
    expect(copy.values.fields.map((f) => f.name)).toEqual(meso.steps.flatMap((s) => s.fields.map((f) => f.name)));
    expect(copy.values.otherwiseOutcome).not.toBe("");
    expect(JSON.parse(copy.json)).toMatchObject({ slug: "meso-copy", routes: { landing: "/claims/meso-copy", form: "/claims/meso-copy/form" } });
    // A data claim can be copied too.
    expect(await create({ from: "data:meso-copy", slug: "meso-again", name: "Mesothelioma again" })).toMatchObject({ status: 302 });
    expect((await editorOf("meso-again")).values.fields).toEqual(copy.values.fields);
  });

  it("answers a save with problems 400, each beside its field, and keeps the input", async () => {
    const values = (await editorOf("hair-relaxer")).values;
    const posted = structuredClone(values);
    posted.basics.headline = "Hair relaxer lawsuits";
    posted.fields.push({ ...EMPTY_ROWS.field, step: "1", label: "", name: "usedRelaxer", kind: "select" });
    posted.rules = [{ match: "all", outcome: "eligible", reason: "Used it" }];
    posted.conditions = [{ rule: "1", answer: "nothing", test: "is", value: "Yes" }];
    posted.otherwiseOutcome = "ineligible";
    posted.otherwiseReason = "Not used";
    const answer = await edit("hair-relaxer", formOf(posted));
    expect(answer.status).toBe(400);
    const data = answer.data as { message: string; problems: string[]; errors: Record<string, string>; values: ClaimFormValues };
    expect(data.message).toBe("The claim was not saved: correct the problems listed.");
    expect(data.problems).toContain("steps.0.fields.6.label: Required");
    expect(data.errors).toEqual({ "fields.6.label": "Required" });
    // What was typed comes back; nothing was saved.
    expect(data.values.basics.headline).toBe("Hair relaxer lawsuits");
    expect(data.values.fields[6]).toMatchObject({ name: "usedRelaxer", kind: "select" });
    expect((await editorOf("hair-relaxer")).values.basics.headline).toBe("Hair Relaxer claims");
    // Once the form is complete, the problems of meaning, each beside the question, rule or screen it names.
    posted.fields[6]!.label = "Did you use a chemical hair relaxer?";
    const meaning = (await edit("hair-relaxer", formOf(posted))).data as typeof data;
    expect(meaning.errors).toMatchObject({
      "fields.6.options": "'usedRelaxer' (select) needs its options",
      "conditions.0.answer": "An eligibility rule reads 'nothing', which no question asks",
      "result.eligible.heading": "The result screen for 'eligible' is missing",
    });
    // A question in a step that does not exist.
    posted.fields[6] = { ...posted.fields[6]!, step: "4" };
    expect(await edit("hair-relaxer", formOf(posted))).toMatchObject({ status: 400, data: { errors: { "fields.6.step": "Choose a step from 1 to 1: step 4 does not exist" } } });
  });

  it("asks for more empty rows without JavaScript by answering the values as posted, saving nothing", async () => {
    const values = (await editorOf("hair-relaxer")).values;
    const posted = { ...values, basics: { ...values.basics, badge: "Typed, not saved" } };
    const answer = await edit("hair-relaxer", formOf(posted, "more-fields"));
    expect(answer).toMatchObject({ status: 200, data: { ok: true, more: "fields", values: { basics: { badge: "Typed, not saved" } } } });
    expect((await editorOf("hair-relaxer")).values.basics.badge).toBe("Free case review");
  });

  it("saves a step with a question, a rule and its screens, with each change in the audit log", async () => {
    const values = (await editorOf("hair-relaxer")).values;
    const posted = structuredClone(values);
    posted.basics.headline = "Hair relaxer lawsuits";
    posted.faq = [{ question: "Is it free?", answer: "Yes." }];
    posted.steps = [{ ...EMPTY_ROWS.step, title: "Your use" }, { ...EMPTY_ROWS.step, title: "Your contact details" }];
    for (const field of posted.fields) field.step = "2";
    posted.fields.unshift({ ...EMPTY_ROWS.field, step: "1", label: "Did you use a chemical hair relaxer?", name: "usedRelaxer", kind: "yes-no", requiredMessage: "Please answer" });
    posted.rules = [{ match: "any", outcome: "ineligible", reason: "Never used" }];
    posted.conditions = [{ rule: "1", answer: "usedRelaxer", test: "is", value: "No" }];
    posted.otherwiseOutcome = "eligible";
    posted.otherwiseReason = "Used it";
    posted.results.eligible = { heading: "You may qualify", message: "An attorney will call you." };
    posted.results.ineligible = { heading: "We cannot help", message: "Thank you." };
    posted.results.none = { heading: "", message: "" };
    posted.lead.cq1 = { answer: "usedRelaxer", value: "", join: "" };
    const saved = await edit("hair-relaxer", formOf(posted));
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "The draft is saved. Preview it, then publish it." } });
    const claim = JSON.parse((await editorOf("hair-relaxer")).json);
    expect(claim.steps.map((s: { title: string; fields: { name: string }[] }) => [s.title, s.fields.length])).toEqual([["Your use", 1], ["Your contact details", 6]]);
    expect(claim.steps[1].fields[0]).toMatchObject({ name: "fn", min: 2, autoComplete: "given-name" });
    expect(claim.eligibility).toEqual({ rules: [{ when: { any: [{ answer: "usedRelaxer", is: "No" }] }, outcome: "ineligible", reason: "Never used" }], otherwise: { outcome: "eligible", reason: "Used it" } });
    expect(claim.landing.faq).toEqual([{ question: "Is it free?", answer: "Yes." }]);
    expect(claim.results.none).toBeUndefined();
    expect(claim.lead.cq).toEqual({ "1": { answer: "usedRelaxer" } });
    const entry = (await auditOf("hair-relaxer")).at(-1)!;
    expect(entry.action).toBe("save-data-claim-draft");
    // Moving every question to another step changes too many fields to keep with their values: their names.
    expect(JSON.parse(entry.detail!).changedFields).toEqual(expect.arrayContaining(["landing.hero.title", "steps.0.title", "steps.1.fields.0.name"]));
  });

  it("saves the whole claim from JSON, and answers JSON that does not read or check 400, keeping it", async () => {
    const unreadable = await edit("hair-relaxer", { intent: "save-json", json: "{ not json" });
    expect(unreadable).toMatchObject({ status: 400, data: { form: "json", json: "{ not json" } });
    expect((unreadable.data as { message: string }).message).toMatch(/^The JSON could not be read: /);
    const claim = JSON.parse((await editorOf("hair-relaxer")).json);
    const wrong = JSON.stringify({ ...claim, theme: { accent: "blue" } });
    expect(await edit("hair-relaxer", { intent: "save-json", json: wrong })).toMatchObject({ status: 400, data: { json: wrong, problems: ["theme.accent: A colour such as #1d4ed8"] } });
    const renamed = { ...claim, slug: "other-slug" };
    expect(await edit("hair-relaxer", { intent: "save-json", json: JSON.stringify(renamed) })).toMatchObject({ status: 400, data: { message: "A claim's slug cannot change: copy it as a new claim instead." } });
    claim.landing.hero.badge = "From JSON";
    expect(await edit("hair-relaxer", { intent: "save-json", json: JSON.stringify(claim) })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await editorOf("hair-relaxer")).values.basics.badge).toBe("From JSON");
  });

  it("lists the claim's own texts for a translator and saves their Spanish in the draft, a blank one taken out", async () => {
    const texts = (await editorOf("hair-relaxer")).spanish;
    const title = texts.find((t) => t.english === "Hair Relaxer Claim");
    expect(title, "the form's title is among the texts to translate").toBeDefined();
    // The engine's own texts (the contact questions) are Spanish already: not asked for.
    expect(texts.map((t) => t.english)).not.toContain("First Name");

    const form = new FormData();
    form.set("intent", "save-spanish");
    for (const text of texts) {
      form.append("esEnglish", text.english);
      form.append("esSpanish", text.english === "Hair Relaxer Claim" ? "  Reclamo por alisadores de cabello " : "");
    }
    expect(await edit("hair-relaxer", form)).toMatchObject({ status: 200, data: { ok: true, form: "spanish" } });
    const saved = await editorOf("hair-relaxer");
    expect(JSON.parse(saved.json).es).toEqual({ "Hair Relaxer Claim": "Reclamo por alisadores de cabello" });
    expect(saved.spanish.find((t) => t.english === "Hair Relaxer Claim")?.spanish).toBe("Reclamo por alisadores de cabello");

    const uneven = new FormData();
    uneven.set("intent", "save-spanish");
    uneven.append("esEnglish", "Hair Relaxer Claim");
    expect(await edit("hair-relaxer", uneven)).toMatchObject({ status: 400, data: { form: "spanish" } });
  });

  it("previews the draft's landing and form before it is published; the form walks its steps and saves no lead", async () => {
    const landing = await settled(previewLoader(argsOf(get("/admin/claims/hair-relaxer/preview"), "hair-relaxer")));
    expect(landing).toMatchObject({ status: 200, data: { kind: "landing", claim: { landing: { hero: { title: "Hair relaxer lawsuits" } } } } });
    expect((await settled(previewLoader(argsOf(get("/admin/claims/hair-relaxer/preview/form"), "hair-relaxer")))).data).toMatchObject({ kind: "form", form: { title: "Hair Relaxer Claim" } });
    expect(await settled(previewLoader(argsOf(get("/admin/claims/hair-relaxer/preview", operators.cookies.viewer), "hair-relaxer")))).toMatchObject({ status: 403 });
    const step = (fields: Record<string, string>) => settled(previewAction(argsOf(formPost("/admin/claims/hair-relaxer/preview/form", fields, headers(operators.cookies.manager)), "hair-relaxer")));
    expect(await step({ step: "0", intent: "next" })).toMatchObject({ data: { wizard: { step: 0, errors: { usedRelaxer: "Please answer" } } } });
    expect(await step({ step: "0", intent: "next", usedRelaxer: "No" })).toMatchObject({ data: { wizard: { step: 1, errors: {} } } });
    const contact = { fn: "Jane", ln: "Doe", em: "jane@example.com", ph: "(415) 555-2671", st: "CO", tcpa: "on" };
    expect(await step({ step: "1", intent: "submit", usedRelaxer: "No", ...contact })).toMatchObject({ data: { result: { outcome: "ineligible", leadId: "PREVIEW" } } });
    expect(claimBySlug("hair-relaxer")).toBeUndefined();
    expect(await app.db.selectFrom("leads").select("id").where("case_type", "=", "Hair Relaxer").execute()).toEqual([]);
  });

  it("sets a date's earliest day and messages, a number's range, privacy, a placeholder and a step's panel; the preview checks them", async () => {
    const posted = structuredClone((await editorOf("hair-relaxer")).values);
    posted.steps[0] = { title: "Your use", panelTitle: "Why we ask", panelPoints: "Long use is linked to cancer.\n\n  Your answers stay private.  " };
    posted.fields.push(
      { ...EMPTY_ROWS.field, step: "1", label: "When did you last use it?", name: "lastUse", kind: "date", required: "optional", pastDays: "3650", rangeMessage: "Please choose a date in the last ten years", futureMessage: "That date has not come yet" },
      { ...EMPTY_ROWS.field, step: "1", label: "For how many years?", name: "years", kind: "number", required: "optional", min: "1", max: "60", rangeMessage: "Between 1 and 60 years" },
      { ...EMPTY_ROWS.field, step: "1", label: "Anything else?", name: "details", kind: "textarea", required: "optional", privacy: "free-text", placeholder: "Optional", max: "500" },
      { ...EMPTY_ROWS.field, step: "1", label: "Which products?", name: "products", kind: "checkboxes", required: "optional", options: "Dark & Lovely\nJust for Me" },
    );
    posted.lead.cq2 = { answer: "products", value: "", join: " / " };
    expect(await edit("hair-relaxer", formOf(posted))).toMatchObject({ status: 200, data: { ok: true } });
    const saved = await editorOf("hair-relaxer");
    const claim = JSON.parse(saved.json);
    expect(claim.steps[0].panel).toEqual({ title: "Why we ask", points: ["Long use is linked to cancer.", "Your answers stay private."] });
    expect(claim.steps[0].fields.slice(1)).toEqual([
      { name: "lastUse", label: "When did you last use it?", kind: "date", optional: true, pastDays: 3650, messages: { range: "Please choose a date in the last ten years", future: "That date has not come yet" } },
      { name: "years", label: "For how many years?", kind: "number", optional: true, min: 1, max: 60, messages: { range: "Between 1 and 60 years" } },
      { name: "details", label: "Anything else?", kind: "textarea", optional: true, privacy: "free-text", placeholder: "Optional", max: 500 },
      { name: "products", label: "Which products?", kind: "checkboxes", optional: true, options: [{ value: "Dark & Lovely", label: "Dark & Lovely" }, { value: "Just for Me", label: "Just for Me" }] },
    ]);
    // A checkbox list's column joins its answers with the separator given, spaces and all.
    expect(claim.lead.cq).toEqual({ "1": { answer: "usedRelaxer" }, "2": { answer: "products", join: " / " } });
    expect(saved.values.lead.cq2).toEqual({ answer: "products", value: "", join: " / " });
    // The editor shows them again as they were typed.
    expect(saved.values.steps[0]).toEqual({ title: "Your use", panelTitle: "Why we ask", panelPoints: "Long use is linked to cancer.\nYour answers stay private." });
    expect(saved.values.fields.find((f) => f.name === "lastUse")).toMatchObject({ pastDays: "3650", futureMessage: "That date has not come yet", rangeMessage: "Please choose a date in the last ten years" });

    // The draft's form (the preview) runs them: never a future date, none before the earliest day, a number in range.
    const step = (fields: Record<string, string>) => settled(previewAction(argsOf(formPost("/admin/claims/hair-relaxer/preview/form", fields, headers(operators.cookies.manager)), "hair-relaxer")));
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect(await step({ step: "0", intent: "next", usedRelaxer: "Yes", lastUse: day(3), years: "61" })).toMatchObject({
      data: { wizard: { step: 0, errors: { lastUse: "That date has not come yet", years: "Between 1 and 60 years" } } },
    });
    expect(await step({ step: "0", intent: "next", usedRelaxer: "Yes", lastUse: day(-3700) })).toMatchObject({ data: { wizard: { step: 0, errors: { lastUse: "Please choose a date in the last ten years" } } } });
    expect(await step({ step: "0", intent: "next", usedRelaxer: "Yes", lastUse: day(-3000), years: "12" })).toMatchObject({ data: { wizard: { step: 1, errors: {} } } });
  });

  it("refuses a setting the question's kind does not use, limits that are not numbers or cross, and a panel without a title: 400 in words, beside the field, nothing saved", async () => {
    const values = (await editorOf("hair-relaxer")).values;
    const at = (name: string) => values.fields.findIndex((f) => f.name === name);
    const posted = structuredClone(values);
    posted.steps[0]!.panelTitle = "";
    posted.fields[at("lastUse")]!.pastDays = "ten";
    posted.fields[at("years")] = { ...posted.fields[at("years")]!, min: "70", max: "60" };
    posted.fields[at("details")] = { ...posted.fields[at("details")]!, pastDays: "30", futureMessage: "Not yet" };
    posted.fields[at("fn")]!.privacy = "secret";
    posted.lead.cq3 = { answer: "", value: "web", join: ";" };
    const answer = await edit("hair-relaxer", formOf(posted));
    expect(answer).toMatchObject({ status: 400, data: { message: "The draft was not saved: correct the fields marked below." } });
    // What was typed comes back as typed.
    const typed = (answer.data as { values: ClaimFormValues }).values;
    expect(typed.steps[0]!.panelTitle).toBe("");
    // (A posted text area's lines end in CRLF, as a browser sends them.)
    expect(typed.steps[0]!.panelPoints.replace(/\r\n/g, "\n")).toBe(values.steps[0]!.panelPoints);
    expect((answer.data as { errors: Record<string, string> }).errors).toEqual({
      "steps.0.panelTitle": "Give the panel a title, or clear its points",
      [`fields.${at("lastUse")}.pastDays`]: "A number, such as 180: not 'ten'",
      [`fields.${at("years")}.max`]: "The largest (60) is less than the smallest (70)",
      [`fields.${at("details")}.pastDays`]: "Only a date question uses this: clear it, or change the question's kind",
      [`fields.${at("details")}.futureMessage`]: "Only a date question uses this: clear it, or change the question's kind",
      [`fields.${at("fn")}.privacy`]: "Choose how the certificate shows the answer",
      "lead.cq3.join": "A separator joins the answers of a question: name the question, or clear the separator",
    });
    const days = structuredClone(values);
    days.fields[at("lastUse")]!.pastDays = "0";
    days.fields[at("fn")]!.min = "1.5";
    expect(await edit("hair-relaxer", formOf(days))).toMatchObject({
      status: 400,
      data: { errors: { [`fields.${at("lastUse")}.pastDays`]: "A whole number of days from 1 to 36500, such as 180", [`fields.${at("fn")}.min`]: "A whole number of characters, 1 or more" } },
    });
    // What only the claim's check sees is placed beside its field too.
    const long = structuredClone(values);
    long.fields[at("details")]!.autoComplete = "x".repeat(61);
    long.lead.cq2!.join = " -- or -- !";
    expect(await edit("hair-relaxer", formOf(long))).toMatchObject({
      status: 400,
      data: { errors: { [`fields.${at("details")}.autoComplete`]: "At most 60 characters", "lead.cq2.join": "A separator of at most 10 characters" } },
    });
    expect((await editorOf("hair-relaxer")).values).toEqual(values);
  });

  it("publishes, pauses, resumes and rolls back, each reaching the site at once and recorded in the audit log", async () => {
    expect(await edit("hair-relaxer", { intent: "publish" }, operators.cookies.viewer)).toMatchObject({ status: 403 });
    expect(await edit("hair-relaxer", { intent: "publish" })).toMatchObject({ status: 200, data: { message: "Version 1 is published: the site runs it now." } });
    expect(claimBySlug("hair-relaxer")?.data).toMatchObject({ version: 1, paused: false });
    expect(await edit("hair-relaxer", { intent: "publish" })).toMatchObject({ status: 409, data: { message: "There is no draft to publish: edit the claim first." } });

    expect(await edit("hair-relaxer", { intent: "pause" })).toMatchObject({ status: 200 });
    expect(claimBySlug("hair-relaxer")?.data).toMatchObject({ version: 1, paused: true });
    expect(await edit("hair-relaxer", { intent: "resume" })).toMatchObject({ status: 200, data: { message: "The claim is open again." } });
    expect(claimBySlug("hair-relaxer")?.data?.paused).toBe(false);

    const values = (await editorOf("hair-relaxer")).values;
    await edit("hair-relaxer", formOf({ ...values, basics: { ...values.basics, headline: "Version two" } }));
    // A small change is in the audit log with its value before and after.
    expect(JSON.parse((await auditOf("hair-relaxer")).at(-1)!.detail!)).toEqual({ changes: { "landing.hero.title": { before: "Hair relaxer lawsuits", after: "Version two" } } });
    expect(await edit("hair-relaxer", { intent: "publish" })).toMatchObject({ data: { message: "Version 2 is published: the site runs it now." } });
    expect(claimBySlug("hair-relaxer")?.landing.hero.title).toBe("Version two");

    expect(await edit("hair-relaxer", { intent: "rollback", version: "x" })).toMatchObject({ status: 400, data: { message: "Choose the version to roll back to." } });
    expect(await edit("hair-relaxer", { intent: "rollback", version: "9" })).toMatchObject({ status: 404 });
    expect(await edit("hair-relaxer", { intent: "rollback", version: "2" })).toMatchObject({ status: 409, data: { message: "Version 2 is the one published now." } });
    expect(await edit("hair-relaxer", { intent: "rollback", version: "1" })).toMatchObject({ status: 200, data: { message: "Version 3, a copy of version 1, is published: the site runs it now." } });
    expect(claimBySlug("hair-relaxer")?.landing.hero.title).toBe("Hair relaxer lawsuits");
    expect(claimBySlug("hair-relaxer")?.data?.version).toBe(3);
    const claim = await editorOf("hair-relaxer");
    expect(claim.versions.map((v) => [v.number, v.rolledBackFrom])).toEqual([[3, 1], [2, null], [1, null]]);

    const audit = await auditOf("hair-relaxer");
    expect(audit.map((e) => e.action).slice(-6)).toEqual(["publish-data-claim", "pause-data-claim", "resume-data-claim", "save-data-claim-draft", "publish-data-claim", "rollback-data-claim"]);
    expect(JSON.parse(audit.at(-1)!.detail!)).toMatchObject({ version: 3, rolledBackFrom: 1, changes: { "landing.hero.title": { before: "Version two", after: "Hair relaxer lawsuits" } } });
    expect(JSON.parse(audit.find((e) => e.action === "pause-data-claim")!.detail!)).toMatchObject({ changes: { state: { before: "published", after: "paused" } } });
    expect(audit.every((e) => e.operator_email === "manager@claims.example")).toBe(true);
  });

  it("answers an unknown claim 404 and an unknown intent 400", async () => {
    expect(await editor("no-such-claim")).toMatchObject({ status: 404 });
    expect(await edit("no-such-claim", { intent: "publish" })).toMatchObject({ status: 404 });
    expect(await edit("hair-relaxer", { intent: "delete" })).toMatchObject({ status: 400, data: { message: "Choose what to do: save the draft, publish, pause, resume or roll back." } });
  });
});
