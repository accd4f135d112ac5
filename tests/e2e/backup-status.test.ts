import path from "node:path";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuiltCommand } from "../support/built-command";
import { launchBrowser } from "../../tools/browser";
import { waitFor } from "../support/fake-receiver";
import { mvaAnswers } from "#claims/mva/examples";
import { pageProblems } from "../support/page-checks";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, startServer, tempDir, type RunningServer } from "../../tools/server";
import { supplierHeadersFor } from "../../tools/suppliers";

let server: RunningServer;
let browser: Browser;
const dir = tempDir("backup-status");

beforeAll(async () => {
  browser = await launchBrowser();
  // The in-process worker takes its first scheduled backup at start.
  server = await startServer({ BACKUP_DIR: path.join(dir, "scheduled"), BACKUP_INTERVAL_HOURS: "12", BACKUP_KEEP: "5" }, path.join(dir, "app.db"));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("/admin/setup shows the last backup", () => {
  it("its time, status, size and lead count, in the database card, at 360 px and axe-clean", async () => {
    await waitFor(() => server.query("select 1 from backups where status = 'ok'").length === 1, "the scheduled backup at start");
    const response = await fetch(`${server.url}/api/leads/mva`, { method: "POST", headers: { ...(await supplierHeadersFor(server)), "content-type": "application/json" }, body: JSON.stringify(mvaAnswers()) });
    expect(response.status).toBe(201);
    const manual = await runBuiltCommand("backup", [path.join(dir, "manual.db")], { DATABASE_URL: `file:${server.dbFile}` });
    expect(manual.code).toBe(0);

    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.goto(`${server.url}/admin/setup`);
    await page.getByLabel("E-mail address").fill(ADMIN_TEST_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/admin\/setup$/);

    const status = page.getByTestId("backup-status");
    // Inside the spec's database card, after its "Connected and active" line.
    expect(await page.locator("section[aria-labelledby=db-title]").getByTestId("backup-status").count()).toBe(1);
    await expect.poll(() => status.innerText()).toContain("Passed its integrity check");
    const text = await status.innerText();
    expect(text).toMatch(/Taken\s+\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(text).toMatch(/Size\s+[\d.]+ (KB|MB)/);
    expect(text).toMatch(/Leads\s+1\b/);
    expect(text).toContain("The worker takes one every 12 hours and keeps the newest 5.");
    expect(await pageProblems(page)).toEqual([]);

    // A failed backup says so, with what went wrong.
    const db = new Database(server.dbFile);
    db.pragma("busy_timeout = 5000");
    db.prepare("insert into backups (id, kind, file, started_at, finished_at, status, size_bytes, error) values ('failed-1', 'manual', '/x.db', ?, ?, 'failed', 4096, 'integrity_check: page 3 is never used')").run(
      new Date().toISOString(),
      new Date().toISOString(),
    );
    db.close();
    await page.reload();
    const failed = await status.innerText();
    expect(failed).toContain("Failed");
    expect(failed).toContain("integrity_check: page 3 is never used");
    expect(await pageProblems(page)).toEqual([]);
    await page.close();
  });
});
