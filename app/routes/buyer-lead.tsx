import { data } from "react-router";
import { languageName } from "~/i18n/language-filter";
import { adminCard, primaryButton } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { NOINDEX } from "~/admin/require-operator";
import { BuyerHeader } from "~/buyer/buyer-header";
import { formatCents, RETURN_REASON_LABELS } from "~/buyer/format";
import { notFoundForBuyer, requireBuyerAction, requireBuyerPage } from "~/buyer/require-buyer";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/buyer-lead";

export const meta: Route.MetaFunction = () => [{ title: "Lead | Buyer portal" }, NOINDEX];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireBuyerPage(request, context);
  const lead = await context.buyerPortal.lead(session.user.buyerId, params.leadId);
  if (!lead) throw notFoundForBuyer("lead");
  return { buyerName: session.user.buyerName, lead, reasons: context.returns.reasons };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireBuyerAction(request, context);
  const form = await readForm(request, context.logger);
  const reason = form.get("reason");
  const text = form.get("text");
  const result = await context.returns.request({
    buyerId: session.user.buyerId,
    leadId: params.leadId,
    reason: typeof reason === "string" ? reason : undefined,
    text: typeof text === "string" ? text.slice(0, 1000) : undefined,
    channel: "portal",
    actor: { audit: session.actor, tag: session.actorTag },
  });
  if (!result.ok) {
    if (result.status === 404) throw notFoundForBuyer("lead");
    return data({ error: result.message, reason: typeof reason === "string" ? reason : "", text: typeof text === "string" ? text.slice(0, 1000) : "" }, { status: result.status });
  }
  return { returned: result.status };
}

export default function BuyerLead({ loaderData, actionData }: Route.ComponentProps) {
  const { buyerName, lead, reasons } = loaderData;
  const error = actionData && "error" in actionData ? actionData : null;
  const returned = actionData && "returned" in actionData ? actionData.returned : null;
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ") || "Lead";
  return (
    <>
      <BuyerHeader title={name} buyerName={buyerName} current={null} />
      <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <p>
          <a href="/buyer/leads" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
            ← All your leads
          </a>
        </p>
        <section aria-labelledby="contact-title" className={adminCard}>
          <h2 id="contact-title" className="text-lg font-bold">
            Contact details
          </h2>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Name</dt>
            <dd>{[lead.firstName, lead.lastName].filter(Boolean).join(" ") || "—"}</dd>
            <dt className="font-semibold">E-mail</dt>
            <dd className="break-all">{lead.email ?? "—"}</dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{lead.phone ?? "—"}</dd>
            <dt className="font-semibold">State</dt>
            <dd>{lead.state ?? "—"}</dd>
            <dt className="font-semibold">Claim</dt>
            <dd>{lead.caseType}</dd>
            <dt className="font-semibold">Language</dt>
            <dd data-testid="lead-language">{languageName(lead.language)}</dd>
            <dt className="font-semibold">Lead id</dt>
            <dd className="break-all font-mono text-sm">{lead.leadId}</dd>
            <dt className="font-semibold">Submitted</dt>
            <dd>{operatorTime(lead.createdAt, lead.timeZone)}</dd>
            <dt className="font-semibold">Bought</dt>
            <dd>
              {operatorTime(lead.soldAt, lead.timeZone)} {lead.amountCents === null ? "" : `for ${formatCents(lead.amountCents)}`}
            </dd>
            <dt className="font-semibold">Certificate</dt>
            <dd>
              {lead.certificateUrl ? (
                <a href={lead.certificateUrl} className="inline-flex min-h-11 items-center break-all text-brand underline">
                  Consent certificate
                </a>
              ) : (
                "—"
              )}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="return-title" className={adminCard}>
          <h2 id="return-title" className="text-lg font-bold">
            Return this lead
          </h2>
          {returned ? (
            <p role="status" className="mt-4 font-semibold text-emerald-800" data-testid="return-result">
              {returned === "approved"
                ? "Returned: the price is credited on your next statement."
                : "Your return is recorded. It is over your return cap for this month, so it waits for the operator's approval."}
            </p>
          ) : lead.returnRequest ? (
            <p className="mt-4" data-testid="return-state">
              You asked to return this lead on {lead.returnRequest.createdAt.slice(0, 10)} ({RETURN_REASON_LABELS[lead.returnRequest.reason] ?? lead.returnRequest.reason}
              {lead.returnRequest.text ? `: ${lead.returnRequest.text}` : ""}).{" "}
              {lead.returnState === "approved"
                ? "It is approved and credited."
                : lead.returnState === "rejected"
                  ? "The operator did not approve it."
                  : "It waits for the operator's approval."}
            </p>
          ) : !lead.returnOpen ? (
            <p className="mt-4">The return window for this lead closed on {operatorTime(lead.returnOpenUntil, lead.timeZone)}.</p>
          ) : (
            <form method="post" className="mt-4 space-y-4">
              <p className="text-sm text-slate-700">You can return this lead until {operatorTime(lead.returnOpenUntil, lead.timeZone)}.</p>
              {error ? (
                <p role="alert" id="return-error" className="font-semibold text-red-700">
                  {error.error}
                </p>
              ) : null}
              <fieldset>
                <legend className="font-semibold">Reason</legend>
                <div className="mt-2 space-y-1">
                  {reasons.map((reason) => (
                    <label key={reason} className="flex min-h-11 items-center gap-2">
                      <input type="radio" name="reason" value={reason} required defaultChecked={error?.reason === reason} className="size-5" />
                      {RETURN_REASON_LABELS[reason] ?? reason}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div>
                <label htmlFor="text" className="block font-semibold">
                  Details (required for “Other”)
                </label>
                <textarea
                  id="text"
                  name="text"
                  maxLength={500}
                  rows={3}
                  defaultValue={error?.text ?? ""}
                  aria-describedby={error ? "return-error" : undefined}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
                />
              </div>
              <button type="submit" className={primaryButton}>
                Return the lead
              </button>
            </form>
          )}
        </section>
      </main>
    </>
  );
}
