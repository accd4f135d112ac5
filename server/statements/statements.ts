import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import { recordAudit, type Actor } from "../audit/audit-log";
import { buyerById, listBuyers } from "../distribution";
import { csvRow } from "../lead-console/csv-row";
import { monthBounds, monthOf } from "../returns/lead-returns";

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
/** How often the worker looks for months that ended without a statement. */
export const STATEMENT_CHECK_INTERVAL_MS = 60 * 60_000;

export interface StatementSummary {
  id: string;
  buyerId: string;
  buyerName: string;
  number: number;
  period: string;
  periodStart: string;
  periodEnd: string;
  timeZone: string;
  issuedAt: string;
  issuedBy: string;
  salesCount: number;
  salesCents: number;
  creditsCents: number;
  cancellationsCents: number;
  totalCents: number;
  balanceCents: number;
}

export interface StatementLine {
  ledgerEntryId: string;
  createdAt: string;
  kind: string;
  leadId: string;
  caseType: string;
  amountCents: number;
  returnId: string | null;
  leadName: string | null;
}

export type IssueResult = { ok: true; statement: StatementSummary } | { ok: false; status: 400 | 404 | 409; message: string };

export type Statements = ReturnType<typeof createStatements>;

/**
 * Monthly statements from the ledger (docs/decisions/041): one per buyer per month, numbered 1, 2, 3
 * per buyer. A statement takes every ledger entry of the buyer written before the end of its month
 * (or before it was issued, if that came first) that no earlier statement took, and keeps a copy of
 * each in statement_lines, which like statements the database refuses to change. So an issued
 * statement never changes, and an entry written after it (a late return's credit) is on the next one.
 */
