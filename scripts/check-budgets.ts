// Measures the DESIGN section 8 budgets on the production build (build/, not the test build): `npm run budgets`.
import { formatBudgetReport, measureBudgets } from "../tools/budgets";
import { startServer } from "../tools/server";

const server = await startServer({}, undefined, { buildDir: "build" });
try {
  const lines = await measureBudgets(server.url);
  console.log(formatBudgetReport(lines));
  const failures = lines.filter((l) => !l.ok).length;
  console.log(failures ? `\n${failures} budget(s) exceeded` : "\nAll budgets hold");
  process.exitCode = failures ? 1 : 0;
} finally {
  await server.stop();
}
