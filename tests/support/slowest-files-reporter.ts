import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the slowest test files (import, setup and tests together) and each project's total of its
 * files' times when the run ends: where the time goes, for the next person who makes the suite faster.
 * Listed before the default reporter in vitest.config.ts, so that the runner's own summary stays the last lines.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly count = 10;

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed = testModules
      .map((module) => {
        const d = module.diagnostic();
        return { module, ms: d.prepareDuration + d.collectDuration + d.setupDuration + d.duration };
      })
      .sort((a, b) => b.ms - a.ms);
    if (timed.length < 2) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
    const slowest = timed
      .slice(0, this.count)
      .map(({ module, ms }) => `  ${seconds(ms)}  ${module.project.name.padEnd(20)} ${path.relative(process.cwd(), module.moduleId)}`);
    const byProject = new Map<string, { ms: number; files: number }>();
    for (const { module, ms } of timed) {
      const total = byProject.get(module.project.name) ?? { ms: 0, files: 0 };
      byProject.set(module.project.name, { ms: total.ms + ms, files: total.files + 1 });
    }
    const projects = [...byProject]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([name, { ms, files }]) => `  ${seconds(ms)}  ${name.padEnd(20)} ${files} files`);
    process.stdout.write(`\n Slowest ${slowest.length} test files:\n${slowest.join("\n")}\n\n Files' time by project (two workers share the wall time):\n${projects.join("\n")}\n`);
  }
}
