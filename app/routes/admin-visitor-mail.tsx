import { claims } from "#claims/registry";
import { AdminHeader, primaryButton } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { Choice } from "~/admin/kit/field";
import { FormSection } from "~/admin/kit/section";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/admin-visitor-mail";

// Visitors' confirmation e-mails per claim (docs/decisions/062): no `hydrate`, a plain form.
export const meta: Route.MetaFunction = () => [{ title: "Visitor e-mail | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "visitor-mail.view");
  const enabled = await context.visitorMail.enabledClaims();
  return {
    claims: claims.map((claim) => ({ caseType: claim.caseType, title: claim.copy.formTitle, since: enabled.get(claim.caseType) ?? null })),
    preview: context.visitorMail.preview("en"),
    sending: context.visitorMail.sending,
    canChange: access.can("visitor-mail.change"),
    timeZone: context.revocations.timeZone,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "visitor-mail.change");
  const form = await readForm(request, context.logger);
  const chosen = form.getAll("claim").filter((value): value is string => typeof value === "string");
  await context.visitorMail.save(
    chosen,
    claims.map((claim) => claim.caseType),
    actor,
  );
  return { done: "Saved." };
}

export default function AdminVisitorMail({ loaderData, actionData }: Route.ComponentProps) {
  const { claims: rows, preview, sending, canChange, timeZone } = loaderData;
  return (
    <>
      <AdminHeader title="Visitor e-mail" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {actionData ? (
          <p role="status" className="font-semibold text-emerald-800" data-testid="visitor-mail-saved">
            {actionData.done}
          </p>
        ) : null}
        {sending ? null : (
          <p role="status" className="rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 font-semibold">
            No e-mail is sent: SMTP_URL is not set. Confirmations are sent once it is, for leads of the last day.
          </p>
        )}
        <p className="text-slate-700">
          For the claims ticked here, each visitor who sends a claim with an e-mail address gets one confirmation: that we received the request and
          that a law firm may contact them, with the link to opt out. It holds none of their answers, nor the claim&apos;s name. Spam, a person&apos;s
          repeated claim and revoked claims get none; turning a claim on does not mail its earlier leads.
        </p>
        <FormSection id="claims" title="Claims that send it">
          <form method="post" className="space-y-2">
            <fieldset disabled={!canChange} className="space-y-1">
              <legend className="sr-only">Claims whose visitors get a confirmation e-mail</legend>
              {rows.map((claim) => (
                <Choice
                  key={claim.caseType}
                  name="claim"
                  value={claim.caseType}
                  defaultChecked={claim.since !== null}
                  label={claim.title}
                  description={claim.since ? `On since ${operatorTime(claim.since, timeZone)}` : "Off"}
                />
              ))}
            </fieldset>
            {canChange ? (
              <button type="submit" className={primaryButton}>
                Save
              </button>
            ) : null}
          </form>
        </FormSection>
        <FormSection id="preview" title="The e-mail (English)">
          <p className="font-semibold">Subject: {preview.subject}</p>
          <pre className="whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans text-sm text-slate-800" data-testid="visitor-mail-preview">
            {preview.body}
          </pre>
        </FormSection>
      </main>
    </>
  );
}
