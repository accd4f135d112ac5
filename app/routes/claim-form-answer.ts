import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { claimByFormPath } from "#claims/registry";
import { claimIn } from "~/i18n/claims-in";
import { answerFormPost } from "~/wizard/form-post.server";
import type { Route } from "./+types/claim-form-answer";

/**
 * A claim form's answers as JSON (`POST /mva-claim.json`), for the wizard's script: the same checks,
 * the same save, the same certificate as a post to the page itself, which records the page's URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const page = new URL(request.url);
  page.pathname = page.pathname.replace(/\.json$/, "");
  // app/routes.ts registers this module only at the registry's forms' JSON paths, in each language.
  const definition = claimIn(claimByFormPath(pathWithoutLocale(page.pathname))!, localeOfPath(page.pathname));
  const { status, body } = await answerFormPost(definition, request, page.href, context);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Only posts have an answer here; the form itself is at the path without `.json`. */
export function loader() {
  return Response.json({ error: "Method not allowed; use POST" }, { status: 405, headers: { Allow: "POST" } });
}
