import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import type { WizardScripts as WizardEntry } from "./vite-plugin-wizard-scripts";
import { useNonce } from "~/components/nonce";
import { jsonLdText } from "~/components/seo";
import { startAfterFirstPaint } from "~/site/script-priority";
import { CLAIM_FORM_PROPS_ID, type ClaimFormProps } from "./claim-form-body";
import { ClaimFormPage, claimFormState, type ClaimFormActionData, type ClaimFormPageData } from "./claim-form-page";

/**
 * What hydrates a form page's wizard (./hydrate-wizard.tsx): its props as a JSON data block, which
 * runs nothing, and a nonced script that starts the wizard's module once the page has painted.
 */
export function WizardScripts({ scripts, props }: { scripts: WizardEntry; props: ClaimFormProps }) {
  const nonce = useNonce();
  return (
    <>
      <script type="application/json" id={CLAIM_FORM_PROPS_ID} dangerouslySetInnerHTML={{ __html: jsonLdText(props) }} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: startAfterFirstPaint(scripts.entry, scripts.imports) }} />
    </>
  );
}

/** What a form route's loader gives its page (./form-route.server.ts). */
export type FormRouteData = ClaimFormPageData & { wizardScripts: WizardEntry; dataClaim?: ClaimFormProps["dataClaim"]; spanishTexts?: ClaimFormProps["spanishTexts"] };

/**
 * A form route's page, rendered on the server only: the page hydrates just its wizard, without React
 * Router in the browser (docs/decisions/037). A built-in claim's form and a data claim's render it.
 */
export function ClaimFormRoutePage({
  definition,
  loaderData,
  actionData,
}: {
  definition: ClaimDefinition;
  loaderData: FormRouteData;
  actionData?: ClaimFormActionData & { site?: SiteIdentity };
}) {
  const { state, fresh, result } = claimFormState(loaderData, actionData);
  const site = actionData?.site ?? loaderData.site;
  const { slug, results, dataClaim, spanishTexts } = loaderData;
  return (
    <>
      <ClaimFormPage definition={definition} loaderData={{ ...loaderData, site }} actionData={actionData} />
      {result ? null : <WizardScripts scripts={loaderData.wizardScripts} props={{ slug, site, state, fresh, results, ...(dataClaim ? { dataClaim } : {}), ...(spanishTexts ? { spanishTexts } : {}) }} />}
    </>
  );
}
