import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { claimBySlug } from "#claims/registry";
import { mvaAnswers } from "#claims/mva/examples";
import { launchBrowser } from "../../tools/browser";
import { startServer, type RunningServer } from "../../tools/server";
import { logIn } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { anotherPerson } from "../support/distinct-people";

// Issue 29's experiments journey (docs/decisions/060): an operator starts an experiment with two
// variants of the MVA landing page, scripted visitors (no JavaScript, over HTTP) convert more often on
// one, the page names it and the operator promotes it; every new visitor then sees it.

const mva = claimBySlug("mva")!;
const HEADLINE_B = "Hurt in a crash? Two minutes to know";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: "true", LEAD_RATE_LIMIT_PER_HOUR: "0", MIN_FORM_FILL_MS: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One visitor without JavaScript: the landing page, and for those who convert, the form posted complete. */
async function visit(n: number, converts: (variant: "A" | "B") => boolean): Promise<"A" | "B"> {
  const headers = { accept: "text/html", "user-agent": CHROME, cookie: `first_touch=journey-${n}`, "x-forwarded-for": `10.7.${n >> 8}.${n & 255}` };
  const variant = (await (await fetch(server.url + mva.routes.landing, { headers })).text()).includes(HEADLINE_B) ? "B" : "A";
  if (converts(variant)) {
    const form = new URLSearchParams({ step: String(mva.steps.length - 1), intent: "submit", [SUBMISSION_KEY_FIELD]: `journey-${n}` });
    for (const [field, value] of Object.entries(mvaAnswers(anotherPerson()))) {
      for (const item of [value].flat()) form.append(field, value === true ? "on" : String(item));
    }
    const posted = await fetch(server.url + mva.routes.form, { method: "POST", headers: { ...headers, origin: server.url }, body: form, redirect: "manual" });
    expect(posted.status, await posted.clone().text()).toBeLessThan(400);
  }
  return variant;
}

describe("landing-page experiments", () => {
  it("an operator starts one, visitors convert better on B, the page names B and the operator promotes it", async () => {
    const operator = await browser.newPage();
    await logIn(operator, server.url, "/admin/experiments");
    await operator.getByLabel("Claim").selectOption("mva");
    await operator.getByLabel("Name", { exact: true }).first().fill("Urgent headline");
    await operator.locator("#new-variants\\.1\\.label").fill("Urgent");
    await operator.locator("#new-variants\\.1\\.headline").fill(HEADLINE_B);
    await operator.getByRole("button", { name: "Start the experiment" }).click();
    await operator.getByText("runs: visitors are split between its 2 variants").waitFor();
    expect(await axeViolations(operator)).toEqual([]);

    // One in three of B's visitors submits, one in twelve of A's.
    const shown = { A: 0, B: 0 };
    for (let n = 0; n < 260; n++) shown[await visit(n, (variant) => n % (variant === "B" ? 3 : 12) === 0)] += 1;
    expect(shown.A).toBeGreaterThan(100);
    expect(shown.B).toBeGreaterThan(100);

    // Page views are written in batches: the page is read again until the last ones are in.
    const rows = operator.locator("tr[data-variant]");
    await expect
      .poll(async () => (await operator.reload(), `${await rows.nth(0).textContent()} / ${await rows.nth(1).textContent()}`), { timeout: 20_000 })
      .toMatch(new RegExp(`^A Control${shown.A}\\d.* / B Urgent${shown.B}\\d`));
    await expect.poll(async () => (await operator.reload(), await operator.getByTestId("decision").textContent()), { timeout: 20_000 }).toContain(
      "Recommendation: stop and promote variant B (Urgent).",
    );
    // The browser asks first; before the page's script runs, the page asks instead (a confirmation panel).
    operator.once("dialog", (dialog) => void dialog.accept());
    await operator.getByRole("button", { name: "Promote B" }).click();
    const confirmPanel = operator.getByRole("alertdialog");
    await operator.getByTestId("winner").or(confirmPanel).waitFor();
    if (await confirmPanel.isVisible()) await confirmPanel.getByRole("button", { name: "Promote B" }).click();
    await operator.getByTestId("winner").waitFor();
    expect(await operator.getByTestId("winner").textContent()).toContain("Winner: variant B (Urgent)");

    // A new visitor, on any instance within a poll, sees B.
    const newcomer = await fetch(server.url + mva.routes.landing, { headers: { accept: "text/html", "user-agent": CHROME } });
    expect(await newcomer.text()).toContain(HEADLINE_B);
  }, 240_000);
});
