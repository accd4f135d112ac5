import express, { type Router } from "express";
import { z } from "zod";
import { requireBuyerApiKey, type ApiBuyer } from "../distribution";
import type { Db } from "../db/database";
import { DEFAULT_BUYER_API_LIMITS, takeBuyerApiSlot, TOO_MANY_CHECKS, type BuyerApiLimits } from "../rate-limits/buyer-api-limits";
import type { LeadReturns } from "../returns/lead-returns";

const bodySchema = z.strictObject(
  {
    leadId: z.string({ error: "leadId must be a string: the id of a lead you bought." }).min(1, "leadId must not be empty.").max(100, "leadId is too long."),
    reason: z.string({ error: "reason must be a string." }),
    text: z.string({ error: "text must be a string." }).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}. Send leadId, reason and, for 'other', text.` : "The body must be a JSON object.") },
);

/**
 * `POST /api/returns`: a buyer returns a lead it bought, with its API key (docs/decisions/041). 201
 * with the return's id and whether it is approved or waits for the operator (over the buyer's cap); a
 * lead the key's buyer did not buy answers 404, the same whether it is another buyer's or unknown.
 * Limited like the match and revocation APIs (per key per minute, per key and lead per day), before
 * the lead is looked at, so a refusal says nothing about it.
 */
export function returnsRoutes({
  db,
  returns,
  jsonLimitBytes,
  limits = DEFAULT_BUYER_API_LIMITS,
  now = () => new Date(),
}: {
  db: Db;
  returns: LeadReturns;
  jsonLimitBytes: number;
  limits?: BuyerApiLimits;
  now?: () => Date;
}): Router {
  const router = express.Router();
  router.post("/", requireBuyerApiKey(db), express.json({ limit: jsonLimitBytes, strict: false }), async (req, res) => {
    if (!req.is("application/json")) return void res.status(415).json({ error: "Content-Type must be application/json" });
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.issues.map((issue) => issue.message).join(" ") });
    const buyer = res.locals.buyer as ApiBuyer;
    const slot = await takeBuyerApiSlot(db, limits, "return", buyer.id, parsed.data.leadId, now());
    if (!slot.allowed) return void res.status(429).set("Retry-After", String(slot.retryAfterSeconds)).json({ error: TOO_MANY_CHECKS });
    const result = await returns.request({
      buyerId: buyer.id,
      leadId: parsed.data.leadId,
      reason: parsed.data.reason,
      text: parsed.data.text,
      channel: "api",
      actor: { audit: { operatorId: null, email: `api key of ${buyer.name}`, ip: req.ip ?? null }, tag: `buyer-api:${buyer.id}` },
    });
    if (!result.ok) return void res.status(result.status).json({ error: result.message });
    res.status(201).json({ returnId: result.returnId, status: result.status, credited: result.creditId !== null });
  });
  router.all("/", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: "Method not allowed; use POST" });
  });
  return router;
}
