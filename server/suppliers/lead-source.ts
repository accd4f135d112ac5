import { sql, type RawBuilder } from "kysely";

/** The source key of our own forms' leads, in lead_daily and the dashboard's figures. */
export const FIRST_PARTY_SOURCE = "";
/** The source key of leads sent through the API before suppliers existed (source 'api', no supplier; docs/decisions/046). */
export const UNNAMED_API_SOURCE = "api";

/** A lead's source key: its supplier's id, else one of the two above, from the `leads` table's columns. */
export function leadSourceKey(table = "leads"): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<string>`coalesce(${column("supplier_id")}, case when ${column("source")} = 'api' then ${UNNAMED_API_SOURCE} else ${FIRST_PARTY_SOURCE} end)`;
}
