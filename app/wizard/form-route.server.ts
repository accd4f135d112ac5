import { data, redirect, type AppLoadContext } from "react-router";
import wizardScripts from "virtual:wizard-scripts";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { emptyValues } from "#claims/engine/form-values";
import type { Locale } from "#claims/engine/locale";
import { siteInLanguage } from "#claims/engine/personal-fields";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimShown } from "~/landing/claim-shown";
import { claimFormPageData } from "./claim-form-page";
import { answerFormPost } from "./form-post.server";
import type { WizardState } from "./wizard";

/**
 * What a claim's form page loads, for a built-in claim's route (app/routes/claim-form.tsx) and a claim
 * defined as data's (app/routes/data-claim-page.tsx) alike: `definition` is in the page's language.
 */
export async function formPageLoaderData(definition: ClaimDefinition, context: AppLoadContext) {
  const wizard: WizardState = {
    step: 0,
    values: emptyValues(definition, crypto.randomUUID()),
    errors: {},
    // The timed honeypot's signed render time, the start of the fill facts' clock, and the version of
    // the consent text this page shows, which the certificate records (docs/decisions/055).
    timing: await context.leads.formTiming.issue(definition.slug, context.site.consent?.version ?? null),
  };
  // The result screen's words as published (claimFormPageData carries them to the page and the wizard),
  // the form's intro as this visitor's experiment variant has it (docs/decisions/060), in the form's language.
  return {
    ...claimFormPageData(claimShown(definition, context.content), siteInLanguage(context.site, definition.locale ?? "en"), wizard, context.experiment(definition.slug)?.texts.formIntro),
    // The wizard's browser entry, known to the server build only.
    wizardScripts,
    // A claim defined as data has no code chunk: the browser compiles its JSON (docs/decisions/064).
    dataClaim: definition.data ? { source: sourceShown(definition.data.source, definition.locale ?? "en"), version: definition.data.version } : undefined,
    // A built-in claim's Spanish texts an operator published that differ from its folder's (docs/decisions/058,
    // amendment): the browser has the folder's table; an English page carries none.
    spanishTexts: definition.locale === "es" && !definition.data ? context.content.claimTextsEs[definition.slug] : undefined,
  };
}

/** A data claim's JSON as its form page in `locale` needs it: an English page leaves its Spanish table out. */
function sourceShown(source: DataClaim, locale: Locale): DataClaim {
  if (locale === "es") return source;
  const { es: _spanish, ...english } = source;
  return english;
}

/** Posts without JavaScript: every step, answered with the page at the next step, or the claim's result. */
export async function formPageAction(definition: ClaimDefinition, request: Request, context: AppLoadContext) {
  const { status, body } = await answerFormPost(definition, request, request.url, context);
  if ("redirect" in body) return redirect(body.redirect);
  // The next step keeps the consent text the form was opened with, even after a publish (docs/decisions/055),
  // in the form's language (docs/decisions/058).
  const shown = "wizard" in body ? await context.leads.siteShownBy(body.wizard.timing, definition.slug) : context.site;
  const site = siteInLanguage(shown, definition.locale ?? "en");
  return data({ ...body, site }, { status });
}

/** The same post from the wizard's script, to the form's JSON twin (formAnswerPath): the answer as JSON; the lead records the form page's URL. */
export async function formAnswerAction(definition: ClaimDefinition, request: Request, context: AppLoadContext) {
  const page = new URL(request.url);
  page.pathname = definition.routes.form;
  const { status, body } = await answerFormPost(definition, request, page.href, context);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Only posts have an answer at a form's JSON twin; the form itself is at the path without `.json`. */
export const formAnswerGet = () => Response.json({ error: "Method not allowed; use POST" }, { status: 405, headers: { Allow: "POST" } });
