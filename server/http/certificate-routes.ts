import express, { type RequestHandler } from "express";
import { requireBuyerApiKey, type ApiBuyer } from "../distribution";
import { type CertificateMatches, NO_SUCH_CERTIFICATE } from "../certificates/certificate-match";
import type { CertificateService } from "../certificates/certificate-service";
import type { CertificateSigning } from "../certificates/certificate-signing";
import type { Db } from "../db/database";

export interface CertificateApiDeps {
  db: Db;
  certificates: CertificateService;
  certificateMatches: CertificateMatches;
  /** The API's body limit, which its error handler names in a 413 answer. */
  bodyLimitBytes: number;
}

/**
 * `GET /api/certificates/:id`: the masked certificate as a compact JWS (docs/decisions/024), and
 * `POST /api/certificates/:id/match`: a buyer's check of an e-mail address or phone number against it.
 * Mounted inside the API router, whose error handler turns body-parser failures into 4xx answers.
 */
export function certificateApiRouter({ db, certificates, certificateMatches, bodyLimitBytes }: CertificateApiDeps) {
  const router = express.Router();

  router.get("/:certificateId", async (req, res) => {
    const jws = await certificates.signed(String(req.params.certificateId));
    if (!jws) return void res.status(404).json({ error: NO_SUCH_CERTIFICATE });
    // The signed document is re-signed on every read (iat changes): a cache may keep it only while it checks back.
    res.status(200).set("Cache-Control", "no-cache").type("application/jose").send(jws);
  });

  const requireJson: RequestHandler = (req, res, next) => {
    if (!req.is("application/json")) return void res.status(415).json({ error: "Content-Type must be application/json" });
    next();
  };

  router.post(
    "/:certificateId/match",
    requireBuyerApiKey(db),
    requireJson,
    express.json({ limit: bodyLimitBytes, strict: false }),
    async (req, res) => {
      const buyer = res.locals.buyer as ApiBuyer;
      const answer = await certificateMatches.check(String(req.params.certificateId), buyer.id, req.body);
      res.set("Cache-Control", "no-store");
      if (answer.status === "invalid") return void res.status(400).json({ error: answer.message });
      if (answer.status === "not-found") return void res.status(404).json({ error: answer.message });
      if (answer.status === "rate-limited") return void res.status(429).set("Retry-After", String(answer.retryAfterSeconds)).json({ error: answer.message });
      res.json(answer.result);
    },
  );

  router.all("/:certificateId/match", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: "Method not allowed; use POST" });
  });
  router.all("/:certificateId", (_req, res) => {
    res.status(405).set("Allow", "GET, HEAD").json({ error: "Method not allowed; use GET" });
  });
  return router;
}

/** `GET /.well-known/jwks.json`: every public key certificates were signed with. */
export function jwksRoute(signing: CertificateSigning): RequestHandler {
  return async (_req, res) => {
    const jwks = await signing.jwks();
    // An hour: a new key (after CERTIFICATE_SIGNING_KEY changes) reaches verifiers soon, and they refetch on an unknown kid.
    res.set("Cache-Control", "public, max-age=3600").json(jwks);
  };
}
