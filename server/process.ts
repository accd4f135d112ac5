import { ConfigError } from "./config";
import type { Logger } from "./logger";

/** Runs a process's start-up; a bad configuration ends it with the message alone, anything else with the error. */
export function runProcess(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}

/**
 * On SIGTERM or SIGINT: runs `drain` (stop taking work, finish what is in flight, close the database)
 * and exits 0. Exits 1 if draining fails or outlasts `deadlineMs`, so nothing can hold the process.
 */
export function exitAfterDrain(logger: Logger, deadlineMs: number, drain: () => Promise<void>): void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    logger.info({ signal, deadlineMs }, "draining");
    setTimeout(() => {
      logger.error({ deadlineMs }, "shutdown deadline passed with work still in flight");
      process.exit(1);
    }, deadlineMs).unref();
    drain().then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
