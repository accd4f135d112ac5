import { sql, type RawBuilder } from "kysely";

/** The source key of our own forms' leads, in lead_daily and the dashboard's figures. */
export const FIRST_PARTY_SOURCE = "";
/** The source key of leads sent through the API before suppliers existed (source 'api', no supplier; docs/decisions/046). */
export const UNNAMED_API_SOURCE = "api";

/** A lead's source key: its supplier's id, else one of the two above, from the `leads` table's columns. */
export function leadSourceKey(table = "leads"): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  // Literals, not parameters: PostgreSQL groups by this expression only if the select's and the group's are the same text.
  return sql<string>`coalesce(${column("supplier_id")}, case when ${column("source")} = 'api' then ${sql.lit(UNNAMED_API_SOURCE)} else ${sql.lit(FIRST_PARTY_SOURCE)} end)`;
}

/** leadSourceKey of one lead in hand, for what is written with it (the ledger's lead_source). */
export function leadSourceOf(lead: { supplier_id: string | null; source: string }): string {
  return lead.supplier_id ?? (lead.source === "api" ? UNNAMED_API_SOURCE : FIRST_PARTY_SOURCE);
}
