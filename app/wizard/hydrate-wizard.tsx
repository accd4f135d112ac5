import { hydrateRoot } from "react-dom/client";
import { definitionImports } from "#claims/definition-imports";
import { CLAIM_FORM_PROPS_ID, CLAIM_FORM_ROOT_ID, ClaimFormBody, type ClaimFormProps } from "./claim-form-body";

/**
 * The form page's browser entry (docs/decisions/037): React DOM hydrates the form alone, with its own
 * claim's definition; the rest of the page stays the server's HTML and React Router is not loaded.
 */
const { slug, ...props } = JSON.parse(document.getElementById(CLAIM_FORM_PROPS_ID)!.textContent!) as ClaimFormProps;
void definitionImports[slug]!().then((definition) => {
  hydrateRoot(document.getElementById(CLAIM_FORM_ROOT_ID)!, <ClaimFormBody definition={definition} {...props} />);
});
