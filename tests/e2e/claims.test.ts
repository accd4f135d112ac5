import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClaimDefinition } from "#claims/engine/types";
import { claims } from "#claims/registry";
import { localizedPath } from "#claims/engine/locale";
import { spanishClaim } from "#claims/spanish-tables";
import { recordedPartnerFields } from "#claims/engine/deliveries";
import { resultPagePath } from "#claims/engine/pages";
import { MISSING_SUMMARY } from "#claims/engine/form-values";
import type { ClaimExample } from "../fixtures/claims/examples";
import { launchBrowser } from "../../tools/browser";
import { blankStepMessages, expectedLead, resultHeading } from "../support/claim-expectations";
import { claimsCoveringEveryShape } from "../support/claim-shapes";
import { claimsAndDataClaims, examplesFor, publishSuiteDataClaimsTo } from "../support/suite-data-claims";
import { answerStep, nextButton, shownErrors, submissionKeyOf, submitButton, waitForStep } from "../support/claim-form";
import { pageProblems } from "../support/page-checks";
import { startServer, type RunningServer } from "../../tools/server";
import { wizardMessages } from "../../app/i18n/wizard-messages";
import { gzipSize, scriptsLoadedBy, WIZARD_JS_FILES_BUDGET, WIZARD_JS_GZIP_BUDGET } from "../../tools/budgets";
import { pick } from "../support/wizard";

// Every registered claim (the test-only fixture claim included) as a visitor with JavaScript meets it,
// driven from its definition and answered with its examples, on a 360 px phone, checked by axe on every
// step, with its messages shown and on its results. Without JavaScript the server does it all: that
// journey is read over HTTP in integration/claim-forms-without-js.test.ts.
// Each claim is met in Spanish too (docs/decisions/058): the first example's journey, under /es, in the
// claim's Spanish definition. What only one claim does is in that claim's own file.

const SITE = { SITE_PHONE: "(888) 555-0199", SITE_EMAIL: "help@claims.example" };

let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0", ...SITE }), launchBrowser()]);
  // Claims defined as data, published while the server runs (support/suite-data-claims.ts).
  await publishSuiteDataClaimsTo(server);
  phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Row = Record<string, unknown>;
const leadByKey = (key: string) => server.query<Row>("select * from leads where submission_key = ?", key)[0];

/** Fills every step from the example, pressing Next between steps; ends on the last step, before Submit. */
async function answerAllSteps(page: Page, claim: ClaimDefinition, answers: Record<string, unknown>, from = 0) {
  for (let step = from; step < claim.steps.length; step++) {
    await answerStep(page, claim, step, answers);
    if (step < claim.steps.length - 1) {
      await nextButton(page, claim).click();
      await waitForStep(page, claim, step + 1);
    }
  }
}

const BUSY_LABEL_SEEN = "e2e-busy-label-seen";

/**
 * Notes in the tab's sessionStorage (which a redirect to the result page keeps) when a disabled button
 * shows the busy label. The page notes it as it happens: a look from the test, on a busy machine, can
 * come after the label is gone (a second at least, then the result page). Returns whether it was seen.
 */
