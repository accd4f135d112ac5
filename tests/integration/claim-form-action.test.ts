import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, MISSING_SUMMARY, SUBMISSION_KEY_FIELD, allFields, type FormValues } from "#claims/engine/form-values";
import { formAnswerPath, resultPagePath } from "#claims/engine/pages";
import type { ClaimDefinition } from "#claims/engine/types";
import { claims } from "#claims/registry";
import { action } from "../../app/routes/claim-form";
import { action as dataClaimAction } from "../../app/routes/data-claim-page";
import { action as answerAction, loader as answerLoader } from "../../app/routes/claim-form-answer";
import { action as dataAnswerAction, loader as dataAnswerLoader } from "../../app/routes/data-claim-form-answer";
import type { WizardState } from "../../app/wizard/wizard";
import { RATE_LIMIT_MESSAGE, createLeadService } from "../../server/leads/submit-lead";
import { examplesOf } from "../fixtures/claims/examples";
import { blankStepMessages, consentField, expectedLead, requiredFields, stepOf } from "../support/claim-expectations";
import { claimsAndDataClaims, examplesFor, runSuiteDataClaims } from "../support/suite-data-claims";
import { failLeadCommits } from "../support/lead-save-failure";
import { answerOf, formPost, routeArgs, startRouteServices } from "../support/load-context";

// The claim form's route action (app/routes/claim-form.tsx -> handleWizardPost), called with plain
// Requests and the load context the server builds, for every registered claim, and claims defined as data
// (support/suite-data-claims.ts), whose forms the catch route answers (app/routes/data-claim-page.tsx):
// what a visitor without JavaScript gets on Previous, Next and Submit, and what every visitor gets from Submit.

let routes: Awaited<ReturnType<typeof startRouteServices>>;
let forgetDataClaims: () => void;
beforeAll(async () => {
  routes = await startRouteServices();
  forgetDataClaims = await runSuiteDataClaims(routes.db);
});
afterAll(async () => {
  forgetDataClaims?.();
  await routes.close();
});

let keys = 0;
const newKey = () => `form-key-${String(++keys).padStart(6, "0")}`;

/** The form fields a browser posts for these answers (checked boxes, 'on' for consent). */
function formFields(definition: ClaimDefinition, answers: Record<string, unknown>, extra: Record<string, string>) {
  const fields: Record<string, string[]> = { [HONEYPOT_FIELD]: [""] };
  for (const field of allFields(definition)) {
    const value = answers[field.name];
    if (value === undefined || value === null) continue;
    if (field.kind === "consent") fields[field.name] = value === true ? ["on"] : [];
    else fields[field.name] = [value].flat().map(String);
  }
  return { ...fields, ...extra };
}

async function post(definition: ClaimDefinition, fields: Record<string, string | string[]>, context = routes.context()) {
  const request = formPost(definition.routes.form, fields, { "user-agent": "RouteTest/1.0" });
  if (!definition.data) return answerOf(await action(routeArgs(request, context)));
  // The catch route gets the path under /claims/ as its splat, as React Router gives it.
  const splat = { "*": definition.routes.form.slice("/claims/".length) };
  return answerOf(await dataClaimAction({ ...routeArgs(request, context), params: splat }));
}

