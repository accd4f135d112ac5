import type { IncomingMessage } from "node:http";
import { claimBySlug } from "#claims/registry";
import type { Db } from "../db/database";
import type { LeadService } from "../leads/submit-lead";
import { supplierGate } from "../suppliers/supplier-keys";
import type { Logger } from "../logger";
import type { Metrics } from "../metrics/metrics";
import { timeResponse } from "../metrics/request-routes";
import { API_BODY_LIMIT_BYTES, leadAnswer, leadRequestContext } from "./api-router";
import { pathnameOf, type EarlyAnswer } from "./early-answer";
import { setApiSecurityHeaders } from "./security-headers";

/** The Express route's pattern: its request-duration label, whichever of the two answered. */
const ROUTE = "/api/leads/:caseType";
const LEADS_PATH = /^\/api\/leads\/([a-z0-9-]+)\/?$/;

/**
 * `POST /api/leads/:caseType` answered before Express, as the static pages are (docs/decisions/032):
 * at intake's rate, Express's router, body parser and response helpers cost a fifth of a lead's CPU
 * (docs/decisions/033). It takes the plain request only: a known claim, a JSON body in UTF-8, neither
 * compressed nor announced over the limit. Anything else goes on to the API's Express route, which
 * answers it as it always did; both build their answers with the same functions (./api-router.ts).
 */
export function earlyLeadIntake({
  leads,
  db,
  logger,
  metrics,
  clientIp,
  hsts,
}: {
  leads: LeadService;
  db: Db;
  logger: Logger;
  metrics: Metrics;
  clientIp: (req: IncomingMessage) => string | null;
  hsts: boolean;
}): EarlyAnswer {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const caseType = LEADS_PATH.exec(pathnameOf(req))?.[1];
    if (!caseType || !claimBySlug(caseType) || !plainJsonBody(req)) return next();

    timeResponse(metrics, req, res, () => ROUTE);
    const send = ({ status, headers, body }: { status: number; headers: Record<string, string>; body: object }) => {
      const text = JSON.stringify(body);
      setApiSecurityHeaders(res, hsts);
      res.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
      res.end(text);
    };
    const answer = async () => {
      const gate = await supplierGate(db, req.headers.authorization, caseType);
      if (!gate.ok) {
        // The body is not read: drain it, so that the connection can be reused.
        req.resume();
        return send(gate);
      }
      const text = await readBody(req, API_BODY_LIMIT_BYTES);
      if (text === null) return send({ status: 413, headers: {}, body: { error: `Request body too large (limit ${API_BODY_LIMIT_BYTES / 1024} KB)` } });
      let body: unknown;
      try {
        // As express.json reads it: an empty body is an empty object, a leading byte-order mark is dropped.
        const json = text.replace(/^\uFEFF/, "");
        body = json ? JSON.parse(json) : {};
      } catch {
        return send({ status: 400, headers: {}, body: { error: "Malformed JSON" } });
      }
      send(leadAnswer(await leads.submit(caseType, body, { ...leadRequestContext(body, clientIp(req), req.headers), supplier: gate.supplier })));
    };
    answer().catch((error: unknown) => {
      logger.error({ err: error }, "api error");
      if (!res.headersSent) send({ status: 500, headers: {}, body: { error: "Internal server error" } });
    });
  };
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

/** The body as UTF-8 text, or null once it passes `limit` bytes (the rest is read and dropped). */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > limit ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
