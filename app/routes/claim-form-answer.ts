import { localeOfPath, pathWithoutLocale } from "#claims/engine/locale";
import { claimByFormPath } from "#claims/registry";
import { claimIn } from "~/i18n/claims-in";
import { formAnswerAction, formAnswerGet } from "~/wizard/form-route.server";
import type { Route } from "./+types/claim-form-answer";

/**
 * A claim form's answers as JSON (`POST /mva-claim.json`), for the wizard's script: the same checks,
 * the same save, the same certificate as a post to the page itself, which records the page's URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = new URL(request.url).pathname.replace(/\.json$/, "");
  // app/routes.ts registers this module only at the registry's forms' JSON paths, in each language.
  const definition = claimIn(claimByFormPath(pathWithoutLocale(form))!, localeOfPath(form), context.content);
  return formAnswerAction(definition, request, context);
}

/** Only posts have an answer here; the form itself is at the path without `.json`. */
export const loader = formAnswerGet;
