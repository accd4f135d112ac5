import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordedPartnerFields } from "#claims/engine/deliveries";
import { MISSING_SUMMARY } from "#claims/engine/form-values";
import { resultPagePath } from "#claims/engine/pages";
import { blankStepMessages, expectedLead, resultHeading } from "../support/claim-expectations";
import { claimsAndDataClaims, examplesFor, publishSuiteDataClaimsTo } from "../support/suite-data-claims";
import { answerStepInHtml, claimForm, formButton, shownErrorsInHtml, stepTitleOf, submissionKeyIn } from "../support/claim-form-html";
import { byRole, byText, getPage, submitForm, type HtmlPage } from "../support/html-page";
import { startServer, type RunningServer } from "../../tools/server";

// Every registered claim's form, and claims defined as data published while the server runs (copies of
// built-in claims held to their originals, and the hair relaxer claim: support/suite-data-claims.ts), as
// a visitor without JavaScript meets it, over HTTP from the built server: its HTML answered control by
// control and posted with the button pressed, step by step, up to the result and the stored lead (ADR 045: this was a browser test per claim with JavaScript off).
// The same forms with JavaScript, and their layout and axe rules, are checked in e2e/claims.test.ts.

const SITE = { SITE_PHONE: "(888) 555-0199", SITE_EMAIL: "help@claims.example" };
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) NoScript/1.0";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0", ...SITE });
  await publishSuiteDataClaimsTo(server);
});
afterAll(async () => {
  await server?.stop();
});

type Row = Record<string, unknown>;
const leadByKey = (key: string) => server.query<Row>("select * from leads where submission_key = ?", key)[0];
const press = (page: HtmlPage, button: string) => submitForm(page, claimForm(page), formButton(page, button));

describe.each(claimsAndDataClaims().map((claim) => [claim.slug, claim] as const))("the %s claim form without JavaScript", (_slug, claim) => {
  const [example] = examplesFor(claim);
  const last = claim.steps.length - 1;
  const next = claim.copy.next ?? "Next";

  it("checks the first step on the server, then every step posts to it, up to the result and the lead", async () => {
    let page = await getPage(server.url + claim.routes.form, { headers: { "user-agent": USER_AGENT } });
    expect(page.status).toBe(200);
    const key = submissionKeyIn(page);
    expect(key).not.toBe("");

    // An empty first step comes back from the server with its messages, on the same step.
    page = await press(page, last > 0 ? next : claim.copy.submit);
    expect(page.status).toBe(400);
    const [alert] = page.document.querySelectorAll("[role=alert]");
    expect(alert?.querySelector("p")?.textContent).toBe(MISSING_SUMMARY);
    expect(shownErrorsInHtml(page, claim.steps[0]!.fields)).toEqual(blankStepMessages(claim, 0));
    expect(stepTitleOf(page)).toBe(claim.steps[0]!.title);

    for (let step = 0; step <= last; step++) {
      expect(stepTitleOf(page), `step ${step + 1}`).toBe(claim.steps[step]!.title);
      if (last > 0) expect(byText(page.document, `Step ${step + 1} of ${last + 1}`, { exact: true }).length, `step ${step + 1}`).toBe(1);
      answerStepInHtml(page, claim, step, example!.answers);
      page = await press(page, step < last ? next : claim.copy.submit);
    }

    const lead = leadByKey(key);
    expect(lead, "lead stored").toBeDefined();
    const expected = expectedLead(claim, example!.answers);
    expect(lead).toMatchObject({ ...expected.row, user_ip: "127.0.0.1", is_spam: 0 });
    const certificateUrl = `${server.url}/verify-trustedforms-pro?cert=${lead!.certificate_id}`;
    const context = { ip: "127.0.0.1", userAgent: String(lead!.user_agent), pageUrl: server.url + claim.routes.form, certificateUrl };
    expect(JSON.parse(String(lead!.form_data))).toMatchObject({
      ...recordedPartnerFields(claim, expected.parsed, { ...claim.toLead(expected.parsed), ...context }),
      certificateUrl,
    });

    expect(page.status).toBe(200);
    const resultPage = resultPagePath(claim, example!.outcome, String(lead!.id));
    if (resultPage) {
      expect(page.url).toBe(new URL(resultPage, server.url).href);
      expect(page.document.querySelector("form[aria-labelledby='wizard-step-title']")).toBeNull();
      return;
    }
    const heading = resultHeading(claim, example!.outcome)!;
    expect(byRole(page.document, "heading", { level: 1, name: heading, exact: true })).toHaveLength(1);
    const copy = claim.results?.[example!.outcome ?? "none"] ?? claim.results?.none;
    if (copy?.message) expect(byText(page.document, copy.message, { exact: true }).length).toBeGreaterThan(0);
    expect(page.document.querySelector("[role=status]")?.textContent).toBe(claim.copy.savedNotice.replace("{id}", String(lead!.id)));
    if (example!.outcome !== "ineligible") expect(byText(page.document, `contact you ${claim.copy.contactWithin}`).length).toBeGreaterThan(0);
  });
});
