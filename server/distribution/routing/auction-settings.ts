import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { readSetting, writeSetting } from "../../settings/settings";

// Whether a claim's leads are auctioned first: a setting per claim, as routing-modes.ts keeps the mode.

export const auctionKey = (caseType: string) => `auction:${caseType}`;

/** What the saved setting means: auctions are off unless the operator turned them on. */
export const auctionsOn = (saved: string | undefined) => saved === "on";

/** Whether a claim's leads are auctioned to ping-post buyers first; off unless the operator turns it on. */
export async function auctionsEnabled(
  db: Kysely<Database>,
  caseType: string,
): Promise<boolean> {
  return auctionsOn(await readSetting(db, auctionKey(caseType)));
}

export function saveAuctionsEnabled(
  db: Kysely<Database>,
  caseType: string,
  enabled: boolean,
  now = new Date(),
): Promise<void> {
  return writeSetting(db, auctionKey(caseType), enabled ? "on" : "off", now);
}
