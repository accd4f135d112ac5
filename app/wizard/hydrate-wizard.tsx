import { hydrateRoot } from "react-dom/client";
import { definitionImports } from "#claims/definition-imports";
import { localizeClaim } from "#claims/engine/localize";
import { spanishTableImports } from "#claims/spanish-imports";
import { CLAIM_FORM_PROPS_ID, CLAIM_FORM_ROOT_ID, ClaimFormBody, type ClaimFormProps } from "./claim-form-body";

/**
 * The form page's browser entry (docs/decisions/037): React DOM hydrates the form alone, with its own
 * claim's definition; the rest of the page stays the server's HTML and React Router is not loaded.
 * A Spanish page (docs/decisions/058) also loads its claim's Spanish table and makes the same Spanish
 * definition the server rendered.
 */
const { slug, ...props } = JSON.parse(document.getElementById(CLAIM_FORM_PROPS_ID)!.textContent!) as ClaimFormProps;
const spanish = props.site.language === "es";
void Promise.all([definitionImports[slug]!(), spanish ? (spanishTableImports[slug]?.() ?? Promise.resolve({})) : null]).then(([definition, table]) => {
  const shown = table ? localizeClaim(definition, table) : definition;
  hydrateRoot(document.getElementById(CLAIM_FORM_ROOT_ID)!, <ClaimFormBody definition={shown} {...props} />);
});
