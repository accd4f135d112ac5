// Usage: tsx scripts/screenshot.ts URL OUT.png [width=1280] [javascript=1]
import { launchBrowser } from "../tools/browser";

const [url, out, width = "1280", js = "1"] = process.argv.slice(2);
if (!url || !out) throw new Error("usage: tsx scripts/screenshot.ts URL OUT.png [width] [js 1|0]");
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, javaScriptEnabled: js === "1" });
await page.goto(url);
await page.screenshot({ path: out, fullPage: process.env.FULL !== "0" });
await browser.close();