const wizardOf = (data: unknown) => (data as { wizard: WizardState }).wizard;
const leadRow = (id: string) => routes.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe.each(claimsAndDataClaims().map((claim) => [claim.slug, claim] as const))("the %s form's action", (_slug, claim) => {
  const examples = examplesFor(claim);
  const lastStep = claim.steps.length - 1;
  const submit = (answers: Record<string, unknown>, key = newKey(), context = routes.context()) =>
    post(claim, formFields(claim, answers, { step: String(lastStep), intent: "submit", [SUBMISSION_KEY_FIELD]: key }), context);

  it("Next on an empty first step answers 400 with the message of every required field there, on the same step", async () => {
    const answer = await post(claim, { step: "0", intent: "next", [SUBMISSION_KEY_FIELD]: newKey() });
    expect(answer.status).toBe(400);
    const wizard = wizardOf(answer.data);
    expect(wizard.step).toBe(0);
    const required = claim.steps[0]!.fields.filter((f) => !f.optional).map((f) => f.name);
    expect(Object.keys(wizard.errors).sort()).toEqual(required.sort());
    expect(wizard.errors).toEqual(blankStepMessages(claim, 0));
  });

  it.runIf(lastStep > 0)("Next with a complete step moves on, keeping every answer; Previous goes back without checking", async () => {
    const key = newKey();
    const fields = formFields(claim, examples[0].answers, { step: "0", intent: "next", [SUBMISSION_KEY_FIELD]: key });
    const next = await post(claim, fields);
    expect(next.status).toBe(200);
    const wizard = wizardOf(next.data);
    expect(wizard).toMatchObject({ step: 1, errors: {} });
    expect(wizard.values).toEqual({ ...valuesOf(claim, fields), [SUBMISSION_KEY_FIELD]: key });

    const previous = await post(claim, { step: "1", intent: "previous", [SUBMISSION_KEY_FIELD]: key });
    expect(previous.status).toBe(200);
    expect(wizardOf(previous.data)).toMatchObject({ step: 0, errors: {} });
  });

  it.each(examples.map((e) => [e.name, e] as const))("Submit, %s: saves the lead and shows its result", async (_name, example) => {
    const answer = await submit(example.answers);
    const expected = expectedLead(claim, example.answers);
    let leadId: string;
    if (claim.resultPages) {
      expect(answer.status).toBe(302);
      const location = answer.headers.get("location")!;
      leadId = new URL(location, "https://claims.example").searchParams.get("lead")!;
      expect(location).toBe(resultPagePath(claim, example.outcome, leadId));
    } else {
      expect(answer.status).toBe(200);
      const { result } = answer.data as { result: { outcome: unknown; leadId: string } };
      expect(result.outcome).toBe(example.outcome);
      leadId = result.leadId;
    }
    const lead = await leadRow(leadId);
    expect(lead).toMatchObject({ ...expected.row, user_ip: "203.0.113.7", user_agent: "RouteTest/1.0", is_spam: 0 });
    const certificate = await routes.db
      .selectFrom("submission_certificates")
      .select(["page_url", "lead_id"])
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    expect(certificate).toEqual({ lead_id: leadId, page_url: `https://claims.example${claim.routes.form}` });
  });

  it("Submit with required answers missing answers 400 on the first step that has one, with the claim's summary", async () => {
    const tcpa = consentField(claim);
    const withoutConsent = await submit({ ...examples[0].answers, [tcpa.name]: false });
    expect(withoutConsent.status).toBe(400);
    expect(wizardOf(withoutConsent.data)).toMatchObject({
      step: stepOf(claim, tcpa),
      errors: { [tcpa.name]: blankStepMessages(claim, stepOf(claim, tcpa))[tcpa.name] },
      formError: MISSING_SUMMARY,
    });

    const first = requiredFields(claim)[0]!;
    const answers = { ...examples[0].answers, [first.name]: undefined, [tcpa.name]: false };
    const wizard = wizardOf((await submit(answers)).data);
    expect(wizard.step).toBe(stepOf(claim, first));
    expect(Object.keys(wizard.errors).sort()).toEqual([first.name, tcpa.name].sort());
  });

  it("Submit with a phone whose area code is not in use answers 400 on the phone's step, with the server's message there", async () => {
    const phone = allFields(claim).find((field) => field.privacy === "phone");
    if (!phone) return;
    const answer = await submit({ ...examples[0].answers, [phone.name]: "(555) 555-0134" });
    expect(answer.status).toBe(400);
    expect(wizardOf(answer.data)).toMatchObject({
      step: stepOf(claim, phone),
      errors: { [phone.name]: "555 is not a US area code in use. Please check the phone number." },
    });
  });

  it("Submit again with the same key shows the same result; the key with other answers is a conflict (409)", async () => {
    const key = newKey();
    const first = await submit(examples[0].answers, key);
    const again = await submit(examples[0].answers, key);
    expect(again.status).toBe(first.status);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));

    const conflict = await submit({ ...examples[0].answers, ...differentText(claim, examples[0].answers) }, key);
    expect(conflict.status).toBe(409);
    expect(wizardOf(conflict.data)).toMatchObject({ step: lastStep, errors: {}, formError: "This submission key was already used for a different submission" });
  });

  it("a lead that cannot be saved answers 500 with the claim's own message, keeping the answers and no details", async () => {
    const broken = routes.context({}, {
      leads: {
        ...routes.services.leads,
        submit: () => Promise.reject(new Error("SQLITE_FULL: database or disk is full (test)")),
      },
    });
    const key = newKey();
    const answer = await submit(examples[0].answers, key, broken);
    expect(answer.status).toBe(500);
    const wizard = wizardOf(answer.data);
    expect(wizard).toMatchObject({ step: lastStep, errors: {}, formError: claim.copy.submitError });
    expect(wizard.values[SUBMISSION_KEY_FIELD]).toBe(key);
    expect(JSON.stringify(answer.data)).not.toMatch(/SQLITE|disk is full/);
  });
});

