import type { Logger } from "./logger";

export type PeriodicTask = ReturnType<typeof createPeriodicTask>;

/**
 * Work the worker does on a timer beside sending deliveries (the certificate purge, the dashboard's
 * rollups): once at start, then every `intervalMs`, never two runs at once; a failure is logged and
 * the next run tries again. stop() waits for a run in progress, so shutdown never cuts one short.
 */
export function createPeriodicTask({ name, intervalMs, run, logger }: { name: string; intervalMs: number; run: () => Promise<unknown>; logger: Logger }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  function runOnce() {
    running = run()
      .catch((error: unknown) => logger.error({ err: error, task: name }, `${name} failed; it runs again on its next turn`))
      .finally(() => (running = undefined));
  }

  return {
    start() {
      if (timer) return;
      runOnce();
      timer = setInterval(() => running ?? runOnce(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
