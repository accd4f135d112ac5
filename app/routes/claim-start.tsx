import { redirect } from "react-router";
import { claimBySlug } from "#claims/registry";
import type { Route } from "./+types/claim-start";

/**
 * `/start/:slug`: a landing page's start button that is counted first-party (no third-party
 * script), then sends the visitor on to the claim form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // app/routes.ts registers this module only for /start/<slug> of the registry's claims.
  const claim = claimBySlug(new URL(request.url).pathname.slice("/start/".length));
  if (!claim) throw new Response(null, { status: 404 });
  const from = request.headers.get("referer");
  await context.events.record(`${claim.slug}-landing-start`, from && URL.canParse(from) ? new URL(from).pathname : null);
  return redirect(claim.routes.form, { headers: { "Cache-Control": "no-store" } });
}
