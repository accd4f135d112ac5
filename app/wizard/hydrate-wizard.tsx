import { hydrateRoot } from "react-dom/client";
import { definitionImports } from "#claims/definition-imports";
import { localizeClaim, type SpanishTable } from "#claims/engine/localize";
import type { ClaimDefinition } from "#claims/engine/types";
import { spanishTableImports } from "#claims/spanish-imports";
import { CLAIM_FORM_PROPS_ID, CLAIM_FORM_ROOT_ID, ClaimFormBody, type ClaimFormProps } from "./claim-form-body";

/**
 * The form page's browser entry (docs/decisions/037): React DOM hydrates the form alone, with its own
 * claim's definition; the rest of the page stays the server's HTML and React Router is not loaded.
 * A Spanish page (docs/decisions/058) also loads its claim's Spanish table and makes the same Spanish
 * definition the server rendered, with the operator's published texts over the table. A claim defined
 * as data has no module of its own: its JSON is in the props, compiled here by the compiler every data
 * claim shares (docs/decisions/064).
 */
const { slug, dataClaim, spanishTexts, ...props } = JSON.parse(document.getElementById(CLAIM_FORM_PROPS_ID)!.textContent!) as ClaimFormProps;
const spanish = props.site.language === "es";

function definition(): Promise<ClaimDefinition> {
  if (!dataClaim) return definitionImports[slug]!();
  return import("#claims/engine/data-claim/compile-data-claim").then(({ compileDataClaim }) => compileDataClaim(dataClaim.source, { version: dataClaim.version, paused: false }));
}

function spanishTable(): Promise<SpanishTable> {
  if (dataClaim) return Promise.resolve(dataClaim.source.es ?? {});
  // The operator's published texts that differ from the folder's (only those ride in the props) over its table.
  return (spanishTableImports[slug]?.() ?? Promise.resolve({})).then((table) => (spanishTexts ? { ...table, ...spanishTexts } : table));
}

void Promise.all([definition(), spanish ? spanishTable() : null]).then(([claim, table]) => {
  const shown = table ? localizeClaim(claim, table) : claim;
  hydrateRoot(document.getElementById(CLAIM_FORM_ROOT_ID)!, <ClaimFormBody definition={shown} {...props} />);
});
