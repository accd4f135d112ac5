import { data, Form } from "react-router";
import { AdminHeader, adminButton, adminCard } from "~/admin/admin-header";
import { Choice, FieldError, fieldsOf, TextAreaField, TextField } from "~/admin/kit/field";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/admin-conversions";

export const meta: Route.MetaFunction = () => [{ title: "Conversions | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "conversions.view");
  return { claims: await context.conversions.settings.list(), canChange: access.can("conversions.change") };
}

/** The fields a refused form shows again as posted (never the credentials). */
const ECHOED = ["googleEnabled", "googleCustomerId", "googleLoginCustomerId", "googleSubmittedActionId", "googleSoldActionId", "googleTestMode", "metaEnabled", "metaPixelId", "metaTestEventCode"];

type Answer = { saved: string } | { caseType: string; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "conversions.change");
  const form = await readForm(request, context.logger);
  const caseType = String(form.get("caseType") ?? "");
  const saved = await context.conversions.settings.save(caseType, form, actor);
  if (!saved.ok) {
    const values = Object.fromEntries(ECHOED.map((name) => [name, String(form.get(name) ?? "")]));
    return data({ caseType, errors: saved.errors as Record<string, string>, values } satisfies Answer, { status: saved.status });
  }
  return { saved: caseType } satisfies Answer;
}

type ClaimSettings = Route.ComponentProps["loaderData"]["claims"][number];

function ClaimForm({ claim, errors, posted, canChange }: { claim: ClaimSettings; errors: Record<string, string>; posted?: Record<string, string>; canChange: boolean }) {
  const id = claim.caseType.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const field = fieldsOf(errors, id);
  const { google, meta } = claim;
  // A refused form shows what was posted; otherwise what is saved.
  const text = (name: string, saved: string) => posted?.[name] ?? saved;
  const checked = (name: string, saved: boolean) => (posted ? posted[name] === "on" : saved);
  return (
    <section aria-labelledby={`${id}-title`} className={`${adminCard} space-y-4`} data-claim={claim.caseType}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {claim.caseType}
      </h2>
      <p className="text-sm text-slate-700" data-testid="conversion-status">
        Google: {google.enabled ? (google.testMode ? "on, test mode (validate only)" : "on") : "off"}. Meta: {meta.enabled ? (meta.testEventCode ? "on, test events" : "on") : "off"}.
      </p>
      <Form method="post" className="space-y-6">
        <input type="hidden" name="caseType" value={claim.caseType} />
        <FieldError id={`${id}-form-error`} error={errors.form} />
        <fieldset className="space-y-3" disabled={!canChange}>
          <legend className="font-bold">Google Ads (leads that came from a Google click)</legend>
          <Choice name="googleEnabled" label="Send conversions to Google" description="Submitted and sold leads as click conversions; a return retracts or restates the sale." defaultChecked={checked("googleEnabled", google.enabled)} />
          <TextField {...field("googleCustomerId")} label="Customer id" hint="The Google Ads account, such as 123-456-7890." defaultValue={text("googleCustomerId", google.customerId)} inputMode="numeric" />
          <TextField {...field("googleLoginCustomerId")} label="Manager account id (optional)" hint="When the account is reached through a manager account." defaultValue={text("googleLoginCustomerId", google.loginCustomerId)} inputMode="numeric" />
          <TextField {...field("googleSubmittedActionId")} label="Conversion action id for submitted leads (optional)" hint="Left empty, submitted leads are not sent." defaultValue={text("googleSubmittedActionId", google.submittedActionId)} inputMode="numeric" />
          <TextField {...field("googleSoldActionId")} label="Conversion action id for sold leads" defaultValue={text("googleSoldActionId", google.soldActionId)} inputMode="numeric" />
          <TextAreaField
            {...field("googleCredentials")}
            label="API credentials"
            rows={3}
            autoComplete="off"
            hint={`${google.hasCredentials ? "Stored, sealed. Leave empty to keep them. " : ""}JSON: {"developerToken", "clientId", "clientSecret", "refreshToken"}.`}
          />
          <Choice name="googleTestMode" label="Test mode (validate only)" description="Google checks every request and records nothing." defaultChecked={checked("googleTestMode", google.testMode)} />
        </fieldset>
        <fieldset className="space-y-3" disabled={!canChange}>
          <legend className="font-bold">Meta Conversions API (leads that came from a Meta click)</legend>
          <Choice name="metaEnabled" label="Send conversions to Meta" description="A submitted lead as Lead, a sold one as Purchase with its price; Meta has no retraction for a return." defaultChecked={checked("metaEnabled", meta.enabled)} />
          <TextField {...field("metaPixelId")} label="Pixel (dataset) id" defaultValue={text("metaPixelId", meta.pixelId)} inputMode="numeric" />
          <TextField {...field("metaAccessToken")} type="password" autoComplete="off" label="Access token" hint={meta.hasAccessToken ? "Stored, sealed. Leave empty to keep it." : "From Events Manager, Settings, Conversions API."} />
          <TextField {...field("metaTestEventCode")} label="Test event code" hint="Set, events go to Events Manager's Test events and ads do not count them; empty to send real events." defaultValue={text("metaTestEventCode", meta.testEventCode)} />
        </fieldset>
        {canChange ? (
          <button type="submit" className={`${adminButton} bg-brand text-white`}>
            Save {claim.caseType}
          </button>
        ) : null}
      </Form>
    </section>
  );
}

export default function AdminConversions({ loaderData, actionData }: Route.ComponentProps) {
  const { claims, canChange } = loaderData;
  const answer = actionData as Answer | undefined;
  return (
    <>
      <AdminHeader title="Conversions" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer && "saved" in answer ? (
          <p role="status" className="font-semibold text-emerald-800" data-testid="conversions-saved">
            Saved the conversions of {answer.saved}.
          </p>
        ) : null}
        {answer && "errors" in answer ? (
          <p role="alert" className="font-semibold text-red-700">
            {answer.caseType}: not saved. {answer.errors.form ?? "See the fields marked below."}
          </p>
        ) : null}
        <p className="text-slate-700">
          Tell Google Ads and Meta which of their clicks became leads, sold leads and returns, so they bid for the clicks that pay. Only leads that
          came from the platform&apos;s own click are sent; the e-mail and phone go hashed, and no event names the claim or any answer. Events wait in
          their own queue and are retried when a platform is down; each lead&apos;s page shows them.
        </p>
        {claims.map((claim) => (
          <ClaimForm
            key={claim.caseType}
            claim={claim}
            canChange={canChange}
            {...(answer && "errors" in answer && answer.caseType === claim.caseType ? { errors: answer.errors, posted: answer.values } : { errors: {} })}
          />
        ))}
      </main>
    </>
  );
}
