import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Updateable } from "kysely";
import { z } from "zod";
import { allClaims } from "#claims/registry";
import type { Config } from "../../config";
import { writeTransaction } from "../../db/database";
import type { Database, BuyersTable, DeliveryTarget } from "../../db/schema";
import { auctionsEnabled, saveAuctionsEnabled } from "../routing/auction-settings";
import { buyerRulesSchema, priceCentsOf, type RoutableBuyer } from "../routing/buyer-rules";
import {
  checkRoutingMode,
  effectiveRoutingMode,
  savedRoutingModes,
  saveRoutingMode as storeRoutingMode,
  type ClaimRoutingMode,
  type RoutingModeErrors,
} from "../routing/routing-modes";
import { lastFour, type SecretBox } from "../../secrets/secret-box";
import { inWords } from "../../validation/in-words";
import { issueBuyerApiKey, revokeBuyerApiKey } from "./buyer-api-key";
import { buyerDeliverySchema, CREDENTIALS_PLACEHOLDER, LEAD_PLACEHOLDERS, type BuyerDelivery } from "./buyer-delivery";
import { buyerReport, type BuyerReport } from "./buyer-report";
import { systemDeliveries, type SystemDelivery } from "./system-delivery";
import { WEBHOOK_BUYER_ID } from "./system-buyers";

const buyerInputSchema = z.object({
  name: z.string().trim().min(1, "Name the buyer.").max(100),
  active: z.boolean().default(true),
  delivery: buyerDeliverySchema,
  // Whether a buyer takes leads is its active column, so pausing it does not rewrite its rules.
  rules: buyerRulesSchema.omit({ active: true }),
  /** On update: absent keeps the saved credentials, null removes them. */
  credentials: z.string().trim().min(1, "Enter the credentials, or leave the field out to keep them.").max(4096).nullable().optional(),
});

export type BuyerInput = z.input<typeof buyerInputSchema>;

/**
 * What the operator sets on a system buyer: its name comes from the server's settings at every start,
 * and its delivery from the Setup page or the server's settings, so only whether and which leads it takes.
 */
const systemBuyerInputSchema = buyerInputSchema.pick({ active: true, rules: true });

export type SystemBuyerInput = z.input<typeof systemBuyerInputSchema>;

export interface Buyer extends RoutableBuyer {
  system: DeliveryTarget | null;
  active: boolean;
  delivery: BuyerDelivery;
  /** ••••abcd (lastFour), or null when the buyer has no credentials. */
  credentialsLast4: string | null;
  /** The buyer's API key as the admin shows it again: its first characters and when it was issued. */
  apiKey: { prefix: string; createdAt: string } | null;
  /** Why and since when the buyer was paused automatically (its failures in a row); null otherwise. */
  autoPause: { reason: string; at: string } | null;
  /** Failed attempts in a row, reset by a 2xx answer. */
  failuresInARow: number;
  createdAt: string;
  updatedAt: string;
}

/** Messages by the path of the field they are about: `name`, `delivery.url`, `rules.caps.perDay`. */
export type BuyerErrors = Record<string, string>;
export type SaveBuyerResult = { ok: true; buyer: Buyer } | { ok: false; errors: BuyerErrors };

export type { ClaimRoutingMode, RoutingModeErrors };
/** How a claim's leads are sold: the routing mode, and whether ping-post buyers bid for them first. */
export interface ClaimRouting {
  caseType: string;
  routing: ClaimRoutingMode;
  auction: boolean;
}
export type SaveRoutingModeResult =
  | { ok: true; mode: ClaimRoutingMode; auction: boolean }
  | { ok: false; errors: RoutingModeErrors & { caseType?: string } };

/** A buyer's report with what the admin needs to read it: its price for revenue, its daily cap. */
export interface BuyerReportEntry extends BuyerReport {
  priceCents: number | null;
  perDay: number | null;
  /** The zone the buyer's days are counted in. */
  timeZone: string;
}

/** The report covers a week of each buyer's own days. */
export const REPORT_DAYS = 7;

export const NO_SECRETS_KEY = "Credentials cannot be stored until SECRETS_KEY is set on the server.";

export type BuyerStore = ReturnType<typeof createBuyerStore>;
export type { SystemDelivery };

/**
 * Buyers as the admin manages them. The store can seal credentials but not open them: only the
 * sender, through openBuyerCredentials, ever reads them back.
 */
