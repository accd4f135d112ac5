import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { DATA_CLAIM_ANSWERS } from "#claims/engine/pages";
import { claimByFormPath } from "#claims/registry";
import { claimIn } from "~/i18n/claims-in";
import { formAnswerAction, formAnswerGet } from "~/wizard/form-route.server";
import type { Route } from "./+types/data-claim-form-answer";

/**
 * A claim defined as data's form answers as JSON, for the wizard's script (docs/decisions/064): at
 * `/form-answers<form path>` (`/es/form-answers<form path>` in Spanish), the same checks, save and
 * certificate as a post to the form page itself, which the lead records as its page. A route of its
 * own because the form page's route renders every answer as a page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const pathname = new URL(request.url).pathname;
  const claim = claimByFormPath(pathWithoutLocale(pathname).slice(DATA_CLAIM_ANSWERS.length));
  if (!claim?.data) return Response.json({ error: "There is no such claim form." }, { status: 404 });
  return formAnswerAction(claimIn(claim, localeOfPath(pathname), context.content), request, context);
}

/** Only posts have an answer here; the form itself is at its own path. */
export const loader = formAnswerGet;