/** The values the wizard holds for posted fields: lists for checkbox groups, single strings otherwise. */
function valuesOf(definition: ClaimDefinition, fields: Record<string, string | string[]>): FormValues {
  const values: FormValues = { [HONEYPOT_FIELD]: String(fields[HONEYPOT_FIELD] ?? "") };
  for (const field of allFields(definition)) {
    const posted = [fields[field.name] ?? []].flat();
    values[field.name] = field.kind === "checkboxes" ? posted : (posted[0] ?? "");
  }
  return values;
}

/** The same answers with one text answer changed: a different submission. */
function differentText(definition: ClaimDefinition, answers: Record<string, unknown>) {
  const field = requiredFields(definition).find((f) => f.kind === "text" || f.kind === "textarea")!;
  return { [field.name]: `${String(answers[field.name])} Jr` };
}

describe("the claim form's action, for any claim", () => {
  const claim = claims[0]!;
  const answers = examplesOf(claim)[0].answers;
  const lastStep = String(claim.steps.length - 1);

  it("answers 503 with the claim's own message when the database does not commit the lead, and saves nothing", async () => {
    const before = await routes.db.selectFrom("leads").select("id").execute();
    const failCommits = await failLeadCommits(routes.db);
    try {
      const key = `commit-fails-${Date.now()}`;
      const answer = await post(claim, formFields(claim, answers, { step: lastStep, intent: "submit", [SUBMISSION_KEY_FIELD]: key }));
      expect(answer.status).toBe(503);
      expect(wizardOf(answer.data)).toMatchObject({ errors: {}, formError: claim.copy.submitError });
      expect(wizardOf(answer.data).values[SUBMISSION_KEY_FIELD]).toBe(key);
    } finally {
      await failCommits.restore();
    }
    expect(await routes.db.selectFrom("leads").select("id").execute()).toHaveLength(before.length);
  });

  it("answers 429 with the rate-limit message once the visitor's network has sent its hourly share", async () => {
    const limited = routes.context(
      { ip: "198.51.100.99" },
      { leads: createLeadService({ db: routes.db, logger: routes.logger, siteUrl: routes.config.siteUrl, site: routes.config.site, leadRateLimitPerHour: 1 }) },
    );
    const fields = (key: string) => formFields(claim, answers, { step: lastStep, intent: "submit", [SUBMISSION_KEY_FIELD]: key });
    expect((await post(claim, fields(newKey()), limited)).status).toBeLessThan(400);
    const second = await post(claim, fields(newKey()), limited);
    expect(second.status).toBe(429);
    expect(wizardOf(second.data)).toMatchObject({ formError: RATE_LIMIT_MESSAGE, errors: {} });
  });

  it("stores a filled honeypot as spam and the visitor's first-touch attribution", async () => {
    const key = newKey();
    const context = routes.context({ attribution: { utm_source: "route-test", landing_page: claim.routes.landing } });
    const fields = formFields(claim, answers, { step: lastStep, intent: "submit", [SUBMISSION_KEY_FIELD]: key, [HONEYPOT_FIELD]: "http://spam.example" });
    expect((await post(claim, fields, context)).status).toBeLessThan(400);
    const lead = await routes.db.selectFrom("leads").selectAll().where("submission_key", "=", key).executeTakeFirstOrThrow();
    expect(lead.is_spam).toBe(1);
    expect(JSON.parse(lead.attribution!)).toEqual({ utm_source: "route-test", landing_page: claim.routes.landing });
  });

  it("keeps a posted step inside the form: a step past the end is the last, anything else not a number the first", async () => {
    const past = await post(claim, { step: "99", intent: "next", [SUBMISSION_KEY_FIELD]: newKey() });
    expect(wizardOf(past.data).step).toBe(claim.steps.length - 1);
    const junk = await post(claim, { step: "two", intent: "next", [SUBMISSION_KEY_FIELD]: newKey() });
    expect(wizardOf(junk.data).step).toBe(0);
  });
});