export function createBuyerStore(
  db: Kysely<Database>,
  secretBox: Pick<SecretBox, "seal"> | null,
  {
    now = () => new Date(),
    partners = {},
  }: {
    now?: () => Date;
    /** The partners the server is configured for, to say where their system buyers' deliveries are set. */
    partners?: Partial<Config["partners"]>;
  } = {},
) {
  /** The input checked, or what is wrong with it, by field; credentials need SECRETS_KEY to be stored. */
  function parse(input: unknown) {
    const parsed = buyerInputSchema.safeParse(input, { error: BUYER_WORDS });
    if (!parsed.success) return { ok: false as const, errors: errorsOf(parsed.error) };
    if (typeof parsed.data.credentials === "string" && !secretBox) {
      return { ok: false as const, errors: { credentials: NO_SECRETS_KEY } };
    }
    return { ok: true as const, data: parsed.data };
  }

  /**
   * What create or update would refuse in the input, by field; empty when they would take it. Writes
   * nothing. `system`: the input is a system buyer's (SystemBuyerInput).
   */
  function check(input: unknown, { system = false }: { system?: boolean } = {}): BuyerErrors {
    if (system) {
      const parsed = systemBuyerInputSchema.safeParse(input, { error: BUYER_WORDS });
      return parsed.success ? {} : errorsOf(parsed.error);
    }
    const parsed = parse(input);
    return parsed.ok ? {} : parsed.errors;
  }

  async function create(input: unknown): Promise<SaveBuyerResult> {
    const parsed = parse(input);
    if (!parsed.ok) return parsed;
    const id = randomUUID();
    const at = now().toISOString();
    await db
      .insertInto("buyers")
      .values({ id, ...columnsOf(parsed.data), ...credentialColumns(id, parsed.data.credentials), created_at: at, updated_at: at })
      .execute();
    return { ok: true, buyer: (await get(id))! };
  }

  /**
   * Replaces the buyer's name, state, delivery and rules; its credentials as `credentials` says. A
   * system buyer takes a SystemBuyerInput (anything else in the input is ignored) and keeps its name,
   * delivery and credentials: the server's settings name it and the Setup page or the server send it.
   */
  async function update(id: string, input: unknown): Promise<SaveBuyerResult> {
    const existing = await db.selectFrom("buyers").select(["system", "active"]).where("id", "=", id).executeTakeFirst();
    if (!existing) return { ok: false, errors: { id: `There is no buyer ${id}.` } };
    let columns: Updateable<BuyersTable>;
    if (existing.system) {
      const parsed = systemBuyerInputSchema.safeParse(input, { error: BUYER_WORDS });
      if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
      columns = { active: parsed.data.active ? 1 : 0, rules: JSON.stringify(parsed.data.rules) };
    } else {
      const parsed = parse(input);
      if (!parsed.ok) return parsed;
      columns = { ...columnsOf(parsed.data), ...credentialColumns(id, parsed.data.credentials) };
    }
    // A paused buyer saved as active by the operator: an automatic pause's reason goes, and its count starts again.
    const resumed = existing.active === 0 && columns.active === 1 ? { paused_reason: null, paused_at: null, consecutive_failures: 0 } : {};
    const result = await db
      .updateTable("buyers")
      .set({ ...columns, ...resumed, updated_at: now().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (!result.numUpdatedRows) return { ok: false, errors: { id: `There is no buyer ${id}.` } };
    return { ok: true, buyer: (await get(id))! };
  }

  /**
   * Pauses (false) or resumes (true) a buyer; false when there is no such buyer. Either clears an
   * automatic pause's reason (an operator's pause has none), and resuming starts the failures in a
   * row from zero, so the next failure does not pause the buyer again at once.
   */
  async function setActive(id: string, active: boolean): Promise<boolean> {
    const result = await db
      .updateTable("buyers")
      .set({ active: active ? 1 : 0, paused_reason: null, paused_at: null, ...(active ? { consecutive_failures: 0 } : {}), updated_at: now().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  const get = (id: string) => buyerById(db, id);

  const list = () => listBuyers(db);

  function credentialColumns(id: string, credentials: string | null | undefined): Updateable<BuyersTable> {
    if (credentials === undefined) return {};
    if (credentials === null) return { credentials_sealed: null, credentials_last4: null };
    return { credentials_sealed: secretBox!.seal(credentials, credentialsContext(id)), credentials_last4: lastFour(credentials) };
  }

  /** Every claim of the registry with how its leads are sold, in the registry's order. */
  async function routingModes(): Promise<ClaimRouting[]> {
    const saved = await savedRoutingModes(db);
    return Promise.all(
      allClaims().map(async (claim) => ({
        caseType: claim.caseType,
        routing: effectiveRoutingMode(saved[claim.caseType]),
        auction: await auctionsEnabled(db, claim.caseType),
      })),
    );
  }

  /** Saves a claim's mode (`{ mode, maxBuyers }`, see checkRoutingMode) and, with `auction: true`, auctions first; anything else turns them off. */
  async function saveRoutingMode(caseType: string, input: unknown): Promise<SaveRoutingModeResult> {
    // A mode for a claim the registry does not know would never be read, so it is refused rather than stored.
    if (!allClaims().some((claim) => claim.caseType === caseType)) return { ok: false, errors: { caseType: "There is no such claim." } };
    const checked = checkRoutingMode(input);
    if (!checked.ok) return checked;
    const auction = (input as { auction?: unknown }).auction === true;
    const at = now();
    await writeTransaction(db, async (trx) => {
      await storeRoutingMode(trx, caseType, checked.mode, at);
      await saveAuctionsEnabled(trx, caseType, auction, at);
    });
    return { ...checked, auction };
  }

  /** Where each system buyer's delivery is set and whether it can send now. */
  const systems = () => systemDeliveries(db, partners);

  /** Each buyer's last REPORT_DAYS days and its cap left today, paused buyers too. */
  async function report(at: Date = now()): Promise<BuyerReportEntry[]> {
    const buyers = await listBuyers(db);
    const reports = await buyerReport(db, buyers, at, REPORT_DAYS);
    return reports.map((entry, i) => {
      const { rules } = buyers[i]!;
      return { ...entry, priceCents: priceCentsOf(rules), perDay: rules.caps.perDay ?? null, timeZone: rules.timeZone };
    });
  }

  // The admin's mapping help lists them; routes cannot import them from server/.
  const placeholders = { lead: LEAD_PLACEHOLDERS, credentials: CREDENTIALS_PLACEHOLDER } as const;

  /** A new API key for the buyer, replacing its old one; the only time it is shown. Null when there is no such buyer. */
  const issueApiKey = (id: string) => issueBuyerApiKey(db, id, now());
  const revokeApiKey = (id: string) => revokeBuyerApiKey(db, id);

  return { create, update, check, setActive, get, list, routingModes, saveRoutingMode, systems, report, placeholders, issueApiKey, revokeApiKey };
}

/** Every buyer by name, paused ones too: routing records them as skipped. */
export async function listBuyers(db: Kysely<Database>): Promise<Buyer[]> {
  const rows = await db
    .selectFrom("buyers")
    .selectAll()
    // The webhook's old buyer row (docs/decisions/038): the webhook gets a copy of every lead instead.
    .where("id", "!=", WEBHOOK_BUYER_ID)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(buyerOf);
}

/** One buyer, as the sender reads it; undefined if there is none. */
export async function buyerById(db: Kysely<Database>, id: string): Promise<Buyer | undefined> {
  const row = await db.selectFrom("buyers").selectAll().where("id", "=", id).executeTakeFirst();
  return row && buyerOf(row);
}

/** The buyer's credentials for sending; null when it has none. Throws SecretBoxError under another SECRETS_KEY. */
export async function openBuyerCredentials(db: Kysely<Database>, secretBox: Pick<SecretBox, "open">, buyerId: string): Promise<string | null> {
  const row = await db.selectFrom("buyers").select("credentials_sealed").where("id", "=", buyerId).executeTakeFirst();
  return row?.credentials_sealed ? secretBox.open(row.credentials_sealed, credentialsContext(buyerId)) : null;
}

// Bound to the buyer, so that a sealed value copied into another buyer's row does not open there.
function credentialsContext(buyerId: string): string {
  return `buyers.credentials:${buyerId}`;
}

function columnsOf(input: z.output<typeof buyerInputSchema>) {
  const { method, ...delivery } = input.delivery;
  return { name: input.name, active: input.active ? 1 : 0, method, delivery: JSON.stringify(delivery), rules: JSON.stringify(input.rules) };
}

const PARSED_CACHE_SIZE = 1000;
const parsedColumns = new Map<string, unknown>();

/**
 * A buyer's JSON column as its schema reads it, kept by its text: routing reads every buyer for every
 * lead, and parsing their rules was a tenth of a lead's CPU. The text is the key, so a buyer changed
 * by another process is parsed anew. Callers only read what it returns.
 */
function parsedOnce<T>(key: string, parse: () => T): T {
  if (parsedColumns.has(key)) return parsedColumns.get(key) as T;
  const parsed = parse();
  if (parsedColumns.size >= PARSED_CACHE_SIZE) parsedColumns.clear();
  parsedColumns.set(key, parsed);
  return parsed;
}

function buyerOf(row: Selectable<BuyersTable>): Buyer {
  const active = row.active === 1;
  return {
    id: row.id,
    name: row.name,
    active,
    // Parsed again on the way out, so a rule added later gets its default on buyers saved before it.
    delivery: parsedOnce(`delivery ${row.method} ${row.delivery}`, () => buyerDeliverySchema.parse({ ...JSON.parse(row.delivery), method: row.method })),
    rules: parsedOnce(`rules ${active} ${row.rules}`, () => buyerRulesSchema.parse({ ...JSON.parse(row.rules), active })),
    credentialsLast4: row.credentials_last4,
    apiKey: row.api_key_prefix && row.api_key_created_at ? { prefix: row.api_key_prefix, createdAt: row.api_key_created_at } : null,
    system: row.system,
    autoPause: !active && row.paused_reason && row.paused_at ? { reason: row.paused_reason, at: row.paused_at } : null,
    failuresInARow: Number(row.consecutive_failures ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the buyer form's fields hold, for errors in words (server/validation/in-words.ts). */
const BUYER_WORDS = inWords({
  price: "a price",
  perDay: "a number of leads",
  perMonth: "a number of leads",
  maxLeadAgeMinutes: "a number of minutes",
  priority: "a priority",
  weight: "a weight",
  pauseAfterFailures: "a number of failures",
  name: "a name",
  url: "a web address",
});

function errorsOf(error: z.ZodError): BuyerErrors {
  const errors: BuyerErrors = {};
  for (const issue of error.issues) errors[issue.path.map(String).join(".") || "_form"] ??= issue.message;
  return errors;
}
