import type { AppLoadContext } from "react-router";
import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import { siteInLanguage } from "#claims/engine/personal-fields";
import { claimShown } from "~/landing/claim-shown";
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
  const variant = context.experiment(definition.slug);
  // A Spanish form shows, and its certificate records, the Spanish consent text (docs/decisions/058).
  const language = definition.locale ?? "en";
  // The certificate's snapshot: this page at its consent step, as this server renders it without JavaScript,
  // with the consent text the form was shown (`site`, docs/decisions/055).
  const consentPage = (wizard: WizardState, shown: SiteIdentity) =>
    renderConsentPage(<ClaimFormPage definition={definition} loaderData={claimFormPageData(claimShown(definition, context.content), siteInLanguage(shown, language), wizard, variant?.texts.formIntro)} actionData={{ wizard }} />, {
      url: pageUrl,
      title: formPageTitle(definition.copy.formTitle, language),
      site: siteInLanguage(shown, language),
      siteUrl: context.siteUrl,
      definition,
    });
  const visit = { ...context.visitor, prefetch: false };
  return handleWizardPost(definition, formData, context.leads, { ...context.visitor, pageUrl, experimentVariant: variant?.tag ?? null, language }, context.logger, consentPage, (point) =>
    context.funnel.record(definition.slug, point, visit),
  );
}
