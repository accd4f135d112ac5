#!/usr/bin/env node
// Runs the test suite twice while a bounded CPU burner keeps every core busy, and reports the failures
// of each run (issue 27: no timing flakes). The burner is one busy loop per core in worker threads,
// stopped in a finally and, whatever happens to this script, by its own time bound.
//
//   npm run test:under-load                      the whole suite (vitest run), twice
//   npm run test:under-load -- --project unit tests/unit/csv-row.test.ts   Vitest's arguments
//   TEST_LOAD_RUNS=1 TEST_LOAD_MAX_MINUTES=10    fewer runs; the burner's time bound (default 60)
//
// Vitest's tests need the test build (CLAIM_FIXTURES=1 react-router build, as npm test does first).
import { spawn } from "node:child_process";
import os from "node:os";
import { clearTimeout, setTimeout } from "node:timers";
import { Worker } from "node:worker_threads";

const runs = Number(process.env.TEST_LOAD_RUNS ?? 2);
const maxMs = Number(process.env.TEST_LOAD_MAX_MINUTES ?? 60) * 60_000;
const vitestArgs = process.argv.slice(2);
const cores = os.availableParallelism?.() ?? os.cpus().length;

/** A busy loop that ends itself at its deadline even if nobody stops it. */
const BURN = `
const { workerData } = require("node:worker_threads");
let x = 0;
while (Date.now() < workerData.until) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;
`;

function startBurner() {
  const until = Date.now() + maxMs;
  const threads = Array.from({ length: cores }, () => new Worker(BURN, { eval: true, workerData: { until } }));
  const bound = setTimeout(() => stop(), maxMs).unref();
  async function stop() {
    clearTimeout(bound);
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
  return { stop };
}

/** Runs `vitest run` with the arguments given; resolves with its exit code and the failed tests it named. */
function runVitest(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...args], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    // Both streams are read: a file whose set-up failed is named only in the errors, on stderr.
    let output = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    child.on("close", (code, signal) => {
      // eslint-disable-next-line no-control-regex
      const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
      const failed = [...plain.matchAll(/^\s*(?:×|✗|FAIL)\s+(.+)$/gm)].map((m) => m[1].trim());
      const summary = plain.match(/Tests\s+(.+)$/m)?.[1]?.trim() ?? "no summary";
      resolve({ code: code ?? (signal ? 1 : 0), failed: [...new Set(failed)], summary });
    });
  });
}

const burner = startBurner();
const results = [];
const started = Date.now();
try {
  console.log(`test-under-load: ${cores} busy loops, at most ${maxMs / 60_000} min; ${runs} run(s) of vitest run ${vitestArgs.join(" ")}`);
  for (let run = 1; run <= runs; run++) {
    const runStarted = Date.now();
    const result = await runVitest(vitestArgs);
    results.push({ run, seconds: Math.round((Date.now() - runStarted) / 1000), ...result });
  }
} finally {
  await burner.stop();
}

console.log(`\ntest-under-load: ${runs} run(s) in ${Math.round((Date.now() - started) / 1000)} s with ${cores} cores kept busy`);
for (const { run, seconds, code, failed, summary } of results) {
  console.log(`  run ${run}: exit ${code}, ${seconds} s, tests: ${summary}; ${failed.length} failure line(s)`);
  for (const line of failed) console.log(`    ${line}`);
}
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
