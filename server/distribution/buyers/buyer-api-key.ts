import { createHash, randomBytes } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Db } from "../../db/database";

/** Every key starts so, which tells a leaked string for what it is (secret scanners look for prefixes). */
const KEY_PREFIX = "lpk_";
const KEY_PATTERN = /^lpk_[A-Za-z0-9_-]{43}$/;
/** How much of the key the operator sees again, to tell keys apart: 'lpk_' and six more characters. */
const SHOWN_LENGTH = 10;

export interface ApiBuyer {
  id: string;
  name: string;
}

function keySha256(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * Gives a buyer a new API key, replacing its old one at once, and returns it: the only time the key
 * exists outside the buyer's hands, since only its hash is stored.
 */
export async function issueBuyerApiKey(db: Db, buyerId: string, now: Date = new Date()): Promise<string | null> {
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const result = await db
    .updateTable("buyers")
    .set({ api_key_sha256: keySha256(key), api_key_prefix: key.slice(0, SHOWN_LENGTH), api_key_created_at: now.toISOString() })
    .where("id", "=", buyerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? key : null;
}

export async function revokeBuyerApiKey(db: Db, buyerId: string): Promise<void> {
  await db
    .updateTable("buyers")
    .set({ api_key_sha256: null, api_key_prefix: null, api_key_created_at: null })
    .where("id", "=", buyerId)
    .execute();
}

/** The buyer a key belongs to; a paused buyer's key still works (it may still check leads it bought). */
export async function buyerByApiKey(db: Db, key: string | null | undefined): Promise<ApiBuyer | null> {
  if (!key || !KEY_PATTERN.test(key)) return null;
  const buyer = await db
    .selectFrom("buyers")
    .select(["id", "name"])
    .where("api_key_sha256", "=", keySha256(key))
    .executeTakeFirst();
  return buyer ?? null;
}

/** The key a request carries: `Authorization: Bearer <key>`, or `X-Api-Key: <key>` for tools that cannot set the first. */
export function apiKeyOf(req: Pick<Request, "get">): string | null {
  const authorization = req.get("authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? req.get("x-api-key") ?? null;
}

export const API_KEY_REQUIRED = "A buyer API key is required: send it as 'Authorization: Bearer <key>'.";
export const API_KEY_UNKNOWN = "This API key is not valid. Ask the operator for a new one.";

/** Express middleware: answers 401 without a valid buyer key; otherwise puts the buyer in `res.locals.buyer`. */
export function requireBuyerApiKey(db: Db): RequestHandler {
  return async (req, res, next) => {
    const key = apiKeyOf(req);
    if (!key) return void res.status(401).set("WWW-Authenticate", 'Bearer realm="buyers"').json({ error: API_KEY_REQUIRED });
    const buyer = await buyerByApiKey(db, key);
    if (!buyer) return void res.status(401).set("WWW-Authenticate", 'Bearer realm="buyers", error="invalid_token"').json({ error: API_KEY_UNKNOWN });
    res.locals.buyer = buyer satisfies ApiBuyer;
    next();
  };
}
