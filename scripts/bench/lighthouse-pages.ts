import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tools/browser";

export interface LighthouseFigures {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
}

/**
 * Lighthouse 12's mobile performance run (its default: a mid-range phone on a throttled 4G link,
 * simulated) of each page, one after the other in one Debian Chromium.
 */
export async function measureLighthouse(baseUrl: string, pages: readonly string[]): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const lhr = await lighthouseRun(baseUrl + page, chrome.port);
      figures.push({
        page,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? NaN,
        lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

/** One page's run; a run whose trace Lighthouse could not read (it asks to be run again, NO_NAVSTART) is run again, twice at most. */
async function lighthouseRun(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, onlyCategories: ["performance"], output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse could not measure ${url} (${lhr.runtimeError.code}); running it again`);
  }
}
