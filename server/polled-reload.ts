import type { Logger } from "./logger";

export type PolledReload = ReturnType<typeof createPolledReload>;

/**
 * What a web instance keeps in memory from the database and reloads when it changed (site content,
 * landing-page experiments, claims defined as data): `reload` runs at once on `refresh()` (start-up, and
 * right after a change on this instance) and every `pollMs` once started, one at a time, so a slow
 * database does not pile them up. A failure is logged with `failure`; the instance keeps what it had.
 */
export function createPolledReload({ reload, pollMs, logger, failure }: { reload: () => Promise<void>; pollMs: number; logger: Logger; failure: string }) {
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;

  function refresh(): Promise<void> {
    polling ??= reload()
      .catch((error: unknown) => logger.warn({ err: error }, failure))
      .finally(() => (polling = null));
    return polling;
  }

  return {
    refresh,
    start(): void {
      timer ??= setInterval(() => void refresh(), pollMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await polling;
    },
  };
}
