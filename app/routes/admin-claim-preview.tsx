import { useMemo } from "react";
import { data } from "react-router";
import { compileDataClaim } from "#claims/engine/data-claim/compile-data-claim";
import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { answersFromValues, emptyValues, validateStep, valuesFromFormData } from "#claims/engine/form-values";
import type { ClaimDefinition } from "#claims/engine/types";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { useNonce } from "~/components/nonce";
import { ClaimLanding } from "~/landing/claim-landing";
import { themeCss } from "~/landing/theme-css";
import { readForm } from "~/site/read-form";
import { ClaimFormPage, claimFormPageData, type ClaimFormActionData } from "~/wizard/claim-form-page";
import type { Route } from "./+types/admin-claim-preview";

/**
 * A claim's draft (else its live version) as visitors would see it (docs/decisions/063): its landing,
 * or its form, before it is published. Only operators who may edit claims see it; the form walks its
 * steps and shows the result screen its rules give, but saves no lead.
 */
export const meta: Route.MetaFunction = ({ data }) => [{ title: `Preview: ${data?.claim.landing.seo.title ?? "claim"}` }, NOINDEX];

const PREVIEW_FLAG = { version: 0, paused: false };

async function claimOf(context: Route.LoaderArgs["context"], slug: string): Promise<DataClaim> {
  const editor = await context.claimsConsole.editor(slug);
  if (!editor) throw data("No claim defined as data has that slug.", { status: 404, statusText: "Not Found" });
  return JSON.parse(editor.json) as DataClaim;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "claims.view");
  const claim = await claimOf(context, params.slug);
  const kind = new URL(request.url).pathname.endsWith("/form") ? ("form" as const) : ("landing" as const);
  const definition = compileDataClaim(claim, PREVIEW_FLAG);
  const form = claimFormPageData(definition, context.site, { step: 0, values: emptyValues(definition, crypto.randomUUID()), errors: {} });
  return { kind, claim, form };
}

/** Next and Previous check the steps as the real form does; Submit shows the result screen the rules give, and saves nothing. */
export async function action({ request, context, params }: Route.ActionArgs): Promise<ClaimFormActionData> {
  await requireOperatorAction(request, context, "claims.view");
  const definition = compileDataClaim(await claimOf(context, params.slug), PREVIEW_FLAG);
  const form = await readForm(request, context.logger);
  const values = valuesFromFormData(definition, form);
  const last = definition.steps.length - 1;
  const posted = Number(form.get("step"));
  const step = Number.isInteger(posted) ? Math.min(Math.max(posted, 0), last) : 0;
  if (form.get("intent") === "previous") return { wizard: { step: Math.max(0, step - 1), values, errors: {} } };
  const errors = validateStep(definition, step, values);
  if (Object.keys(errors).length) return { wizard: { step, values, errors } };
  if (form.get("intent") !== "submit" || step < last) return { wizard: { step: Math.min(last, step + 1), values, errors: {} } };
  const outcome = definition.eligibility?.(answersFromValues(definition, values)).outcome ?? null;
  return { result: { outcome, leadId: "PREVIEW" } };
}

export default function AdminClaimPreview({ loaderData, actionData }: Route.ComponentProps) {
  const definition: ClaimDefinition = useMemo(() => compileDataClaim(loaderData.claim, PREVIEW_FLAG), [loaderData.claim]);
  const nonce = useNonce();
  const editor = `/admin/claims/${definition.slug}`;
  return (
    <>
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCss([definition]) }} />
      <p role="status" className="bg-amber-100 px-4 py-2 text-center font-semibold text-amber-950" data-testid="claim-preview">
        A preview of the claim's draft: visitors do not see it, and the form saves no lead.{" "}
        <a href={editor} className="underline">
          Back to the editor
        </a>
        {" · "}
        <a href={loaderData.kind === "form" ? `${editor}/preview` : `${editor}/preview/form`} className="underline">
          {loaderData.kind === "form" ? "Preview the landing" : "Preview the form"}
        </a>
      </p>
      {loaderData.kind === "landing" ? (
        <ClaimLanding slug={definition.slug} startHref={`${editor}/preview/form`} landing={definition.landing} />
      ) : (
        <ClaimFormPage definition={definition} loaderData={loaderData.form} actionData={actionData} />
      )}
    </>
  );
}