// The form's JSON twin (app/routes/claim-form-answer.ts), where the wizard's script sends the claim:
// the same action, answered as JSON, recording the form page's URL rather than its own.
// A claim defined as data has its twin at /form-answers<form path> (app/routes/data-claim-form-answer.ts, ADR 064).
describe.each(claimsAndDataClaims().map((claim) => [claim.slug, claim] as const))("the %s form's JSON answers", (_slug, claim) => {
  const answerLoaderOf = claim.data ? dataAnswerLoader : answerLoader;
  const lastStep = String(claim.steps.length - 1);
  const send = async (fields: Record<string, string | string[]>) => {
    const request = formPost(`${formAnswerPath(claim)}?utm_source=json-test`, fields, { "user-agent": "RouteTest/1.0" });
    const args = routeArgs(request, routes.context());
    // A data claim's twin is a catch route too: it gets the path after /form-answers/claims/ as its splat.
    const response = claim.data ? await dataAnswerAction({ ...args, params: { "*": new URL(request.url).pathname.slice("/form-answers/claims/".length) } }) : await answerAction(args);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("a complete claim is saved: its result page to go to, or its result, with the form page's URL on the certificate", async () => {
    const example = examplesFor(claim)[0];
    const { status, body } = await send(formFields(claim, example.answers, { step: lastStep, intent: "submit", [SUBMISSION_KEY_FIELD]: newKey() }));
    expect(status).toBe(200);
    let leadId: string;
    if (claim.resultPages) {
      const location = body.redirect as string;
      leadId = new URL(location, "https://claims.example").searchParams.get("lead")!;
      expect(location).toBe(resultPagePath(claim, example.outcome, leadId));
    } else {
      const result = body.result as { outcome: unknown; leadId: string };
      expect(result.outcome).toBe(example.outcome);
      leadId = result.leadId;
    }
    const lead = await leadRow(leadId);
    const certificate = await routes.db.selectFrom("submission_certificates").select("page_url").where("certificate_id", "=", lead.certificate_id!).executeTakeFirstOrThrow();
    expect(certificate.page_url).toBe(`https://claims.example${claim.routes.form}?utm_source=json-test`);
  });

  it("answers anything but a post with 405 and the method to use", async () => {
    const response = answerLoaderOf();
    expect([response.status, response.headers.get("allow")]).toEqual([405, "POST"]);
    expect(await response.json()).toEqual({ error: "Method not allowed; use POST" });
  });

  it("a claim with answers missing answers 400 with the wizard's state: the step, the messages, the answers", async () => {
    const { status, body } = await send({ step: lastStep, intent: "submit", [SUBMISSION_KEY_FIELD]: newKey() });
    expect(status).toBe(400);
    const wizard = wizardOf(body);
    expect(wizard.formError).toBe(MISSING_SUMMARY);
    expect(wizard.step).toBe(stepOf(claim, requiredFields(claim)[0]!));
    expect(Object.keys(wizard.errors).length).toBeGreaterThan(0);
  });
});
