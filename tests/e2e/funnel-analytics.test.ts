import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../../tools/browser";
import { fillMvaWizard } from "../support/claim-flows";
import { waitFor } from "../support/fake-receiver";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, type RunningServer } from "../../tools/server";
import { screenshotFor } from "../support/page-checks";

// A scripted set of visits to the MVA claim, with and without JavaScript, by people, a bot and a
// prefetch; the funnel the dashboard shows must equal what they did (issue 13).

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LEAD_RATE_LIMIT_PER_HOUR: "0", MIN_FORM_FILL_MS: "0" }), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

/** Each visitor is another browser: the same IP, so another user agent makes another daily hash. */
async function visitor(n: number, { javaScript = true, userAgent }: { javaScript?: boolean; userAgent?: string } = {}): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    userAgent: userAgent ?? `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`,
  });
  contexts.push(context);
  return context.newPage();
}

type Row = { kind: string; step: number; utm_source: string; visitors: number };
const funnel = () => server.query<Row>("select kind, step, utm_source, sum(visitors) as visitors from funnel_daily where claim = 'mva' group by kind, step, utm_source");
const count = (kind: string, step = 0, source?: string) =>
  funnel()
    .filter((r) => r.kind === kind && r.step === step && (source === undefined || r.utm_source === source))
    .reduce((sum, r) => sum + r.visitors, 0);

async function startFromLanding(page: Page, query = "") {
  await page.goto(`${server.url}/mva-claim-landing${query}`);
  await page.getByRole("link", { name: "Start Your Free Claim Today" }).click();
  await page.waitForURL("**/mva-claim");
}

const answers = (n: number) => ({
  state: "CA",
  atFault: "No, I was not at fault" as const,
  attorney: "No attorney / Seeking change" as const,
  email: `funnel${n}@example.com`,
  phone: `(415) 555-${2000 + n}`,
});

describe("funnel analytics from real visits", () => {
  it("counts views, starts, steps, submits and outcomes with JavaScript (beacons) and without (step posts), and leaves out bots and prefetches", async () => {
    // 1: JavaScript, from a campaign, all the way to an eligible claim.
    const withJs = await visitor(1);
    await startFromLanding(withJs, "?utm_source=js-campaign&utm_campaign=spring");
    await withJs.locator("form[data-hydrated]").waitFor();
    await fillMvaWizard(withJs, answers(1));
    await withJs.getByRole("button", { name: "Submit Claim" }).click();
    await withJs.getByRole("heading", { name: "Congratulations!" }).waitFor();

    // 2: JavaScript, reaches step 2 and leaves.
    const leaver = await visitor(2);
    await startFromLanding(leaver);
    await leaver.locator("form[data-hydrated]").waitFor();
    await leaver.getByLabel("First Name").fill("Jo");
    await leaver.getByLabel("Last Name").fill("Roe");
    await leaver.getByLabel("Email Address").fill("jo.roe@example.com");
    await leaver.getByLabel("Phone Number").fill("(415) 555-2999");
    await leaver.getByLabel("State").selectOption("NY");
    await leaver.getByRole("button", { name: "Next" }).click();
    await leaver.getByText("Step 2 of 5").waitFor();

    // 3: no JavaScript, from another campaign, all the way: every step is a post the server sees.
    const noJs = await visitor(3, { javaScript: false });
    await startFromLanding(noJs, "?utm_source=plain-campaign");
    await fillMvaWizard(noJs, answers(3));
    await noJs.getByRole("button", { name: "Submit Claim" }).click();
    await noJs.getByRole("heading", { name: "Congratulations!" }).waitFor();

    // 4: no JavaScript, looks at the landing page only (twice: still one visitor).
    const looker = await visitor(4, { javaScript: false });
    await looker.goto(`${server.url}/mva-claim-landing`);
    await looker.reload();

    // Not people: a crawler through landing and form, and a prefetch of the landing page.
    const bot = await visitor(5, { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await startFromLanding(bot);
    const prefetch = await fetch(`${server.url}/mva-claim-landing`, {
      headers: { "sec-purpose": "prefetch", accept: "text/html", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.9.0 Safari/537.36" },
    });
    expect(prefetch.status).toBe(200);

    // Beacons are sent as the visitor goes, and page views are written in batches (docs/decisions/032):
    // wait until the last ones expected have arrived.
    await waitFor(() => count("step", 2) === 3 && count("step", 5) === 2 && count("view") >= 4, "the step beacons and the page views");
    expect(count("view")).toBe(4);
    expect(count("start")).toBe(3);
    expect([2, 3, 4, 5].map((step) => count("step", step))).toEqual([3, 2, 2, 2]);
    expect(count("submit")).toBe(2);
    expect(count("outcome")).toBe(2);
    for (const source of ["js-campaign", "plain-campaign"]) {
      expect([count("view", 0, source), count("start", 0, source), count("step", 5, source), count("submit", 0, source)], source).toEqual([1, 1, 1, 1]);
    }
    expect([count("view", 0, ""), count("start", 0, ""), count("step", 2, ""), count("step", 3, "")]).toEqual([2, 1, 1, 0]);
    // No personal data went in: no IP or user agent anywhere in the events.
    const stored = JSON.stringify(server.query("select * from funnel_events"));
    expect(stored).not.toContain("127.0.0.1");
    expect(stored).not.toContain("Chrome");
  });

  it("shows the same funnel on the dashboard, with SVG charts and their data tables, without axe violations, at 360 and 1280 px", async () => {
    const page = await visitor(6);
    await page.goto(`${server.url}/admin?days=7`);
    await page.waitForURL(/\/admin\/login\?next=/);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/admin\?days=7$/);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(await page.getByRole("link", { name: "7 days" }).getAttribute("aria-current")).toBe("page");

    const mva = page.locator('[data-funnel="mva"]');
    // Each figure's cell names its column for a phone's stacked rows; the figure is its last child.
    const figures = await mva.locator('[data-table="funnel-mva"] tbody tr').evaluateAll((rows) =>
      rows.map((row) => [row.querySelector("th")!.textContent, ...[...row.querySelectorAll("td")].map((td) => td.lastElementChild!.textContent)]),
    );
    expect(figures.map(([label, visitors]) => [label!.split(":")[0]!.split(" (")[0], visitors])).toEqual([
      ["Landing views", "4"],
      ["Started", "3"],
      ["Step 2", "3"],
      ["Step 3", "2"],
      ["Step 4", "2"],
      ["Step 5", "2"],
      ["Submitted", "2"],
      ["Eligible", "2"],
    ]);
    expect(figures[1]![2]).toBe("25%");
    expect(figures[3]![2]).toBe("33.3%");
    // Every chart is an image with a text alternative and sits with a table of its figures.
    const charts = await page.locator("svg[data-chart]").evaluateAll((svgs) =>
      svgs.map((svg) => ({
        role: svg.getAttribute("role"),
        title: svg.querySelector("title")?.textContent ?? "",
        table: !!svg.closest("section")?.querySelector("table[data-table] tbody tr"),
      })),
    );
    expect(charts.length).toBeGreaterThan(3);
    for (const chart of charts) expect(chart).toMatchObject({ role: "img", title: expect.stringMatching(/\w/), table: true });
    expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(0);

    await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `width ${width}`).toBeLessThanOrEqual(width);
      expect(await axeViolations(page)).toEqual([]);
      await screenshotFor(page, `dashboard-${width}`, { fullPage: true });
    }
  });
});