export function createStatements({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const summaryOf = (row: {
    id: string; buyer_id: string; buyer_name: string; number: number; period: string; period_start: string; period_end: string; time_zone: string;
    issued_at: string; issued_by: string; sales_count: number; sales_cents: number; credits_cents: number; cancellations_cents: number; total_cents: number; balance_cents: number;
  }): StatementSummary => ({
    id: row.id,
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    number: Number(row.number),
    period: row.period,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    timeZone: row.time_zone,
    issuedAt: row.issued_at,
    issuedBy: row.issued_by,
    salesCount: Number(row.sales_count),
    salesCents: Number(row.sales_cents),
    creditsCents: Number(row.credits_cents),
    cancellationsCents: Number(row.cancellations_cents),
    totalCents: Number(row.total_cents),
    balanceCents: Number(row.balance_cents),
  });

  async function issue(buyerId: string, period: string, actor: { audit: Actor; tag: string }): Promise<IssueResult> {
    if (!PERIOD.test(period)) return { ok: false, status: 400, message: "Choose a month as YYYY-MM." };
    const buyer = await buyerById(db, buyerId);
    if (!buyer) return { ok: false, status: 404, message: "There is no such buyer." };
    const at = now();
    const timeZone = buyer.rules.timeZone;
    if (period > monthOf(at, timeZone)) return { ok: false, status: 409, message: `${period} has not begun: a statement covers a month that has begun or ended.` };
    const bounds = monthBounds(period, timeZone);
    // Issued before its month ends, a statement stops at the moment it is issued: what follows is on the next.
    const cutoff = bounds.end < at.toISOString() ? bounds.end : at.toISOString();
    return writeTransaction(db, async (trx): Promise<IssueResult> => {
      await lockForTransaction(trx, `statements:${buyerId}`);
      const last = await trx.selectFrom("statements").select(["number", "period", "balance_cents"]).where("buyer_id", "=", buyerId).orderBy("number", "desc").executeTakeFirst();
      if (last && last.period >= period) {
        return { ok: false, status: 409, message: last.period === period ? `The statement for ${period} is already issued.` : `The statement for ${last.period} is issued: statements are issued month by month, in order.` };
      }
      const entries = await trx
        .selectFrom("ledger_entries")
        .select(["id", "created_at", "kind", "lead_id", "case_type", "amount_cents", "return_id"])
        .where("buyer_id", "=", buyerId)
        .where("created_at", "<", cutoff)
        .where("id", "not in", (eb) => eb.selectFrom("statement_lines").select("ledger_entry_id"))
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((total, e) => total + Number(e.amount_cents), 0);
      const salesCents = sum("sale");
      const creditsCents = sum("credit");
      const cancellationsCents = sum("cancellation");
      const totalCents = salesCents + creditsCents + cancellationsCents;
      const id = randomUUID();
      const row = {
        id,
        buyer_id: buyerId,
        number: Number(last?.number ?? 0) + 1,
        period,
        period_start: bounds.start,
        period_end: cutoff,
        time_zone: timeZone,
        issued_at: at.toISOString(),
        issued_by: actor.tag,
        buyer_name: buyer.name,
        sales_count: entries.filter((e) => e.kind === "sale").length,
        sales_cents: salesCents,
        credits_cents: creditsCents,
        cancellations_cents: cancellationsCents,
        total_cents: totalCents,
        balance_cents: Number(last?.balance_cents ?? 0) + totalCents,
      };
      await trx.insertInto("statements").values(row).execute();
      // In chunks: SQLite takes at most 32,766 parameters in one statement.
      for (let i = 0; i < entries.length; i += 500) {
        await trx
          .insertInto("statement_lines")
          .values(
            entries.slice(i, i + 500).map((e) => ({
              ledger_entry_id: e.id,
              statement_id: id,
              created_at: e.created_at,
              kind: e.kind,
              lead_id: e.lead_id,
              case_type: e.case_type,
              amount_cents: Number(e.amount_cents),
              return_id: e.return_id,
            })),
          )
          .execute();
      }
      await recordAudit(
        trx,
        actor.audit,
        { action: "issue-statement", target: { type: "buyer", id: buyerId }, detail: { statement: id, number: row.number, period, lines: entries.length, totalCents, by: actor.tag } },
        at,
      );
      return { ok: true, statement: summaryOf(row) };
    });
  }

  async function get(statementId: string, buyerId?: string): Promise<{ statement: StatementSummary; lines: StatementLine[] } | null> {
    if (typeof statementId !== "string" || statementId.length > 100) return null;
    let query = db.selectFrom("statements").selectAll().where("id", "=", statementId);
    // A buyer's own statements only: another buyer's is as unknown as one that does not exist.
    if (buyerId !== undefined) query = query.where("buyer_id", "=", buyerId);
    const row = await query.executeTakeFirst();
    if (!row) return null;
    const lines = await db
      .selectFrom("statement_lines")
      .leftJoin("leads", "leads.id", "statement_lines.lead_id")
      .select(["statement_lines.ledger_entry_id", "statement_lines.created_at", "statement_lines.kind", "statement_lines.lead_id", "statement_lines.case_type", "statement_lines.amount_cents", "statement_lines.return_id", "leads.fn", "leads.ln"])
      .where("statement_lines.statement_id", "=", statementId)
      .orderBy("statement_lines.created_at")
      .orderBy("statement_lines.ledger_entry_id")
      .execute();
    return {
      statement: summaryOf(row),
      lines: lines.map((line) => ({
        ledgerEntryId: line.ledger_entry_id,
        createdAt: line.created_at,
        kind: line.kind,
        leadId: line.lead_id,
        caseType: line.case_type,
        amountCents: Number(line.amount_cents),
        returnId: line.return_id,
        leadName: [line.fn, line.ln].filter(Boolean).join(" ") || null,
      })),
    };
  }

  return {
    issue,
    get,

    /** The months the operator may issue a statement for now, in the zone: the one that ended last, then the current one (up to now). */
    issuableMonths(timeZone: string): string[] {
      const current = monthOf(now(), timeZone);
      return [previousMonth(current), current];
    },

    async list(buyerId: string): Promise<StatementSummary[]> {
      const rows = await db.selectFrom("statements").selectAll().where("buyer_id", "=", buyerId).orderBy("number", "desc").execute();
      return rows.map(summaryOf);
    },

    /** A statement as CSV: a header of its figures, then its lines. */
    csv({ statement, lines }: { statement: StatementSummary; lines: StatementLine[] }): string {
      const money = (cents: number) => ({ cents });
      return [
        csvLine(["statement", "buyer", "period", "issued_at", "sales", "sales_usd", "credits_usd", "cancellations_usd", "total_usd", "balance_usd"]),
        csvLine([String(statement.number), statement.buyerName, statement.period, statement.issuedAt, String(statement.salesCount), money(statement.salesCents), money(statement.creditsCents), money(statement.cancellationsCents), money(statement.totalCents), money(statement.balanceCents)]),
        "\n",
        csvLine(["date", "kind", "lead_id", "lead", "claim", "amount_usd", "return_id"]),
        ...lines.map((line) => csvLine([line.createdAt, line.kind, line.leadId, line.leadName, line.caseType, money(line.amountCents), line.returnId])),
      ].join("");
    },

    /**
     * The worker's run: every buyer that has a ledger entry gets the statement of each month that has
     * ended since its last one (the first: the month of its first entry). Issuing twice is refused by
     * the database, so two workers cannot make two.
     */
    async issueDue(): Promise<number> {
      const at = now();
      let issued = 0;
      for (const buyer of await listBuyers(db)) {
        const first = await db.selectFrom("ledger_entries").select(sql<string>`min(created_at)`.as("first")).where("buyer_id", "=", buyer.id).executeTakeFirst();
        if (!first?.first) continue;
        const zone = buyer.rules.timeZone;
        const last = await db.selectFrom("statements").select("period").where("buyer_id", "=", buyer.id).orderBy("number", "desc").executeTakeFirst();
        const current = monthOf(at, zone);
        let period = last ? nextMonth(last.period) : monthOf(new Date(first.first), zone);
        while (period < current) {
          const result = await issue(buyer.id, period, { audit: { operatorId: null, email: "system", ip: null }, tag: "system" }).catch(() => null);
          if (!result?.ok) break;
          issued++;
          period = nextMonth(period);
        }
      }
      return issued;
    },
  };
}

export function nextMonth(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

export function previousMonth(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** A CSV record: text cells as csvRow quotes and guards them; amounts unquoted, so -38.50 is a number to a spreadsheet, not text with an apostrophe. */
function csvLine(cells: readonly (string | null | { cents: number })[]): string {
  return `${cells.map((cell) => (cell !== null && typeof cell === "object" ? (cell.cents / 100).toFixed(2) : csvRow([cell]).slice(0, -1))).join(",")}\n`;
}
