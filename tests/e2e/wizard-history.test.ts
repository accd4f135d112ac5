import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateStep, type FormValues } from "#claims/engine/form-values";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimBySlug, claims } from "#claims/registry";
import { spanishClaim } from "#claims/spanish-tables";
import { launchBrowser } from "../../tools/browser";
import { wizardMessages } from "../../app/i18n/wizard-messages";
import { startServer, type RunningServer } from "../../tools/server";
import { claimsCoveringEveryShape } from "../support/claim-shapes";
import { fillStep, sampleAnswers } from "../support/sample-answers";
import { openWizard } from "../support/wizard";

/**
 * Issue 9, item 1: every step of a multi-step form is a history entry. Back, Forward and reload
 * keep the step and the answers; no answer reaches the URL; Back after submitting never resubmits.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function checkedSampleAnswers(claim: ClaimDefinition): FormValues {
  const values = sampleAnswers(claim);
  claim.steps.forEach((_step, i) => expect(validateStep(claim, i, values), `${claim.slug} step ${i + 1} sample`).toEqual({}));
  return values;
}

/** Waits for the step, then checks its answers (`null`: a fresh step, nothing answered). */
async function expectStep(page: Page, claim: ClaimDefinition, step: number, values: FormValues | null) {
  await page.getByText(wizardMessages(claim.locale).step(step + 1, claim.steps.length)).waitFor();
  await page.locator("form[data-hydrated]").waitFor();
  for (const field of claim.steps[step]!.fields) {
    const what = `${claim.slug} step ${step + 1} ${field.name}`;
    const choice = field.kind === "radio" || field.kind === "checkboxes" || field.kind === "consent";
    if (!values) {
      if (choice) await expect.poll(() => page.locator(`input[name="${field.name}"]:checked`).count(), { message: what }).toBe(0);
      else await expect.poll(() => page.locator(`[name="${field.name}"]:not([type=hidden])`).inputValue(), { message: what }).toBe("");
      continue;
    }
    const value = values[field.name]!;
    if (field.kind === "radio" || field.kind === "checkboxes") {
      for (const v of [value].flat()) {
        await expect.poll(() => page.locator(`input[name="${field.name}"][value="${v}"]`).isChecked(), { message: what }).toBe(true);
      }
    } else if (field.kind === "consent") {
      await expect.poll(() => page.locator(`input[name="${field.name}"]`).isChecked(), { message: what }).toBe(true);
    } else {
      await expect.poll(() => page.locator(`[name="${field.name}"]:not([type=hidden])`).inputValue(), { message: what }).toBe(String(value));
    }
  }
}

const leadCount = () => server.query<{ n: number }>("select count(*) as n from leads")[0]!.n;

// History is the wizard's own behaviour, the same for every claim: it is walked once per shape of
// wizard (field kinds, gating, where results show), not once per claim (tests/support/claim-shapes.ts).
const multiStep = claimsCoveringEveryShape(claims.filter((claim) => claim.steps.length > 1));
// And once in Spanish, on the claim the site translated first: the same wizard under /es (docs/decisions/058).
const journeys = [...multiStep.map((claim) => [claim.slug, claim] as const), ["mva in Spanish", spanishClaim(claimBySlug("mva")!)] as const];

describe("wizard history (JavaScript on)", () => {
  it.each(journeys)("%s: Back, Forward and reload keep the step and the answers", async (_slug, claim) => {
    const values = checkedSampleAnswers(claim);
    const total = claim.steps.length;
    const page = await browser.newPage();
    await page.goto(`${server.url}${claim.routes.landing}`);
    await openWizard(page, `${server.url}${claim.routes.form}`);

    for (let step = 0; step < total; step++) {
      await expectStep(page, claim, step, null);
      await fillStep(page, claim, step, values);
      if (step < total - 1) await page.locator('button[name=intent][value=next]:not([hidden])').click();
    }
    // Back walks through every step with its answers, then leaves for the landing page.
    for (let step = total - 2; step >= 0; step--) {
      await page.goBack();
      await expectStep(page, claim, step, values);
    }
    // Forward comes back; reload keeps the step and the answers.
    await page.goForward();
    await expectStep(page, claim, 1, values);
    await page.reload();
    await expectStep(page, claim, 1, values);
    // Previous is a step back too, and Forward returns.
    await page.getByRole("button", { name: wizardMessages(claim.locale).previous }).click();
    await expectStep(page, claim, 0, values);
    await page.goForward();
    await expectStep(page, claim, 1, values);

    // No answer or contact detail in the URL or the history state.
    const inUrl = `${page.url()} ${await page.evaluate(() => JSON.stringify(window.history.state))}`;
    for (const text of ["jane", "Janeway", "555", "Answer kept"]) expect(inUrl.toLowerCase()).not.toContain(text.toLowerCase());

    // Submit from the last step, then Back: the result or a fresh form, never a second lead.
    for (let step = 2; step < total; step++) {
      await page.goForward();
      await expectStep(page, claim, step, values);
    }
    const before = leadCount();
    await page.locator("button[name=intent][value=submit]:not([hidden])").click();
    await page.waitForFunction(
      (formPath) => document.querySelector("#result-title") || window.location.pathname !== formPath,
      claim.routes.form,
    );
    expect(leadCount()).toBe(before + 1);
    await page.goBack();
    await page.waitForLoadState();
    if (new URL(page.url()).pathname === claim.routes.form && !(await page.locator("#result-title").count())) {
      await expectStep(page, claim, 0, null);
    }
    expect(leadCount()).toBe(before + 1);
    await page.close();
  });
});
