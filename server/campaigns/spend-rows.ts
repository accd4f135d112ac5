import { parse } from "csv-parse/sync";
import { utmKey } from "../db/search-keys";
import { dollarsToCents } from "../money";

/** One day's spend of one campaign, keyed as leads store their UTM values (trimmed, lower-case). */
export interface SpendRow {
  day: string;
  utmSource: string;
  utmCampaign: string;
  spendCents: number;
}

/** The longest UTM value a lead keeps (server/attribution/attribution.ts). */
const MAX_UTM = 500;
/** Rows one file may hold: a year of a few hundred campaigns' days, far more than a month's export. */
export const MAX_SPEND_ROWS = 20_000;
/** Errors quoted back at once: enough to fix a file's pattern of mistakes, not a wall of text. */
const QUOTED_ERRORS = 20;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The names each column may have in a header row (ad platforms' exports name them differently). */
const COLUMN_NAMES = {
  day: ["day", "date"],
  utmSource: ["utm_source", "source"],
  utmCampaign: ["utm_campaign", "campaign"],
  spend: ["spend", "cost", "amount"],
} as const;
type Column = keyof typeof COLUMN_NAMES;

export const CSV_FORMAT = "a header row naming the columns date, source, campaign and spend (in any order), then one row per day and campaign";

export type RowCheck = { ok: true; row: SpendRow } | { ok: false; errors: Record<"day" | "source" | "campaign" | "spend", string | undefined> };

/**
 * Checks one row's values as an operator typed or a file holds them: a real calendar day no later than
 * `today`, a source and a campaign, and an amount in dollars with at most two decimals. Answers every
 * field's problem in words.
 */
export function checkSpendRow(values: { day: string; source: string; campaign: string; spend: string }, today: string): RowCheck {
  const errors: Record<"day" | "source" | "campaign" | "spend", string | undefined> = { day: undefined, source: undefined, campaign: undefined, spend: undefined };
  const day = values.day.trim();
  if (!isCalendarDay(day)) errors.day = `the date “${shown(day)}” is not a day written YYYY-MM-DD`;
  else if (day > today) errors.day = `the date ${day} is in the future (today is ${today})`;
  const source = utmKey(values.source);
  if (!source) errors.source = "the source is empty (the utm_source of the campaign's links)";
  else if (source.length > MAX_UTM) errors.source = `the source is longer than ${MAX_UTM} characters`;
  const campaign = utmKey(values.campaign);
  if (!campaign) errors.campaign = "the campaign is empty (the utm_campaign of its links)";
  else if (campaign.length > MAX_UTM) errors.campaign = `the campaign is longer than ${MAX_UTM} characters`;
  // "$1,234.50" as spreadsheets write it: the sign and the thousands separators are dropped.
  const amount = values.spend.trim().replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  const cents = amount ? dollarsToCents(amount) : ({ ok: false, reason: "empty" } as const);
  if (!cents.ok) {
    const why = /^(negative|above)/.test(cents.reason) ? ` (${cents.reason})` : "";
    errors.spend = `the spend “${shown(values.spend.trim())}” is not an amount in dollars like 125.40${why}`;
  }
  else if (cents.fractionDropped) errors.spend = `the spend ${amount} has fractions of a cent: give at most two decimals`;
  if (errors.day || errors.source || errors.campaign || errors.spend || !cents.ok) return { ok: false, errors };
  return { ok: true, row: { day, utmSource: source!, utmCampaign: campaign!, spendCents: cents.cents } };
}

export type ParsedFile = { ok: true; rows: SpendRow[] } | { ok: false; errors: string[] };

/**
 * The rows of an uploaded CSV, or every problem found in it by line (up to QUOTED_ERRORS): a file with
 * any bad row is refused whole, so an import never leaves half a month recorded.
 */
export function parseSpendCsv(text: string, today: string): ParsedFile {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    return { ok: false, errors: [`The file is not readable as CSV: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: ["The file is empty: it needs " + CSV_FORMAT + "."] };
  const columns = columnsOf(header);
  if (!columns.ok) return { ok: false, errors: [columns.error] };
  if (!body.length) return { ok: false, errors: ["The file has a header row and no spend rows under it."] };
  if (body.length > MAX_SPEND_ROWS) return { ok: false, errors: [`The file has ${body.length} rows; import at most ${MAX_SPEND_ROWS} at a time.`] };

  const errors: string[] = [];
  const rows: SpendRow[] = [];
  const lineOfKey = new Map<string, number>();
  body.forEach((cells, i) => {
    // Lines as a spreadsheet numbers them: the header is line 1.
    const line = i + 2;
    const value = (column: Column) => cells[columns.index[column]] ?? "";
    const checked = checkSpendRow({ day: value("day"), source: value("utmSource"), campaign: value("utmCampaign"), spend: value("spend") }, today);
    if (!checked.ok) {
      errors.push(`Line ${line}: ${Object.values(checked.errors).filter(Boolean).join("; ")}.`);
      return;
    }
    const key = spendKey(checked.row);
    const earlier = lineOfKey.get(key);
    if (earlier !== undefined) {
      errors.push(`Line ${line}: ${checked.row.day}, ${checked.row.utmSource}, ${checked.row.utmCampaign} is already on line ${earlier}; give each day and campaign once.`);
      return;
    }
    lineOfKey.set(key, line);
    rows.push(checked.row);
  });
  if (errors.length) {
    const more = errors.length > QUOTED_ERRORS ? [`… and ${errors.length - QUOTED_ERRORS} more lines with problems.`] : [];
    return { ok: false, errors: [...errors.slice(0, QUOTED_ERRORS), ...more] };
  }
  return { ok: true, rows };
}

export const spendKey = (row: Pick<SpendRow, "day" | "utmSource" | "utmCampaign">) => `${row.day}\n${row.utmSource}\n${row.utmCampaign}`;

function columnsOf(header: string[]): { ok: true; index: Record<Column, number> } | { ok: false; error: string } {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const index = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of Object.keys(COLUMN_NAMES) as Column[]) {
    const at = names.findIndex((name) => (COLUMN_NAMES[column] as readonly string[]).includes(name));
    if (at < 0) missing.push(COLUMN_NAMES[column].join(" or "));
    else index[column] = at;
  }
  if (missing.length) return { ok: false, error: `The first row must name the columns: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing (the file needs ${CSV_FORMAT}).` };
  return { ok: true, index };
}

function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