async function watchForBusyLabel(page: Page, label: string): Promise<() => Promise<boolean>> {
  await page.evaluate(
    ({ label, key }) => {
      sessionStorage.removeItem(key);
      const shown = () => [...document.querySelectorAll("button[disabled]")].some((button) => button.textContent?.trim() === label);
      new MutationObserver(() => shown() && sessionStorage.setItem(key, "yes")).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { label, key: BUSY_LABEL_SEEN },
  );
  return async () => (await page.evaluate((key) => sessionStorage.getItem(key), BUSY_LABEL_SEEN)) === "yes";
}

/** Submits and checks the result the visitor sees and the lead stored for it; returns the problems found there. */
async function submitAndCheckResult(page: Page, claim: ClaimDefinition, example: ClaimExample, key: string) {
  const busyLabelSeen = claim.minBusyMs > 0 ? await watchForBusyLabel(page, claim.copy.submitting) : null;
  const started = Date.now();
  await submitButton(page, claim).click();
  const heading = resultHeading(claim, example.outcome);
  if (heading) await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
  else await page.waitForURL((url) => url.pathname !== claim.routes.form);
  expect(Date.now() - started).toBeGreaterThanOrEqual(claim.minBusyMs - 50);
  if (busyLabelSeen) expect(await busyLabelSeen(), "busy label on the disabled Submit").toBe(true);

  const lead = leadByKey(key);
  expect(lead, "lead stored").toBeDefined();
  const expected = expectedLead(claim, example.answers);
  expect(lead).toMatchObject({ ...expected.row, user_ip: "127.0.0.1", is_spam: 0 });
  expect(String(lead!.user_agent)).toContain("Chrome");
  const certificateUrl = `${server.url}/verify-trustedforms-pro?cert=${lead!.certificate_id}`;
  const formData = JSON.parse(String(lead!.form_data));
  const context = { ip: "127.0.0.1", userAgent: String(lead!.user_agent), pageUrl: server.url + claim.routes.form, certificateUrl };
  expect(formData).toMatchObject({ ...recordedPartnerFields(claim, expected.parsed, { ...claim.toLead(expected.parsed), ...context }), certificateUrl });

  const resultPage = resultPagePath(claim, example.outcome, String(lead!.id));
  if (resultPage) {
    const target = new URL(resultPage, server.url);
    expect(page.url()).toBe(target.href);
    // The URL changes before the page it leads to has rendered: wait until the form is gone.
    await page.locator("form[aria-labelledby='wizard-step-title']").waitFor({ state: "detached" });
    return;
  }
  const copy = claim.results?.[example.outcome ?? "none"] ?? claim.results?.none;
  if (copy?.message) await page.getByText(copy.message, { exact: true }).waitFor();
  const status = page.getByRole("status");
  expect(await status.textContent()).toBe(claim.copy.savedNotice.replace("{id}", String(lead!.id)));
  const words = wizardMessages(claim.locale);
  if (example.outcome !== "ineligible") await page.getByText(words.reviewWithin(claim.copy.contactWithin), { exact: true }).waitFor();
  // The result's own links: a form page may have another link home above the form ("Volver al inicio" too, in Spanish).
  const result = page.getByRole("region", { name: heading! });
  if (claim.resultAction === "submit-another") {
    expect(await result.getByRole("link", { name: SITE.SITE_PHONE }).getAttribute("href")).toBe("tel:8885550199");
    expect(await result.getByRole("link", { name: SITE.SITE_EMAIL }).getAttribute("href")).toBe(`mailto:${SITE.SITE_EMAIL}`);
    expect(await result.getByRole("link", { name: words.submitAnother }).getAttribute("href")).toBe(claim.routes.form);
  } else {
    expect(await result.getByRole("link", { name: words.returnHome }).getAttribute("href")).toBe(localizedPath("/", claim.locale ?? "en"));
  }
}

// Up to five of these run at once (Vitest's maxConcurrency), each checking every step with axe: on
// two busy cores one takes several times what it takes alone (17 s), within the project's 180 s.

// Every claim in English, built in and defined as data (support/suite-data-claims.ts); in Spanish the
// built-in claims that between them have every shape. Every claim's Spanish words are checked below the
// browser (unit/i18n-messages, integration/spanish-pages); here the Spanish wizard frame is.
const journeys = [
  ...claimsAndDataClaims().map((claim) => [claim.slug, claim] as const),
  ...claimsCoveringEveryShape(claims).map((claim) => [`${claim.slug} (Spanish)`, spanishClaim(claim)] as const),
];

describe.concurrent.each(journeys)("the %s claim form", (_name, claim) => {
  const examples = examplesFor(claim);
  const last = claim.steps.length - 1;
  const words = wizardMessages(claim.locale);
  const spanish = claim.locale === "es";
  /** A message of the engine's in the form's language. */
  const said = (message: string) => claim.translate?.(message) ?? message;

  it.concurrent("with JavaScript on a phone: every step accessible, with its messages tied to its fields, then the first example's result", async () => {
    const page = await phone.newPage();
    const problems: string[] = [];
    const check = async (state: string) => problems.push(...(await pageProblems(page)).map((p) => `${state}: ${p}`));
    try {
      await page.goto(server.url + claim.routes.form);
      await page.locator("form[data-hydrated]").waitFor();
      const key = await submissionKeyOf(page);
      const answers = examples[0].answers;
      expect(await page.getByRole("button", { name: words.previous }).isVisible()).toBe(last > 0);
      if (last === 0) expect(await page.getByText(words.step(1, 1)).count()).toBe(0);

      for (let step = 0; step <= last; step++) {
        await waitForStep(page, claim, step);
        const stepSpec = claim.steps[step]!;
        if (last > 0) {
          expect(await page.getByText(words.percentComplete(Math.round(((step + 1) / (last + 1)) * 100))).isVisible()).toBe(true);
          expect(await page.getByRole("button", { name: words.previous }).isDisabled()).toBe(step === 0);
        }
        if (stepSpec.panel) expect(await page.getByRole("heading", { name: stepSpec.panel.title }).isVisible()).toBe(true);

        // axe checks each step once: with its messages shown where the visitor can get them (the step and
        // more), else as it first appears.
        const messages = blankStepMessages(claim, step);
        const gated = step < last && claim.gating === "next-disabled-until-complete";
        if (gated || !Object.keys(messages).length) {
          await check(`step ${step + 1}`);
          if (gated) expect(await nextButton(page, claim).isDisabled(), `Next held back on step ${step + 1}`).toBe(true);
        } else {
          await (step < last ? nextButton(page, claim) : submitButton(page, claim)).click();
          const alert = page.getByRole("alert");
          await alert.waitFor();
          expect(await alert.locator("p").first().textContent()).toBe(said(MISSING_SUMMARY));
          expect(await shownErrors(page, stepSpec.fields)).toEqual(messages);
          await check(`step ${step + 1} with its messages`);
        }

        await answerStep(page, claim, step, answers);
        if (step === 1) {
          // Previous keeps what was answered.
          await page.getByRole("button", { name: words.previous }).click();
          await waitForStep(page, claim, 0);
          const first = claim.steps[0]!.fields.find((f) => f.kind !== "radio" && f.kind !== "checkboxes" && f.kind !== "consent");
          if (first) expect(await page.locator(`#${first.name}`).inputValue()).toBe(String(answers[first.name]));
          await nextButton(page, claim).click();
          await waitForStep(page, claim, 1);
        }
        if (step < last) {
          expect(await nextButton(page, claim).isEnabled()).toBe(true);
          await nextButton(page, claim).click();
        }
      }
      await submitAndCheckResult(page, claim, examples[0], key);
      await check("result");
      expect(problems).toEqual([]);

      if (claim.resultAction === "submit-another") {
        await page.getByRole("link", { name: words.submitAnother }).click();
        await page.locator("form[data-hydrated]").waitFor();
        for (const field of claim.steps[0]!.fields.filter((f) => f.kind === "text" || f.kind === "select")) {
          expect(await page.locator(`#${field.name}`).inputValue(), field.name).toBe("");
        }
        expect(await submissionKeyOf(page)).not.toBe(key);
      }
      if (spanish) {
        // The lead's certificate page in Spanish, with the Spanish consent text the form showed.
        await page.goto(`${server.url}${localizedPath("/verify-trustedforms-pro", "es")}?cert=${leadByKey(key)!.certificate_id}`);
        expect(await page.locator("main").textContent()).toContain("Al marcar esta casilla");
        expect(await pageProblems(page)).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });

  // One more journey per outcome the first example does not show: another example with the same outcome
  // shows the same screen, and every example's lead is checked below the browser (integration/claim-form-action).
  // In English only: in Spanish the same screens differ by their words, which the first journey and
  // e2e/site-pages.test.ts (the result pages) check at 360 px.
  const otherOutcomes = spanish ? [] : examples.slice(1).filter((e, i, rest) => e.outcome !== examples[0].outcome && rest.findIndex((o) => o.outcome === e.outcome) === i);
  it.concurrent.each(otherOutcomes.map((e) => [e.name, e] as const))("with JavaScript, %s: its result, accessible on a phone", async (_name, example) => {
    const page = await phone.newPage();
    try {
      await page.goto(server.url + claim.routes.form);
      await page.locator("form[data-hydrated]").waitFor();
      const key = await submissionKeyOf(page);
      await answerAllSteps(page, claim, example.answers);
      await submitAndCheckResult(page, claim, example, key);
      expect(await pageProblems(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

// A claim defined as data (docs/decisions/064), published while the server runs: its form hydrates from
// the claim's JSON, compiled in the browser, with no code chunk of its own; steps are history entries
// and survive a reload, in English and in Spanish. Everything else about it is read below the browser
// (integration/data-claim-pages, integration/data-claims).
describe("a claim defined as data, with JavaScript", () => {
  // hair-relaxer is among the claims published before the file's tests (support/suite-data-claims.ts).
  const journeys = [
    {
      locale: "en",
      form: "/claims/hair-relaxer/form",
      used: "Did you use a chemical hair relaxer for at least a year?",
      yes: "Yes",
      step: (n: number) => `Step ${n} of 3`,
      next: "Next",
      required: "Please choose at least one answer",
      diagnosis: "Have you been diagnosed with any of these?",
      uterine: "Uterine cancer",
      contact: { fn: "First Name", ln: "Last Name", em: "Email Address", ph: "Phone Number", st: "State", tcpa: "I agree to be contacted" },
      submit: "Submit Claim",
      result: "You may qualify",
    },
    {
      locale: "es",
      form: "/es/claims/hair-relaxer/form",
      used: "¿Usó un alisador químico para el cabello durante al menos un año?",
      yes: "Sí",
      step: (n: number) => `Paso ${n} de 3`,
      next: "Siguiente",
      required: "Elija al menos una respuesta",
      diagnosis: "¿Le han diagnosticado alguna de estas enfermedades?",
      uterine: "Cáncer de útero",
      contact: { fn: "Nombre", ln: "Apellido", em: "Correo electrónico", ph: "Número de teléfono", st: "Estado", tcpa: "Acepto que me contacten" },
      submit: "Enviar reclamo",
      result: "Es posible que califique",
    },
  ] as const;

  it.each(journeys)("in $locale on a phone: every step, Back, a reload, then its result and its lead", async (j) => {
    const page = await phone.newPage();
    try {
      await page.goto(server.url + j.form);
      await page.locator("form[data-hydrated]").waitFor();
      await pick(page, j.used, j.yes);
      await page.getByRole("button", { name: j.next, exact: true }).click();
      await page.getByText(j.step(2)).waitFor();
      // The browser's own check, with the claim's message: the compiled schema runs there.
      await page.getByRole("button", { name: j.next, exact: true }).click();
      await page.getByText(j.required).first().waitFor();
      await pick(page, j.diagnosis, j.uterine);
      await page.getByRole("button", { name: j.next, exact: true }).click();
      await page.getByText(j.step(3)).waitFor();

      await page.goBack();
      await page.getByText(j.step(2)).waitFor();
      expect(await page.getByRole("group", { name: j.diagnosis }).getByLabel(j.uterine, { exact: true }).isChecked()).toBe(true);
      await page.goForward();
      await page.getByText(j.step(3)).waitFor();
      await page.reload();
      await page.locator("form[data-hydrated]").waitFor();
      await page.getByText(j.step(3)).waitFor();
      const key = await submissionKeyOf(page);

      await page.getByLabel(j.contact.fn, { exact: true }).fill("Jane");
      await page.getByLabel(j.contact.ln, { exact: true }).fill("Doe");
      await page.getByLabel(j.contact.em, { exact: true }).fill(`jane.${j.locale}@example.com`);
      await page.getByLabel(j.contact.ph, { exact: true }).fill("(415) 555-2671");
      await page.getByLabel(j.contact.st, { exact: true }).selectOption("CO");
      await page.getByLabel(j.contact.tcpa).check();
      expect(await pageProblems(page)).toEqual([]);
      await page.getByRole("button", { name: j.submit, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: j.result }).waitFor();
      expect(leadByKey(key)).toMatchObject({ case_type: "Hair Relaxer", claim_version: 1, language: j.locale, cq1: "Yes", cq2: "uterine-cancer" });
    } finally {
      await page.close();
    }
  });

  it("loads no more JavaScript than the budget, and no claim's code chunk", async () => {
    const scripts = await scriptsLoadedBy(browser, `${server.url}/claims/hair-relaxer/form`);
    const bytes = [...scripts.values()].reduce((sum, text) => sum + gzipSize(text), 0);
    expect(scripts.size).toBeLessThanOrEqual(WIZARD_JS_FILES_BUDGET);
    expect(bytes).toBeLessThanOrEqual(WIZARD_JS_GZIP_BUDGET);
    console.log(`data claim form: ${scripts.size} scripts, ${bytes} B gzip: ${[...scripts.keys()].join(", ")}`);
    for (const claim of claims) expect([...scripts.values()].some((text) => text.includes(JSON.stringify(claim.copy.formTitle))), claim.slug).toBe(false);
  });
});
