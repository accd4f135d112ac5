import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the slowest test files (import, setup and tests together) when the run ends. Listed before
 * the default reporter in vitest.config.ts, so that the runner's own summary stays the last lines.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly count = 10;

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed = testModules
      .map((module) => {
        const d = module.diagnostic();
        return { module, ms: d.prepareDuration + d.collectDuration + d.setupDuration + d.duration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, this.count);
    if (timed.length < 2) return;
    const lines = timed.map(
      ({ module, ms }) =>
        `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${module.project.name.padEnd(20)} ${path.relative(process.cwd(), module.moduleId)}`,
    );
    process.stdout.write(`\n Slowest ${timed.length} test files:\n${lines.join("\n")}\n`);
  }
}
