import type { AppLoadContext } from "react-router";
import type { ClaimDefinition } from "#claims/engine/types";
import { siteInLanguage } from "#claims/engine/personal-fields";
import { readForm } from "~/site/read-form";
import { ClaimFormPage, claimFormPageData, formPageTitle } from "./claim-form-page";
import { renderConsentPage } from "./consent-page.server";
import { handleWizardPost, type WizardPostAnswer } from "./wizard-action";
import type { WizardState } from "./wizard";

/**
 * A post to a claim form: from the page itself (no JavaScript) or from the wizard's script through the
 * form's JSON twin. `pageUrl` is the form page's URL either way: the lead and its certificate record it.
 */
export async function answerFormPost(definition: ClaimDefinition, request: Request, pageUrl: string, context: AppLoadContext): Promise<WizardPostAnswer> {
  const formData = await readForm(request, context.logger);
  // A Spanish form shows, and its certificate records, the Spanish consent text (docs/decisions/058).
  const language = definition.locale ?? "en";
  const site = siteInLanguage(context.site, language);
  // The certificate's snapshot: this page at its consent step, as this server renders it without JavaScript.
  const consentPage = (wizard: WizardState) =>
    renderConsentPage(<ClaimFormPage definition={definition} loaderData={claimFormPageData(definition, site, wizard)} actionData={{ wizard }} />, {
      url: pageUrl,
      title: formPageTitle(definition.copy.formTitle, language),
      site,
      siteUrl: context.siteUrl,
      definition,
    });
  const visit = { ...context.visitor, prefetch: false };
  return handleWizardPost(definition, formData, context.leads, { ...context.visitor, pageUrl, language }, context.logger, consentPage, (point) =>
    context.funnel.record(definition.slug, point, visit),
  );
}
