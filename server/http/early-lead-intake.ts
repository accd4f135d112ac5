import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { claimBySlug } from "#claims/registry";
import type { Db } from "../db/database";
import type { LeadService } from "../leads/submit-lead";
import { supplierGate } from "../suppliers/supplier-keys";
import type { Logger } from "../logger";
import { API_BODY_LIMIT_BYTES, apiErrorAnswer, leadAnswer, leadRequestContext, readLeadBody, type ApiAnswer } from "./api-router";
import { pathnameOf, type EarlyAnswer } from "./early-answer";
import type { RequestPipeline } from "./request-pipeline";

/** The Express route's pattern: its request-duration label, whichever of the two answered. */
const ROUTE = "/api/leads/:caseType";
const LEADS_PATH = /^\/api\/leads\/([a-z0-9-]+)\/?$/;

/**
 * `POST /api/leads/:caseType` answered before Express, as the static pages are (docs/decisions/032):
 * at intake's rate, Express's router and response helpers cost a fifth of a lead's CPU
 * (docs/decisions/033, measured again in 053). It takes the plain request only: a known claim, a JSON
 * body in UTF-8, neither compressed nor announced over the limit. Anything else goes on to the API's
 * Express route. Both take the same steps (./request-pipeline.ts), read the body with the same parser
 * and build their answers with the same functions (./api-router.ts); tests/integration/early-lead-intake.test.ts
 * holds them to the same headers and answers.
 */
export function earlyLeadIntake({ leads, db, logger, pipeline }: { leads: LeadService; db: Db; logger: Logger; pipeline: RequestPipeline }): EarlyAnswer {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const caseType = LEADS_PATH.exec(pathnameOf(req))?.[1];
    if (!caseType || !claimBySlug(caseType) || !plainJsonBody(req)) return next();

    pipeline.time(req, res, () => ROUTE);
    pipeline.secureApi(res);
    const send = (answer: ApiAnswer) => sendJson(res, answer);
    const answer = async () => {
      const gate = await supplierGate(db, req.headers.authorization, caseType);
      if (!gate.ok) {
        // The body is not read: drain it, so that the connection can be reused.
        req.resume();
        return send(gate);
      }
      const read = await readBody(req, res);
      if (!read.ok) return send(apiErrorAnswer(read.error) ?? { status: 500, headers: {}, body: { error: "Internal server error" } });
      send(leadAnswer(await leads.submit(caseType, read.body, { ...leadRequestContext(read.body, pipeline.clientIp(req), req.headers), supplier: gate.supplier })));
    };
    answer().catch((error: unknown) => {
      logger.error({ err: error }, "api error");
      if (!res.headersSent) send({ status: 500, headers: {}, body: { error: "Internal server error" } });
    });
  };
}

/** Express's JSON answer, without Express: the same headers (compression's Vary included), the same bytes. */
function sendJson(res: ServerResponse, { status, headers, body }: ApiAnswer): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    Vary: "Accept-Encoding",
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** The body as the Express route's parser reads it (./api-router.ts's `readLeadBody`), or its error. */
function readBody(req: IncomingMessage, res: ServerResponse): Promise<{ ok: true; body: unknown } | { ok: false; error: unknown }> {
  return new Promise((resolve) => {
    const request = req as IncomingMessage & { body?: unknown };
    readLeadBody(request as Request, res as Response, (error?: unknown) => resolve(error ? { ok: false, error } : { ok: true, body: request.body }));
  });
}

/** `application/json` in UTF-8 (or no charset), not content-encoded, with no Content-Length over the limit. */
function plainJsonBody(req: IncomingMessage): boolean {
  const [type = "", ...parameters] = (req.headers["content-type"] ?? "").toLowerCase().split(";");
  if (type.trim() !== "application/json") return false;
  if (!parameters.every((parameter) => /^\s*charset\s*=\s*"?utf-8"?\s*$/.test(parameter))) return false;
  const encoding = req.headers["content-encoding"];
  if (encoding && encoding.toLowerCase() !== "identity") return false;
  const length = req.headers["content-length"];
  return length === undefined || Number(length) <= API_BODY_LIMIT_BYTES;
}
