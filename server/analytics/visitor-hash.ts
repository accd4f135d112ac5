import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/database";

/** The day before a YYYY-MM-DD day (calendar arithmetic, whatever zone the day is in). */
const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Counts unique visitors without a cookie, as Plausible does: a hash of the day's random salt, the
 * site, the IP and the user agent. The salt lives in the database (every instance hashes alike) and
 * is deleted once its day is over, so a stored hash can no longer be tied to an IP and user agent.
 * A day is the funnel's (OPERATOR_TIME_ZONE's since docs/decisions/042): any YYYY-MM-DD that only grows.
 */
export function createVisitorHasher(db: Db, site: string) {
  let current: { day: string; salt: string } | null = null;

  async function saltOf(day: string): Promise<string> {
    if (current?.day === day) return current.salt;
    await db
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(32).toString("hex") })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    await db.deleteFrom("analytics_salts").where("day", "<", day).execute();
    // Yesterday's visitors are kept for events written late (a buffered batch across midnight).
    await db.deleteFrom("funnel_visitors").where("day", "<", previousDay(day)).execute();
    const { salt } = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
    current = { day, salt };
    return salt;
  }

  return {
    async hash(day: string, ip: string, userAgent: string): Promise<string> {
      const salt = await saltOf(day);
      return createHash("sha256").update(`${salt}\n${site}\n${ip}\n${userAgent}`).digest("hex").slice(0, 32);
    },
    /** The address alone, under the same salt: what the bound on new visitors per address counts by. */
    async addressHash(day: string, ip: string): Promise<string> {
      const salt = await saltOf(day);
      return createHash("sha256").update(`${salt}\n${site}\naddress\n${ip}`).digest("hex").slice(0, 32);
    },
  };
}
