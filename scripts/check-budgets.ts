// Measures the DESIGN section 8 budgets on the production build (build/, not the test build): `npm run budgets`.
// A claim defined as data is published into the server's database first, and measured as the built-in ones are.
import { landingPaths } from "#claims/engine/pages";
import { formatBudgetReport, measureBudgets } from "../tools/budgets";
import { publishDataClaim, sampleDataClaim } from "../tools/sample-data-claim";
import { startServer } from "../tools/server";

const server = await startServer({}, undefined, { buildDir: "build" });
try {
  const dataClaim = await publishDataClaim(server.dbFile, sampleDataClaim());
  await servedWithin(landingPaths(dataClaim).concat(dataClaim.routes.form), 10_000);
  const lines = await measureBudgets(server.url, [dataClaim]);
  console.log(formatBudgetReport(lines));
  const failures = lines.filter((l) => !l.ok).length;
  console.log(failures ? `\n${failures} budget(s) exceeded` : "\nAll budgets hold");
  process.exitCode = failures ? 1 : 0;
} finally {
  await server.stop();
}

/** Waits for the server's poll to load the published claim: each of its pages answers 200. */
async function servedWithin(paths: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const path of paths) {
    while ((await fetch(server.url + path)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`${path} was not served within ${timeoutMs} ms of its publish`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
