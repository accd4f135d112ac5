import { redirect } from "react-router";
import { claimBySlug } from "#claims/registry";
import type { Route } from "./+types/claim-start";

function claimOf(slug: string) {
  const claim = claimBySlug(slug);
  if (!claim) throw new Response(null, { status: 404 });
  return claim;
}

/**
 * `/start/:slug`: a landing page's start button (a one-button form) posts here; the click is counted
 * first-party (no third-party script) and the visitor sent on to the claim form.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const claim = claimOf(params.slug);
  const from = request.headers.get("referer");
  await context.events.record(`${claim.slug}-landing-start`, from && URL.canParse(from) ? new URL(from).pathname : null);
  return redirect(claim.routes.form, { status: 303, headers: { "Cache-Control": "no-store" } });
}

/** A GET (an old link, a bot, a prefetch) only redirects: state never changes on GET. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(claimOf(params.slug).routes.form, { headers: { "Cache-Control": "no-store" } });
}
