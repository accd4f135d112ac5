/**
 * Which secondary indexes the seed drops for the load and builds again after it. An index that starts
 * with a column of a few values, or of the time, gets each new row at the end of a run, which costs
 * little while loading (the seed writes oldest first); building it again would scan the whole table.
 * An index on random values (ids, names, e-mails, phones, addresses) is written all over while
 * loading, and is cheaper built once, by sorting.
 */
const ORDERED_LEADING_COLUMNS = new Set(["created_at", "lead_created_at", "case_type", "outcome", "st", "is_spam", "utm_source", "utm_campaign", "status", "target"]);

export function rebuiltAfterLoad(firstColumn: string): boolean {
  return !ORDERED_LEADING_COLUMNS.has(firstColumn);
}
