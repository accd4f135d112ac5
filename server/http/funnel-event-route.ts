import express, { type ErrorRequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { claimBySlug } from "#claims/registry";
import type { FunnelEvents } from "../analytics/funnel-events";
import type { Logger } from "../logger";
import { funnelVisit } from "./funnel-page-views";

export const EVENT_BODY_LIMIT_BYTES = 1024;

const beaconSchema = z.strictObject({
  claim: z.string().max(100),
  step: z.number().int(),
});

/**
 * `POST /api/events`: the wizard's `navigator.sendBeacon` when a visitor reaches a step with
 * JavaScript on (without it, the form route sees each step's post). Body: `{"claim": slug, "step": n}`
 * as text/plain (what sendBeacon sends for a string) or application/json. Answers 204, also when the
 * visit is not counted (a bot, a repeat), so a client learns nothing from it; bad input gets a 4xx.
 */
export function funnelEventRoute({ funnel, logger, perMinute }: { funnel: FunnelEvents; logger: Logger; perMinute: number }) {
  const router = express.Router();
  // Per web instance, in memory: a beacon flood costs little (repeats are not counted), and what is
  // counted is bounded across instances in the database (FUNNEL_NEW_VISITORS_PER_ADDRESS_PER_DAY).
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: false,
    legacyHeaders: false,
    // TRUST_PROXY is the operator's to set, and req.ip already follows it.
    validate: { trustProxy: false, xForwardedForHeader: false },
    handler: (_req, res) => void res.status(429).set("Retry-After", "60").json({ error: "Too many events; try again in a minute" }),
  });

  router.post(
    "/",
    (req, res, next) => {
      if (req.get("sec-fetch-site") === "cross-site") return void res.status(403).json({ error: "Events are accepted from this site's pages only" });
      if (!req.is(["text/plain", "application/json"])) return void res.status(415).json({ error: "Content-Type must be text/plain or application/json" });
      next();
    },
    limiter,
    express.text({ type: ["text/plain", "application/json"], limit: EVENT_BODY_LIMIT_BYTES }),
    async (req, res) => {
      let body: unknown;
      try {
        body = JSON.parse(typeof req.body === "string" ? req.body : "");
      } catch {
        return void res.status(400).json({ error: "Malformed JSON" });
      }
      const parsed = beaconSchema.safeParse(body);
      if (!parsed.success) return void res.status(400).json({ error: 'Expected {"claim": "<claim slug>", "step": <step number>}' });
      const claim = claimBySlug(parsed.data.claim);
      if (!claim) return void res.status(400).json({ error: `Unknown claim '${parsed.data.claim}'` });
      const { step } = parsed.data;
      if (step < 2 || step > claim.steps.length) {
        return void res.status(400).json({ error: `step must be from 2 to ${claim.steps.length} for ${claim.slug} (step 1 is counted when the form is opened)` });
      }
      await funnel.record(claim.slug, { kind: "step", step }, funnelVisit(req.get.bind(req), req.ip ?? null, req.originalUrl));
      res.status(204).end();
    },
  );
  router.all("/", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: "Method not allowed; use POST" });
  });
  router.use(((error: { type?: string; status?: number }, _req, res, next) => {
    if (error.type === "entity.too.large") return void res.status(413).json({ error: `Request body too large (limit ${EVENT_BODY_LIMIT_BYTES} bytes)` });
    if (error.status && error.status >= 400 && error.status < 500) return void res.status(error.status).json({ error: "Bad request" });
    logger.error({ err: error }, "funnel event not recorded");
    next(error);
  }) satisfies ErrorRequestHandler);
  return router;
}
