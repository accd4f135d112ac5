import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { isPostgres, type Db } from "../db/database";
import type { Database, DeliveryStatus } from "../db/schema";
import { phoneDigits, reversedDigits, searchKey, utmKey } from "../db/search-keys";
import { dayBounds, FIRST_PARTY, type DeliveryFilterState, type LeadFilter } from "./lead-filter";

/** A lead's place in the newest-first order: its time, then its id for leads saved in the same millisecond. */
export interface LeadKey {
  createdAt: string;
  id: string;
}

export const encodeCursor = (key: LeadKey) => Buffer.from(`${key.createdAt}|${key.id}`).toString("base64url");

/**
 * The links to the newer and the older page of a keyset page, newest first (null where there is none):
 * `page` is in display order, `hasMore` whether the query found a row past it, `after` / `before` the
 * cursor it was read from, `filterQuery` the filter the links keep.
 */
export function keysetPageLinks(
  page: readonly LeadKey[],
  { after, before, hasMore, filterQuery }: { after: LeadKey | null; before: LeadKey | null; hasMore: boolean; filterQuery: URLSearchParams },
) {
  const newer = after ? (hasMore ? page[0] : undefined) : before ? page[0] : undefined;
  const older = after || hasMore ? page.at(-1) : undefined;
  const pageHref = (name: "before" | "after", at: LeadKey | undefined) => {
    if (!at) return null;
    const search = new URLSearchParams(filterQuery);
    search.set(name, encodeCursor(at));
    return `?${search}`;
  };
  return { newerHref: pageHref("after", newer), olderHref: pageHref("before", older) };
}

export function decodeCursor(cursor: string | null | undefined): LeadKey | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return createdAt && id && !Number.isNaN(Date.parse(createdAt)) ? { createdAt, id } : null;
}

const STATUSES: Record<DeliveryFilterState, DeliveryStatus[]> = {
  pending: ["pending", "sending"],
  delivered: ["delivered"],
  failed: ["failed"],
  dead: ["dead"],
};

type LeadsEb = ExpressionBuilder<Database, "leads">;

export interface LeadOrder {
  time: Expression<string>;
  id: Expression<string>;
}

/** Leads after `key` in the order: older ('<', the next page) or newer ('>', or '>=' with it). Both engines compare row values. */
export function beyond(order: LeadOrder, key: LeadKey, direction: "<" | ">" | ">="): Expression<SqlBool> {
  return sql<SqlBool>`(${order.time}, ${order.id}) ${sql.raw(direction)} (${key.createdAt}, ${key.id})`;
}

/**
 * The filtered leads as a query on `leads`, with the two columns that order them newest first.
 * With a delivery filter the query starts from that target's deliveries (joined as `df`) and orders by
 * their copy of the lead's time, so one index (target, status, lead time) gives both filter and order;
 * otherwise each single filter has an index of (column, created_at, id). See docs/decisions/020.
 *
 * A search is answered from its keys' indexes, unless `search` is "newest-first": then its conditions
 * are written so that no index answers them, and the engine reads leads newest first, keeping those
 * that match, which stops after a page when matches are many (see DENSE_SEARCH_MATCHES).
 */
export function filteredLeads(db: Db, filter: LeadFilter, timeZone: string, { search = "by-index" }: { search?: SearchPlan } = {}) {
  const delivery = filter.delivery;
  const order: LeadOrder = delivery
    ? { time: sql.ref<string>("df.lead_created_at"), id: sql.ref<string>("df.lead_id") }
    : { time: sql.ref<string>("leads.created_at"), id: sql.ref<string>("leads.id") };

  const query = db
    .selectFrom("leads")
    .$if(Boolean(delivery), (qb) =>
      qb.innerJoin("deliveries as df", (join) => {
        const byLead = join.onRef("df.lead_id", "=", "leads.id");
        // SQLite: with the lead's time, the lead is found on (created_at, id), in the page's order, not at
        // random by id. PostgreSQL reads leads by id, and the second condition led its planner astray
        // (delivery=webhook:delivered p95 1.5 s at a million leads).
        const byLeadAndTime = isPostgres(db) ? byLead : byLead.onRef("df.lead_created_at", "=", "leads.created_at");
        return byLeadAndTime.on("df.target", "=", delivery!.target).on("df.status", "in", STATUSES[delivery!.status]);
      }),
    )
    .where((eb) => eb.and(conditions(eb, filter, timeZone, order.time, search)));
  return { query, order };
}

export type SearchPlan = "by-index" | "newest-first";

