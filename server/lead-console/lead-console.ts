import type { Kysely } from "kysely";
import { allClaims } from "#claims/registry";
import { recordAudit, type Actor } from "../audit/audit-log";
import type { DatabaseTarget } from "../config";
import type { Database } from "../db/schema";
import type { Db } from "../db/database";
import type { DeliveryWorker } from "../distribution";
import { leadConsoleCommands } from "./lead-console-commands";
import { leadConsoleQueries } from "./lead-console-queries";
import type { FilterChoices } from "./lead-filter";

// The operator's lead console: its reads (lead-console-queries.ts) and its recorded changes
// (lead-console-commands.ts) over one set of dependencies.

export type { Actor };
export { REVOKED_NOT_RESENT } from "./resend-policy";
export { PAGE_SIZE } from "./lead-console-queries";

export type LeadConsole = ReturnType<typeof createLeadConsole>;

export interface LeadConsoleDeps {
  db: Db;
  /** Where the export's reader threads open connections of their own. */
  database: DatabaseTarget;
  worker: Pick<DeliveryWorker, "sendNow">;
  siteUrl: string;
  timeZone: string;
  /** Reader threads per export (lead-export.ts's default unless given; 0 reads in the caller's thread). */
  exportReaders?: number;
  now?: () => Date;
}

/** What the console's queries and commands share: the service's dependencies, its filter's choices, and its audit record. */
export interface LeadConsoleParts extends Required<Pick<LeadConsoleDeps, "now">>, Omit<LeadConsoleDeps, "now"> {
  choices: FilterChoices;
  record: (trx: Kysely<Database>, actor: Actor, action: string, leadId: string | null, detail: Record<string, unknown>) => Promise<unknown>;
}

export function createLeadConsole({ now = () => new Date(), ...deps }: LeadConsoleDeps) {
  const choices: FilterChoices = {
    caseTypes: allClaims().map((c) => c.caseType),
    targets: ["webhook", ...new Set(allClaims().flatMap((c) => (c.partners ?? []).map((p) => p.partner)))],
  };
  const record: LeadConsoleParts["record"] = (trx, actor, action, leadId, detail) =>
    recordAudit(trx, actor, { action, target: leadId ? { type: "lead", id: leadId } : null, detail }, now());
  const parts: LeadConsoleParts = { ...deps, now, choices, record };
  return { choices, ...leadConsoleQueries(parts), ...leadConsoleCommands(parts) };
}
