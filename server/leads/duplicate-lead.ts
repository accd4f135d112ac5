import type { Kysely } from "kysely";
import { lockForTransaction } from "../db/database";
import type { Database } from "../db/schema";

/** DUPLICATE_WINDOW_DAYS's default. */
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;

/** A person's keys, as the lead's contact columns hold them. */
export interface PersonKeys {
  phoneE164: string | null;
  emailNormalized: string | null;
}

export interface DuplicateQuery extends PersonKeys {
  caseType: string;
  /** The new lead's time: the window ends here. */
  at: Date;
  windowDays: number;
}

/**
 * Inside a writeTransaction: holds the person's keys until it ends, so that of two submissions from one
 * person at once, the second sees the first. Taken in one order (sorted), so two transactions sharing
 * both keys never wait on each other crosswise. Revocation can take the same keys.
 */
export async function lockPerson(trx: Kysely<Database>, keys: PersonKeys): Promise<void> {
  const lockKeys = [keys.phoneE164 && `person:phone:${keys.phoneE164}`, keys.emailNormalized && `person:email:${keys.emailNormalized}`]
    .filter((key): key is string => Boolean(key))
    .sort();
  for (const key of lockKeys) await lockForTransaction(trx, key);
}

/**
 * The id of the first lead this one repeats: the earliest lead of the same claim from the same person
 * (same E.164 phone or normalised e-mail) within the window, that is not a duplicate itself and not
 * spam (a bot's lead must not make a person's real one a duplicate); null when there is none. One
 * indexed look-up per key, rather than an OR an engine may not answer from the indexes.
 *
 * The earliest is picked here rather than with ORDER BY ... LIMIT 1: given that order to produce,
 * SQLite (without statistics) reads an index that already has it (spam flag or claim, then date) and
 * filters every lead of the window, which grows with traffic. Without it, the person's index is the
 * obvious choice, and it returns few rows: only originals, at most one per window in practice.
 */
export async function originalLeadOf(trx: Kysely<Database>, query: DuplicateQuery): Promise<string | null> {
  const since = new Date(query.at.getTime() - query.windowDays * 86_400_000).toISOString();
  const originals = (column: "phone_e164" | "email_normalized", value: string) =>
    trx
      .selectFrom("leads")
      .select(["id", "created_at"])
      .where(column, "=", value)
      .where("case_type", "=", query.caseType)
      .where("created_at", ">=", since)
      .where("duplicate_of", "is", null)
      .where("is_spam", "=", 0)
      .execute();
  // One after the other: a transaction is one connection.
  const found = [
    ...(query.phoneE164 ? await originals("phone_e164", query.phoneE164) : []),
    ...(query.emailNormalized ? await originals("email_normalized", query.emailNormalized) : []),
  ];
  const [first] = found.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1));
  return first?.id ?? null;
}
