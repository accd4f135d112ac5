import type { WizardScripts as WizardEntry } from "./vite-plugin-wizard-scripts";
import { useNonce } from "~/components/nonce";
import { jsonLdText } from "~/components/seo";
import { startAfterFirstPaint } from "~/site/script-priority";
import { CLAIM_FORM_PROPS_ID, type ClaimFormProps } from "./claim-form-body";

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