/**
 * From how many matches a search's page is read newest first rather than from its keys' indexes. The
 * index finds every match, then reads and sorts them all: a three-letter prefix matched 47,000 leads
 * of a million and took 180-290 ms. Read newest first, a page of such a search is found after about
 * 51 x (leads / matches) leads, 1,100 there (a few ms); a rare search would read the whole table that
 * way. Past 10,000 matches the newest-first read is the shorter one up to some 2 million leads, and
 * still short beyond (docs/decisions/020).
 */
export const DENSE_SEARCH_MATCHES = 10_000;

/**
 * DENSE_SEARCH_MATCHES for a table of `leads` leads: the two reads cost the same where matches x
 * matches = 51 x leads (about 10,000 at 2 million leads, where the constant was chosen). Below it a
 * smaller table breaks even sooner: at 200,000 leads a search of 9,517 matches read every one of them
 * at random from a cold cache (1.4 s); newest first it reads about 1,070 leads in order. Never above
 * the bound a count reaches (docs/decisions/042).
 */
export function denseSearchMatches(leads: number): number {
  return Math.min(DENSE_SEARCH_MATCHES, Math.max(1, Math.ceil(Math.sqrt(51 * leads))));
}

/** About how many leads SQLite holds, from the last rowid (one index step): leads are seldom deleted. */
export async function approximateLeadCount(db: Db): Promise<number> {
  const row = await db.selectFrom("leads").select(sql<number | null>`max(rowid)`.as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The most leads a list counts: past it, the list says "10,000+". Counting every match of a broad
 * search visits every matching row (a three-letter prefix matched 47,000 of a million leads: 255 ms
 * on PostgreSQL); counting up to the bound stops after it, on both engines (docs/decisions/042).
 */
export const COUNT_BOUND = 10_000;

/** How many leads the filter finds, up to `bound`; `more` when there are more than that. */
export interface BoundedCount {
  count: number;
  more: boolean;
}

/**
 * How many leads the filter finds, counting no further than `bound`. A delivery filter with at most
 * dates besides is counted on the deliveries index alone (each delivery is one lead's), without
 * visiting a lead row per match.
 */
export async function countLeads(db: Db, filter: LeadFilter, timeZone: string, bound = COUNT_BOUND): Promise<BoundedCount> {
  const { delivery, from, to, ...leadFilters } = filter;
  const onlyDeliveries = delivery && !Object.values(leadFilters).some(Boolean);
  const matches = onlyDeliveries
    ? db
        .selectFrom("deliveries")
        .where("target", "=", delivery.target)
        .where("status", "in", STATUSES[delivery.status])
        .$if(Boolean(from), (qb) => qb.where("lead_created_at", ">=", dayBounds(from!, timeZone).start))
        .$if(Boolean(to), (qb) => qb.where("lead_created_at", "<", dayBounds(to!, timeZone).end))
        .select(sql<number>`1`.as("one"))
        .limit(bound + 1)
    : filteredLeads(db, filter, timeZone)
        .query.select(sql<number>`1`.as("one"))
        .limit(bound + 1);
  const { count } = await db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const n = Number(count);
  return n > bound ? { count: bound, more: true } : { count: n, more: false };
}

function conditions(eb: LeadsEb, filter: LeadFilter, timeZone: string, time: Expression<string>, search: SearchPlan): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (filter.claim) where.push(eb("leads.case_type", "=", filter.claim));
  if (filter.outcome) where.push(eb("leads.outcome", "=", filter.outcome));
  if (filter.state) where.push(eb("leads.st", "=", filter.state));
  if (filter.language) where.push(eb("leads.language", "=", filter.language));
  if (filter.spam) where.push(eb("leads.is_spam", "=", filter.spam === "yes" ? 1 : 0));
  // 'yes' is the condition of the partial index leads_revoked_newest, which also gives the order.
  if (filter.revoked) where.push(eb("leads.revoked_at", filter.revoked === "yes" ? "is not" : "is", null));
  // 'is not null' as the partial indexes (migration 11) are written, so they give the newest-first order.
  if (filter.duplicate) where.push(eb("leads.duplicate_of", filter.duplicate === "yes" ? "is not" : "is", null));
  if (filter.low_quality) where.push(eb("leads.low_quality", filter.low_quality === "yes" ? "is not" : "is", null));
  if (filter.buyer) where.push(eb("leads.buyer_status", "=", filter.buyer));
  // The buyer's sales, by the ledger's (buyer_id, created_at) index; the leads come in their own order.
  if (filter.sold_to) {
    where.push(eb("leads.id", "in", eb.selectFrom("ledger_entries").select("ledger_entries.lead_id").where("ledger_entries.buyer_id", "=", filter.sold_to).where("ledger_entries.kind", "=", "sale")));
  }
  // The columns hold the values trimmed and in lower case, as the dashboard counts them.
  // Our own forms' leads have no supplier and are not the API's from before suppliers (docs/decisions/046).
  if (filter.supplier === FIRST_PARTY) where.push(eb.and([eb("leads.supplier_id", "is", null), eb("leads.source", "<>", "api")]));
  else if (filter.supplier) where.push(eb("leads.supplier_id", "=", filter.supplier));
  if (filter.utm_source) where.push(eb("leads.utm_source", "=", utmKey(filter.utm_source)));
  if (filter.utm_campaign) where.push(eb("leads.utm_campaign", "=", utmKey(filter.utm_campaign)));
  if (filter.from) where.push(eb(time, ">=", dayBounds(filter.from, timeZone).start));
  if (filter.to) where.push(eb(time, "<", dayBounds(filter.to, timeZone).end));
  if (filter.q) where.push(searchCondition(eb, filter.q, search));
  return where;
}

/**
 * An e-mail address (it has an @), a phone number (digits and punctuation only) or a name: each is a
 * prefix match on an indexed key, so 'mar' finds Maria and '415555' finds (415) 555-0134.
 */
function searchCondition(eb: LeadsEb, q: string, plan: SearchPlan): Expression<SqlBool> {
  const startsWith = (column: SearchColumn, prefix: string) => prefixCondition(eb, column, prefix, plan);
  const typedDigits = q.replace(/\D/g, "");
  if (/^[\d\s().+-]+$/.test(q) && typedDigits.length >= 3) {
    // libphonenumber drops the country code of a whole number; a partial one ('+1 415 555') keeps its
    // digits as typed, so a leading 1 is dropped here: no US area code starts with 1.
    const fromStart = startsWith("leads.phone_digits", (phoneDigits(q) ?? "").replace(/^1/, ""));
    // A number's last 4 to 7 digits ('0134', '555-0134') are a prefix of its digits backwards.
    if (typedDigits.length < 4 || typedDigits.length > 7) return fromStart;
    return eb.or([fromStart, startsWith("leads.phone_digits_reversed", reversedDigits(typedDigits)!)]);
  }
  const key = searchKey(q) ?? "";
  if (key.includes("@")) return startsWith("leads.em_search", key);
  // 'Lopez, Maria' as the list shows names sorted: a comma separates words like a space.
  const terms = key.split(/[\s,]+/).filter(Boolean);
  if (terms.length === 0) return sql<SqlBool>`1 = 1`;
  if (terms.length === 1) {
    const [term] = terms as [string];
    return eb.or([startsWith("leads.fn_search", term), startsWith("leads.ln_search", term), startsWith("leads.em_search", term)]);
  }
  // 'Maria Lopez' or 'Lopez Maria': the first and the last word, as first and last name either way round.
  const [first, last] = [terms[0]!, terms[terms.length - 1]!];
  return eb.or([
    eb.and([startsWith("leads.fn_search", first), startsWith("leads.ln_search", last)]),
    eb.and([startsWith("leads.fn_search", last), startsWith("leads.ln_search", first)]),
    startsWith("leads.fn_search", key),
  ]);
}

type SearchColumn = "leads.fn_search" | "leads.ln_search" | "leads.em_search" | "leads.phone_digits" | "leads.phone_digits_reversed";

/**
 * `column` starts with `prefix`, as a range an index answers (LIKE would depend on the engine's
 * collation); newest first, as `column || ''`, the same value on both engines (null stays null), which
 * no index answers.
 */
function prefixCondition(eb: LeadsEb, column: SearchColumn, prefix: string, plan: SearchPlan): Expression<SqlBool> {
  if (!prefix) return sql<SqlBool>`1 = 1`;
  const value = plan === "by-index" ? eb.ref(column) : sql<string>`(${sql.ref(column)} || '')`;
  const upper = nextPrefix(prefix);
  return upper === null ? eb(value, ">=", prefix) : eb.and([eb(value, ">=", prefix), eb(value, "<", upper)]);
}

/**
 * The first text after every text that starts with `prefix`: its last code point plus one ('mar' ->
 * 'mas'). The last code point there is (U+10FFFF) has no next one: the one before it goes up instead.
 */
function nextPrefix(prefix: string): string | null {
  const chars = Array.from(prefix);
  while (chars.length) {
    const next = chars.pop()!.codePointAt(0)! + 1;
    if (next <= 0x10ffff) return chars.join("") + String.fromCodePoint(next);
  }
  return null;
}
