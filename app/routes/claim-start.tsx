import { redirect } from "react-router";
import { localeOfPath, localizedPath, pathWithoutLocale } from "#claims/engine/locale";
import { claimBySlug } from "#claims/registry";
import type { Route } from "./+types/claim-start";

// app/routes.ts registers this module for /start/<slug> (and /es/start/<slug>) of the registry's claims,
// and once for any slug, for the claims defined as data (docs/decisions/064): an unknown one is a 404.
function claimOf(request: Request) {
  const { pathname } = new URL(request.url);
  const claim = claimBySlug(pathWithoutLocale(pathname).slice("/start/".length));
  if (!claim) throw new Response(null, { status: 404 });
  return { claim, form: localizedPath(claim.routes.form, localeOfPath(pathname)) };
}

/**
 * `/start/<slug>`: a landing page's start button (a one-button form) posts here; the click is counted
 * first-party (no third-party script) and the visitor sent on to the claim form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { claim, form } = claimOf(request);
  const from = request.headers.get("referer");
  await context.events.record(`${claim.slug}-landing-start`, from && URL.canParse(from) ? new URL(from).pathname : null);
  return redirect(form, { status: 303, headers: { "Cache-Control": "no-store" } });
}

/** A GET (an old link, a bot, a prefetch) only redirects: state never changes on GET. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(claimOf(request).form, { headers: { "Cache-Control": "no-store" } });
}
