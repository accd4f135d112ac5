import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { languageName } from "~/i18n/language-filter";
import { AdminHeader, adminButton, adminCard } from "~/admin/admin-header";
import { signedCents } from "~/admin/buyer-summary";
import { CertificateChecksSection } from "~/admin/certificate-checks-section";
import { ConsentProofSection } from "~/admin/consent-proof-section";
import { ConversionsSection } from "~/admin/conversions-section";
import {
  ConfirmForm,
  ConfirmPanel,
  CONFIRMED_FIELD,
  type PendingConfirmation,
} from "~/admin/kit/confirm";
import { LeadFlagsSection } from "~/admin/lead-flags";
import {
  LeadReturnsSection,
  RETURN_FOR_BUYER,
} from "~/admin/lead-returns-section";
import { attributionRows, operatorTime, statusBadge } from "~/admin/format";
import {
  NOINDEX,
  requireOperatorAction,
  requireOperatorPage,
  requirePermission,
} from "~/admin/require-operator";
import { RevocationSection } from "~/admin/revocation-section";
import { RELEASE_HELD, SaleChecksSection } from "~/admin/sale-checks-section";
import { SuppressionSection } from "~/admin/suppression-section";
import { Toasts, type Toast } from "~/admin/kit/toasts";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-lead";
import { DeliveryAttempts } from "~/admin/delivery-attempts";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.lead ? leadName(data.lead) : "Lead"} | Admin` },
  NOINDEX,
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "leads.view");
  // A viewer sees contact details masked (the server sends only the masked ones) until they reveal them.
  const masked = access.operator.role === "viewer";
  const lead = await context.leadConsole.detail(params.leadId, { masked });
  if (!lead)
    throw data(
      { error: "Lead not found" },
      { status: 404, statusText: "Not Found" },
    );
  if (!masked)
    await context.leadConsole.recordContactView(lead.id, access.actor);
  return {
    lead,
    revocation: await context.revocations.ofLead(lead.id),
    suppressions: await context.suppression.ofLead(lead.id),
    sales: await context.returns.salesOfLead(lead.id),
    conversions: (await context.conversions.eventsOfLead(lead.id)).map((event) => ({
      id: event.id,
      platform: event.platform,
      kind: event.kind,
      testMode: event.test_mode === 1,
      status: event.status,
      attempts: Number(event.attempts),
      lastStatus: event.last_status,
      lastError: event.last_error,
      createdAt: event.created_at,
      sentAt: event.sent_at,
      nextAttemptAt: event.next_attempt_at,
    })),
    returnReasons: context.returns.reasons,
    canReturn: access.can("returns.decide"),
    can: {
      resend: access.can("leads.resend"),
      spam: access.can("leads.spam"),
      pageAsShown: access.can("leads.page-as-shown"),
    },
  };
}

type Revealed = {
  name: string;
  email: string | null;
  phone: string | null;
  phoneE164: string | null;
  ip: string | null;
};
type ActionAnswer = {
  toast?: Toast;
  confirm?: PendingConfirmation;
  revealed?: Revealed;
};
const failure = (description: string): ActionAnswer => ({
  toast: { title: "Error", description, tone: "error" },
});

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<ActionAnswer> {
  const access = await requireOperatorAction(request, context, "leads.view");
  const form = await readForm(request, context.logger);
  const intent = String(form.get("intent") ?? "");
  const confirmed = form.get(CONFIRMED_FIELD) === "yes";
  const session = access.actor;

  if (intent === "reveal") {
    requirePermission(access, "leads.reveal");
    const revealed = await context.leadConsole.reveal(
      params.leadId,
      access.actor,
    );
    if (!revealed)
      throw data(
        { error: "Lead not found" },
        { status: 404, statusText: "Not Found" },
      );
    return { revealed };
  }

  if (intent === "resend") {
    requirePermission(access, "leads.resend");
    const deliveryId = String(form.get("deliveryId") ?? "");
    if (!confirmed)
      return {
        confirm: {
          question: "Send this delivery again now?",
          fields: { intent, deliveryId },
          label: "Re-send now",
        },
      };
    const sent = await context.leadConsole.resendDelivery(deliveryId, session);
    if (!sent.ok) return failure(sent.message);
    if (sent.status === "delivered") {
      return {
        toast: {
          title: "Delivered",
          description: `Re-sent to ${sent.target}: HTTP ${sent.httpStatus}.`,
          tone: "success",
        },
      };
    }
    if (sent.status === "pending" && !sent.error) {
      return {
        toast: {
          title: "Queued",
          description: `The ${sent.target} delivery is being sent.`,
          tone: "success",
        },
      };
    }
    return failure(
      `Re-sent to ${sent.target}, which failed: ${sent.error}. ${sent.status === "pending" ? "It will be retried." : ""}`.trim(),
    );
  }
  if (intent === RETURN_FOR_BUYER) {
    requirePermission(access, "returns.decide");
    const buyerId = String(form.get("buyerId") ?? "").slice(0, 100);
    const reason = String(form.get("reason") ?? "");
    const text = String(form.get("text") ?? "").slice(0, 1000);
    if (!confirmed)
      return {
        confirm: {
          question:
            "Return this lead for the buyer? Its price is credited to it at once.",
          fields: { intent, buyerId, reason, text },
          label: "Return the lead",
        },
      };
    const returned = await context.returns.request({
      buyerId,
      leadId: params.leadId,
      reason,
      text,
      channel: "operator",
      actor: { audit: session, tag: `operator:${access.operator.id}` },
    });
    if (!returned.ok) return failure(returned.message);
    return {
      toast: {
        title: "Returned",
        description: `The buyer is credited${returned.resold ? "; the lead is offered to another buyer" : ""}.`,
        tone: "success",
      },
    };
  }
  if (intent === "mark-spam" || intent === "mark-not-spam") {
    requirePermission(access, "leads.spam");
    const spam = intent === "mark-spam";
    if (!confirmed) {
      const question = spam
        ? "Mark this lead as spam? Its unsent deliveries are cancelled."
        : "Mark this lead as not spam? It is queued for the deliveries it would have had.";
      return {
        confirm: {
          question,
          fields: { intent },
          label: spam ? "Mark as spam" : "Mark as not spam",
        },
      };
    }
    const marked = await context.leadConsole.markSpam(
      params.leadId,
      spam,
      session,
    );
    if (!marked.ok) return failure(marked.message);
    return {
      toast: spam
        ? {
            title: "Marked as Spam",
            description: "Its unsent deliveries are cancelled.",
            tone: "success",
          }
        : {
            title: "Marked as Not Spam",
            description: `${marked.queued} deliver${marked.queued === 1 ? "y" : "ies"} queued.`,
            tone: "success",
          },
    };
  }
  if (intent === RELEASE_HELD) {
    requirePermission(access, "leads.resend");
    if (!confirmed)
      return {
        confirm: {
          question:
            "Release this lead and route it to buyers despite its checks?",
          fields: { intent },
          label: "Release and route",
        },
      };
    const released = await context.leadConsole.releaseHeld(
      params.leadId,
      session,
    );
    if (!released.ok) return failure(released.message);
    return {
      toast: {
        title: "Released",
        description: "The lead is routed to buyers.",
        tone: "success",
      },
    };
  }
  if (intent === "reroute") {
    requirePermission(access, "leads.resend");
    const to = String(form.get("to") ?? "");
    const buyerId = String(form.get("buyerId") ?? "");
    if (to !== "next" && !(to === "buyer" && buyerId))
      return failure("Choose the next buyer by the rules, or a buyer.");
    if (!confirmed) {
      const question =
        to === "next"
          ? "Re-route this lead to the next buyer by the routing rules? An offer no buyer has answered yet is withdrawn."
          : "Re-route this lead to the buyer you chose? An offer no buyer has answered yet is withdrawn.";
      return {
        confirm: {
          question,
          fields: { intent, to, ...(to === "buyer" ? { buyerId } : {}) },
          label: "Re-route",
        },
      };
    }
    const rerouted = await context.leadConsole.reroute(
      params.leadId,
      to === "next" ? { to: "next" } : { to: "buyer", buyerId },
      session,
    );
    if (!rerouted.ok) return failure(rerouted.message);
    const withdrawn = rerouted.withdrawn.length
      ? ` Withdrawn from ${rerouted.withdrawn.join(", ")}.`
      : "";
    return {
      toast: {
        title: "Re-routed",
        description: `Sent to ${rerouted.sentTo.map((sent) => sent.buyerName).join(", ")}.${withdrawn}`,
        tone: "success",
      },
    };
  }
  return failure("Unknown action.");
}

type Lead = Route.ComponentProps["loaderData"]["lead"];

/** A link standing in text, with a 44 px tap target like every other control. */
const textLink = "inline-flex min-h-11 items-center text-brand underline";

function leadName(lead: Pick<Lead, "contact">) {
  return (
    [lead.contact.firstName, lead.contact.lastName].filter(Boolean).join(" ") ||
    "Lead"
  );
}

function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr] sm:items-baseline">
      {rows.map(([term, detail]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-600">{term}</dt>
          <dd className="break-words">{detail ?? "-"}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminLead({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { lead, revocation, can } = loaderData;
  const revealed = actionData?.revealed;
  const time = (iso: string | null) =>
    iso ? operatorTime(iso, lead.timeZone) : "-";
  return (
    <>
      <Toasts latest={actionData?.toast} />
      <AdminHeader title={leadName(lead)} />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p>
          <Link to="/admin/leads" className={`${textLink} font-semibold`}>
            ← All leads
          </Link>
        </p>
        {actionData?.confirm ? (
          <ConfirmPanel
            confirmation={actionData.confirm}
            cancelHref={`/admin/leads/${lead.id}`}
          />
        ) : null}

        <section aria-labelledby="summary-title" className={adminCard}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id="summary-title" className="text-lg font-bold">
              {lead.claimName}
            </h2>
            {can.spam ? (
              <ConfirmForm
                question={
                  lead.spam
                    ? "Mark this lead as not spam? It is queued for the deliveries it would have had."
                    : "Mark this lead as spam? Its unsent deliveries are cancelled."
                }
                fields={{ intent: lead.spam ? "mark-not-spam" : "mark-spam" }}
              >
                <button
                  type="submit"
                  className={`${adminButton} border border-slate-300 hover:bg-slate-50`}
                >
                  {lead.spam ? "Mark as not spam" : "Mark as spam"}
                </button>
              </ConfirmForm>
            ) : null}
          </div>
          <Facts
            rows={[
              ["Lead ID", <code key="id">{lead.id}</code>],
              ["Received", time(lead.createdAt)],
              ["Claim type", lead.caseType],
              ["Language", <span key="language" data-testid="lead-language">{languageName(lead.language)}</span>],
              ...(lead.experimentVariant ? [["Experiment variant", <code key="variant">{lead.experimentVariant}</code>] as [string, ReactNode]] : []),
              ["Outcome", lead.eligibilityReason ?? "No screening"],
              [
                "Spam",
                lead.spam ? (
                  <span className={statusBadge("cancelled")}>spam</span>
                ) : (
                  "No"
                ),
              ],
            ]}
          />
        </section>

        {revocation ? (
          <RevocationSection revocation={revocation} timeZone={lead.timeZone} />
        ) : null}
        <SuppressionSection suppressions={loaderData.suppressions} timeZone={lead.timeZone} />
        <LeadReturnsSection
          sales={loaderData.sales}
          reasons={loaderData.returnReasons}
          canReturn={loaderData.canReturn}
          timeZone={lead.timeZone}
        />
        <SaleChecksSection
          checks={lead.saleChecks}
          phoneFacts={lead.phoneFacts}
          statedState={lead.contact.state}
          buyerStatus={lead.buyerStatus}
          heldReason={lead.heldReason}
          canRelease={can.resend}
          timeZone={lead.timeZone}
        />
        <LeadFlagsSection
          duplicateOf={lead.duplicateOf}
          lowQuality={lead.lowQuality}
          phoneE164={revealed ? revealed.phoneE164 : lead.phoneE164}
        />

        <section aria-labelledby="contact-title" className={adminCard}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id="contact-title" className="text-lg font-bold">
              Contact
            </h2>
            {lead.masked && !revealed ? (
              <Form method="post">
                <input type="hidden" name="intent" value="reveal" />
                <button
                  type="submit"
                  className={`${adminButton} border border-slate-300 hover:bg-slate-50`}
                >
                  Reveal
                </button>
              </Form>
            ) : null}
          </div>
          {lead.masked ? (
            <p
              className="mt-2 text-sm text-slate-700"
              data-testid="masked-note"
            >
              {revealed
                ? "Shown because you chose Reveal; this is recorded in the audit log."
                : "Contact details are masked for viewers. Reveal shows them and is recorded in the audit log."}
            </p>
          ) : null}
          <Facts
            rows={[
              ["Name", revealed ? revealed.name || "-" : leadName(lead)],
              ...(revealed || !lead.masked
                ? ([
                    [
                      "E-mail",
                      (revealed ? revealed.email : lead.contact.email) ? (
                        <a
                          href={`mailto:${revealed ? revealed.email : lead.contact.email}`}
                          className={textLink}
                        >
                          {revealed ? revealed.email : lead.contact.email}
                        </a>
                      ) : null,
                    ],
                    [
                      "Phone",
                      (revealed ? revealed.phone : lead.contact.phone) ? (
                        <a
                          href={`tel:${revealed ? revealed.phone : lead.contact.phone}`}
                          className={textLink}
                        >
                          {revealed ? revealed.phone : lead.contact.phone}
                        </a>
                      ) : null,
                    ],
                  ] as Array<[string, React.ReactNode]>)
                : ([
                    ["E-mail", lead.contact.email],
                    ["Phone", lead.contact.phone],
                  ] as Array<[string, React.ReactNode]>)),
              ["State", lead.contact.state],
            ]}
          />
        </section>

        <section aria-labelledby="answers-title" className={adminCard}>
          <h2 id="answers-title" className="text-lg font-bold">
            Answers
          </h2>
          <dl className="mt-3 divide-y divide-slate-100 text-sm">
            {lead.answers.map((answer) => (
              <div
                key={answer.name}
                className="grid gap-1 py-2 sm:grid-cols-2 sm:gap-6"
              >
                <dt className="text-slate-700">{answer.question}</dt>
                <dd className="break-words font-semibold">{answer.answer}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="consent-title" className={adminCard}>
          <h2 id="consent-title" className="text-lg font-bold">
            Consent
          </h2>
          <Facts
            rows={[
              ["Consent given", lead.consent.given ? "Yes" : "No"],
              ["Given at", time(lead.consent.at)],
              [
                "Certificate",
                lead.consent.certificateUrl ? (
                  <a href={lead.consent.certificateUrl} className={textLink}>
                    {lead.consent.certificateId}
                  </a>
                ) : null,
              ],
              ["Page", lead.consent.pageUrl],
            ]}
          />
          {lead.consent.text ? (
            <blockquote
              className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-800"
              data-testid="consent-text"
            >
              {lead.consent.text}
            </blockquote>
          ) : null}
        </section>

        <CertificateChecksSection
          checks={lead.certificateChecks}
          timeZone={lead.timeZone}
        />
        {lead.consentProof ? (
          <ConsentProofSection
            proof={
              can.pageAsShown
                ? lead.consentProof
                : { ...lead.consentProof, pageAsShownHref: null }
            }
          />
        ) : null}

        <section aria-labelledby="request-title" className={adminCard}>
          <h2 id="request-title" className="text-lg font-bold">
            Request and attribution
          </h2>
          <Facts
            rows={[
              ["IP address", revealed ? revealed.ip : lead.request.ip],
              ["User agent", lead.request.userAgent],
              [
                "Source",
                lead.request.supplier
                  ? `${lead.request.supplier.name}, through the lead API (payout ${signedCents(lead.request.supplier.payoutCents)})`
                  : lead.request.source === "api"
                    ? "The lead API, before suppliers"
                    : "Our own form",
              ],
              ...attributionRows(lead.attribution ?? {}, lead.timeZone),
            ]}
          />
        </section>

        <section
          aria-labelledby="money-title"
          className={adminCard}
          data-testid="lead-money"
        >
          <h2 id="money-title" className="text-lg font-bold">
            Money
          </h2>
          {lead.money.entries.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              Not sold to a paying buyer.
            </p>
          ) : (
            <>
              <ul className="mt-2 space-y-1 text-sm">
                {lead.money.entries.map((entry, i) => (
                  <li
                    key={i}
                    className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1"
                  >
                    <span>
                      {time(entry.at)} ·{" "}
                      {entry.kind === "sale"
                        ? `Sold to ${entry.buyer} (${entry.priceSource === "bid" ? "winning bid" : "fixed price"})`
                        : entry.kind === "credit"
                          ? `${entry.returned ? "Return credited" : "Credit"} to ${entry.buyer}`
                          : `Sale to ${entry.buyer} cancelled`}
                      {entry.note ? ` · ${entry.note}` : ""}
                    </span>
                    <span className="font-semibold">
                      {signedCents(entry.amountCents)}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm font-semibold">
                Revenue: {signedCents(lead.money.netCents)}
              </p>
            </>
          )}
        </section>

        <ConversionsSection conversions={loaderData.conversions} timeZone={lead.timeZone} />

        {lead.routing.length ? (
          <section aria-labelledby="routing-title" className={adminCard}>
            <h2 id="routing-title" className="text-lg font-bold">
              Routing
            </h2>
            {lead.routing.map((routing, i) => (
              <div
                key={i}
                className="mt-4 rounded-xl border border-slate-200 p-4"
                data-testid="routing-decision"
              >
                <h3 className="font-semibold">
                  {routing.byOperator
                    ? "Re-routed by an operator"
                    : routing.auction
                      ? "Auction"
                      : routing.cascade
                        ? "Cascaded"
                        : "Routed"}{" "}
                  {time(routing.at)}:{" "}
                  {/* A cascade that finds nobody leaves a shared lead sold to the others: say what happened, not "unsold". */}
                  {routing.unsold
                    ? routing.cascade
                      ? "no other buyer to send it to"
                      : "unsold"
                    : `sent to ${routing.sentTo.join(", ")}`}
                  {routing.acceptedBy.length
                    ? `, taken by ${routing.acceptedBy.join(", ")}`
                    : ""}
                </h3>
                {routing.auction ? (
                  <p className="mt-2 text-sm text-slate-700">
                    Bids:{" "}
                    {routing.auction.bids
                      .map((bid) => `${bid.buyer} ${bid.answer}`)
                      .join(" · ") || "no buyer was pinged"}
                  </p>
                ) : null}
                <ul className="mt-2 space-y-1 text-sm">
                  {routing.considered.map((entry, j) => (
                    <li
                      key={j}
                      className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1"
                    >
                      <span>{entry.buyer}</span>
                      <span
                        className={
                          entry.verdict === "sent"
                            ? "font-semibold text-emerald-800"
                            : "text-slate-700"
                        }
                      >
                        {entry.verdict}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ) : null}

        {can.resend && lead.rerouteBuyers.length ? (
          <section aria-labelledby="reroute-title" className={adminCard}>
            <h2 id="reroute-title" className="text-lg font-bold">
              Re-route
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              Send this lead on by hand. An offer no buyer has answered yet is
              withdrawn; the claim&apos;s sale limit and the buyer&apos;s caps
              still hold.
            </p>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <ConfirmForm
                question="Re-route this lead to the next buyer by the routing rules? An offer no buyer has answered yet is withdrawn."
                fields={{ intent: "reroute", to: "next" }}
              >
                <button
                  type="submit"
                  className={`${adminButton} border border-slate-300 hover:bg-slate-50`}
                >
                  Next buyer by the rules
                </button>
              </ConfirmForm>
              <ConfirmForm
                question="Re-route this lead to the buyer you chose? An offer no buyer has answered yet is withdrawn."
                fields={{ intent: "reroute", to: "buyer" }}
                className="flex flex-wrap items-end gap-2"
              >
                <label className="grid gap-1 text-sm font-semibold">
                  Buyer
                  <select
                    name="buyerId"
                    required
                    className="min-h-11 rounded-lg border border-slate-300 px-3 font-normal"
                  >
                    {lead.rerouteBuyers.map((buyer) => (
                      <option key={buyer.id} value={buyer.id}>
                        {buyer.name}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="submit"
                  className={`${adminButton} border border-slate-300 hover:bg-slate-50`}
                >
                  Send to this buyer
                </button>
              </ConfirmForm>
            </div>
          </section>
        ) : null}

        <section aria-labelledby="deliveries-title" className={adminCard}>
          <h2 id="deliveries-title" className="text-lg font-bold">
            Deliveries
          </h2>
          {lead.deliveries.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No deliveries.</p>
          ) : null}
          {lead.deliveries.map((delivery) => (
            <div
              key={delivery.id}
              className="mt-4 rounded-xl border border-slate-200 p-4"
              data-delivery-id={delivery.id}
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="font-semibold">
                  {delivery.target}{" "}
                  <span className={statusBadge(delivery.status)}>
                    {delivery.status}
                  </span>
                </h3>
                {delivery.resendable && can.resend ? (
                  <ConfirmForm
                    question={`Send this ${delivery.target} delivery again now?`}
                    fields={{ intent: "resend", deliveryId: delivery.id }}
                  >
                    <button
                      type="submit"
                      className={`${adminButton} border border-slate-300 hover:bg-slate-50`}
                    >
                      Re-send now
                    </button>
                  </ConfirmForm>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-slate-700">
                Webhook-id <code>{delivery.id}</code>
                {delivery.nextAttemptAt
                  ? ` · next attempt ${time(delivery.nextAttemptAt)}`
                  : ""}
                {delivery.deliveredAt
                  ? ` · delivered ${time(delivery.deliveredAt)}`
                  : ""}
                {delivery.deadlineAt &&
                !delivery.deliveredAt &&
                !delivery.expiredAt
                  ? ` · deadline ${time(delivery.deadlineAt)}`
                  : ""}
                {delivery.expiredAt
                  ? ` · moved on at its deadline ${time(delivery.expiredAt)}`
                  : ""}
              </p>
              {delivery.lateAcceptedAt ? (
                <p
                  className="mt-1 text-sm font-semibold text-amber-800"
                  data-testid="late-acceptance"
                >
                  Accepted late, {time(delivery.lateAcceptedAt)}, after the
                  delivery deadline: recorded, not a sale.
                </p>
              ) : null}
              {delivery.log.length ? (
                <DeliveryAttempts target={delivery.target} attempts={delivery.log} time={time} />
              ) : (
                <p className="mt-2 text-sm text-slate-700">
                  Not attempted yet.
                </p>
              )}
            </div>
          ))}
        </section>

        <section aria-labelledby="activity-title" className={adminCard}>
          <h2 id="activity-title" className="text-lg font-bold">
            Operator activity
          </h2>
          {lead.actions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Nothing yet.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {lead.actions.map((entry, i) => (
                <li key={i}>
                  {time(entry.at)}: {entry.operator}{" "}
                  {entry.action.replace(/-/g, " ")}
                  {typeof entry.detail.target === "string"
                    ? ` (${entry.detail.target})`
                    : ""}
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </>
  );
}
