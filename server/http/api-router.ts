import type { IncomingHttpHeaders } from "node:http";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { claimBySlug } from "#claims/registry";
import { attributionSchema, ATTRIBUTION_COOKIE, decodeAttribution, readCookie } from "../attribution/attribution";
import type { LeadRequestContext, LeadService, SubmitLeadResult } from "../leads/submit-lead";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import type { RevocationService } from "../revocations/revocation-service";
import { certificateApiRouter, type CertificateApiDeps } from "./certificate-routes";
import { DEFAULT_BUYER_API_LIMITS, type BuyerApiLimits } from "../rate-limits/buyer-api-limits";
import { buildOpenApiDocument } from "./openapi";
import { revocationRoutes } from "./revocation-route";
import { returnsRoutes } from "./returns-route";
import type { LeadReturns } from "../returns/lead-returns";
import { supplierGate, type LeadSupplier } from "../suppliers/supplier-keys";

export const API_BODY_LIMIT_BYTES = 32 * 1024;

/** A lead's body as both intake paths read it: this route and the early answer (./early-lead-intake.ts). */
export const readLeadBody = express.json({ limit: API_BODY_LIMIT_BYTES, strict: false });

/** An answer of the JSON API: status, extra headers and JSON body. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: object;
}

/**
 * The JSON API: `POST /api/leads/:caseType` (the same lead service as the forms), the signed
 * certificates and their match API, revocations buyers report, returns of leads buyers bought, and
 * its OpenAPI description.
 */
export function apiRouter({
  leads,
  siteUrl,
  logger,
  db,
  revocations,
  returns,
  certificateApi,
  buyerApiLimits = DEFAULT_BUYER_API_LIMITS,
}: {
  leads: LeadService;
  siteUrl: string;
  logger: Logger;
  db: Db;
  revocations: RevocationService;
  returns: LeadReturns;
  certificateApi: Omit<CertificateApiDeps, "bodyLimitBytes" | "db">;
  /** The checking APIs' limits per buyer key (the match API's are in certificateMatches). */
  buyerApiLimits?: BuyerApiLimits;
}) {
  const router = express.Router();

  router.get("/openapi.json", (_req, res) => {
    res.json(buildOpenApiDocument(siteUrl));
  });

  const requireKnownCaseType: RequestHandler = (req, res, next) => {
    const caseType = String(req.params.caseType);
    if (!claimBySlug(caseType)) return void res.status(404).json({ error: `Unknown case type '${caseType}'` });
    next();
  };
  const requireJson: RequestHandler = (req, res, next) => {
    if (!req.is("application/json")) {
      return void res.status(415).json({ error: "Content-Type must be application/json" });
    }
    next();
  };

  // Before anything else, the body included: no lead without a known source (docs/decisions/046).
  const requireSupplier: RequestHandler = async (req, res, next) => {
    const gate = await supplierGate(db, req.get("authorization"), String(req.params.caseType));
    if (!gate.ok) return void res.status(gate.status).set(gate.headers).json(gate.body);
    res.locals.supplier = gate.supplier;
    next();
  };

  router.post(
    "/leads/:caseType",
    requireSupplier,
    requireKnownCaseType,
    requireJson,
    readLeadBody,
    async (req, res) => {
      const body: unknown = req.body;
      const result = await leads.submit(String(req.params.caseType), body, {
        ...leadRequestContext(body, req.ip ?? null, req.headers),
        supplier: res.locals.supplier as LeadSupplier,
      });
      const answer = leadAnswer(result);
      res.status(answer.status).set(answer.headers).json(answer.body);
    },
  );

  router.all("/leads/:caseType", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: "Method not allowed; use POST" });
  });
  router.use("/revocations", revocationRoutes({ db, revocations, jsonLimitBytes: API_BODY_LIMIT_BYTES, limits: buyerApiLimits }));
  router.use("/returns", returnsRoutes({ db, returns, jsonLimitBytes: API_BODY_LIMIT_BYTES, limits: buyerApiLimits }));
  router.use("/certificates", certificateApiRouter({ ...certificateApi, db, bodyLimitBytes: API_BODY_LIMIT_BYTES }));

  router.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  router.use(apiErrors(logger));
  return router;
}

