import { route } from "@react-router/dev/routes";
import { formAnswerPath, landingPaths } from "#claims/engine/pages";
import type { ClaimDefinition } from "#claims/engine/types";

const es = (path: string) => `es${path === "/" ? "" : path}`;

/**
 * The Spanish pages (docs/decisions/058): the same route modules at /es/..., one of each per claim of
 * the registry, as app/routes.ts adds the English ones. Each module finds its claim and its language
 * from the path. Blog articles are English only.
 */
export function spanishRoutes(claims: readonly ClaimDefinition[]) {
  return [
    route("es", "routes/home.tsx", { id: "es-home" }),
    ...claims.flatMap((claim) =>
      landingPaths(claim).map((path, i) => route(es(path), "routes/claim-landing.tsx", { id: `es-claim-landing-${claim.slug}${i ? `-${i}` : ""}` })),
    ),
    ...claims.map((claim) => route(es(`/start/${claim.slug}`), "routes/claim-start.tsx", { id: `es-claim-start-${claim.slug}` })),
    route("es/start/:slug", "routes/claim-start.tsx", { id: "es-claim-start-data" }),
    ...claims.map((claim) => route(es(claim.routes.form), "routes/claim-form.tsx", { id: `es-claim-form-${claim.slug}` })),
    ...claims.map((claim) => route(es(formAnswerPath(claim)), "routes/claim-form-answer.ts", { id: `es-claim-form-answer-${claim.slug}` })),
    ...claims.flatMap((claim) =>
      (claim.resultPages ?? []).map((page, i) => route(es(page.path), "routes/claim-result.tsx", { id: `es-claim-result-${claim.slug}-${i}` })),
    ),
    // Claims defined as data, found by path at request time (docs/decisions/059, 064).
    route("es/claims/*", "routes/data-claim-page.tsx", { id: "es-data-claim-page" }),
    route("es/form-answers/claims/*", "routes/data-claim-form-answer.ts", { id: "es-data-claim-form-answer" }),
    route("es/verify-trustedforms-pro", "routes/verify-certificate.tsx", { id: "es-verify-certificate" }),
    route("es/opt-out", "routes/opt-out.tsx", { id: "es-opt-out" }),
    route("es/*", "routes/not-found.tsx", { id: "es-not-found" }),
  ];
}
