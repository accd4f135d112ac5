import { randomUUID } from "node:crypto";
import type { Db } from "../db/database";

export type PageEvents = ReturnType<typeof createPageEvents>;

/** Records named first-party events (no personal data: a name, the page and the time). */
export function createPageEvents(db: Db, now: () => Date = () => new Date()) {
  return {
    async record(name: string, path: string | null): Promise<void> {
      await db.insertInto("page_events").values({ id: randomUUID(), name, path, created_at: now().toISOString() }).execute();
    },
  };
}