/** A lead service result as the API answers it: status, extra headers and JSON body. */
export function leadAnswer(result: SubmitLeadResult): ApiAnswer {
  switch (result.status) {
    case "created":
    case "duplicate":
      return {
        status: result.status === "created" ? 201 : 200,
        headers: {},
        body: {
          leadId: result.leadId,
          outcome: result.outcome,
          certificateUrl: result.certificateUrl,
          // Never whether the person came before (issue 25): that is the operator's to see, not the sender's.
          submissionKeyReplayed: result.status === "duplicate",
          // Only to the supplier that sent the first lead: its own lead, nothing of another source's.
          ...(result.duplicateOfForSender ? { duplicateOf: result.duplicateOfForSender } : {}),
        },
      };
    case "invalid":
      return { status: 400, headers: {}, body: { error: result.message, fieldErrors: result.fieldErrors } };
    case "conflict":
      return { status: 409, headers: {}, body: { error: result.message } };
    case "rate-limited":
      return { status: 429, headers: { "Retry-After": "3600" }, body: { error: result.message } };
    case "supplier-capped":
      return { status: 429, headers: { "Retry-After": String(secondsToUtcMidnight()) }, body: { error: result.message } };
    case "unavailable":
      return { status: 503, headers: { "Retry-After": "5" }, body: { error: result.message } };
    case "unknown-case-type":
      return { status: 404, headers: {}, body: { error: result.message } };
    case "closed":
      return { status: 410, headers: {}, body: { error: result.message } };
  }
}

function secondsToUtcMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/** Who sent a lead through the API: the page it names (or the Referer) and its attribution (or the first-touch cookie). */
export function leadRequestContext(body: unknown, ip: string | null, headers: IncomingHttpHeaders): LeadRequestContext {
  const userAgent = headers["user-agent"] ?? null;
  // Either spelling, as Express's req.get("referer") reads it.
  const referer = headers.referer ?? (headers.referrer as string | undefined);
  return { ip, userAgent, pageUrl: pageUrlOf(body, referer), attribution: attributionOf(body, headers.cookie) };
}

function bodyField(body: unknown, name: string): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

function pageUrlOf(body: unknown, referer: string | undefined): string | null {
  const declared = bodyField(body, "pageUrl");
  const candidate = typeof declared === "string" ? declared : referer;
  return candidate && candidate.length <= 2000 && URL.canParse(candidate) ? candidate : null;
}

function attributionOf(body: unknown, cookies: string | undefined) {
  const declared = attributionSchema.safeParse(bodyField(body, "attribution"));
  if (declared.success && bodyField(body, "attribution") !== undefined) return declared.data;
  return decodeAttribution(readCookie(cookies, ATTRIBUTION_COOKIE));
}

/** Body-parser errors become clear 4xx answers; anything else is a 500 without details. */
const apiErrors = (logger: Logger): ErrorRequestHandler => (error: unknown, _req, res, _next) => {
  const answer = apiErrorAnswer(error);
  if (!answer) logger.error({ err: error }, "api error");
  const { status, body } = answer ?? { status: 500, body: { error: "Internal server error" } };
  res.status(status).json(body);
};

/** The 4xx answer to an error reading a request's body (body-parser's), or null for any other error. */
export function apiErrorAnswer(error: unknown): ApiAnswer | null {
  const { type, status } = (error ?? {}) as { type?: string; status?: number };
  const answer = (code: number, message: string): ApiAnswer => ({ status: code, headers: {}, body: { error: message } });
  if (type === "entity.too.large") return answer(413, `Request body too large (limit ${API_BODY_LIMIT_BYTES / 1024} KB)`);
  if (type === "entity.parse.failed") return answer(400, "Malformed JSON");
  if (type === "encoding.unsupported" || type === "charset.unsupported") return answer(415, "Unsupported body encoding");
  if (status && status >= 400 && status < 500) return answer(status, "Bad request");
  return null;
}
