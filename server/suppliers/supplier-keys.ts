import { createHash, randomBytes } from "node:crypto";
import { claimBySlug } from "#claims/registry";
import type { Db } from "../db/database";

/** Every supplier key starts so, which tells a leaked string for what it is (secret scanners look for prefixes). */
const KEY_PREFIX = "lsk_";
const KEY_PATTERN = /^lsk_[A-Za-z0-9_-]{43}$/;
/** How much of the key the operator sees again, to tell keys apart. */
const SHOWN_LENGTH = 10;

/** The supplier a valid key belongs to, as the lead API needs it. */
export interface LeadSupplier {
  id: string;
  name: string;
  dailyCap: number | null;
  /** What we pay for each lead it sends that we accept, in cents: stored on the lead (docs/decisions/046). */
  payoutCents: number;
}

export const SUPPLIER_KEY_REQUIRED = "A supplier key is required: send it as 'Authorization: Bearer <key>'.";
export const SUPPLIER_KEY_UNKNOWN = "This supplier key is not valid. Ask the operator for a new one.";
export const SUPPLIER_PAUSED = "This supplier is paused: the operator takes no leads from it for now.";

export type SupplierGate =
  | { ok: true; supplier: LeadSupplier }
  | { ok: false; status: 401 | 403; headers: Record<string, string>; body: { error: string } };

function keySha256(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A new key for the supplier, replacing its old one at once; the only time it exists outside the supplier's hands. */
export async function issueSupplierKey(db: Db, supplierId: string, now: Date = new Date()): Promise<string | null> {
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const result = await db
    .updateTable("suppliers")
    .set({ api_key_sha256: keySha256(key), api_key_prefix: key.slice(0, SHOWN_LENGTH), api_key_created_at: now.toISOString() })
    .where("id", "=", supplierId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? key : null;
}

export async function revokeSupplierKey(db: Db, supplierId: string): Promise<void> {
  await db.updateTable("suppliers").set({ api_key_sha256: null, api_key_prefix: null, api_key_created_at: null }).where("id", "=", supplierId).execute();
}

/** The bearer token of an Authorization header, or null. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * Who may post a lead of `caseType`: the lead API's first check, before its body is read, on both of
 * its paths (early-lead-intake.ts and api-router.ts). A missing or unknown key is a 401; a paused
 * supplier's own key a 403 (it learns only about its own key, and the pause is checked before its
 * claims); a claim it may not send a 403.
 */
export async function supplierGate(db: Db, authorization: string | undefined, slug: string): Promise<SupplierGate> {
  const key = bearerTokenOf(authorization);
  if (!key) return refuse(401, SUPPLIER_KEY_REQUIRED, 'Bearer realm="suppliers"');
  const row = KEY_PATTERN.test(key)
    ? await db
        .selectFrom("suppliers")
        .select(["id", "name", "daily_cap", "payout_cents", "status", "claim_slugs"])
        .where("api_key_sha256", "=", keySha256(key))
        .executeTakeFirst()
    : undefined;
  if (!row) return refuse(401, SUPPLIER_KEY_UNKNOWN, 'Bearer realm="suppliers", error="invalid_token"');
  if (row.status !== "active") return refuse(403, SUPPLIER_PAUSED);
  // An unknown claim is the route's 404, for a supplier that may send any.
  if (claimBySlug(slug) && !claimSlugsOf(row.claim_slugs).includes(slug)) {
    return refuse(403, `This supplier may not send '${slug}' leads. Ask the operator to allow the claim.`);
  }
  return {
    ok: true,
    supplier: { id: row.id, name: row.name, dailyCap: row.daily_cap === null ? null : Number(row.daily_cap), payoutCents: Number(row.payout_cents) },
  };
}

export function claimSlugsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === "string") : [];
  } catch {
    return [];
  }
}

function refuse(status: 401 | 403, error: string, challenge?: string): SupplierGate {
  return { ok: false, status, headers: challenge ? { "WWW-Authenticate": challenge } : {}, body: { error } };
}
