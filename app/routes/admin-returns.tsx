import { data } from "react-router";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { CONFIRMED_FIELD, ConfirmForm, ConfirmPanel, type PendingConfirmation } from "~/admin/kit/confirm";
import { operatorTime } from "~/admin/format";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { formatCents, RETURN_REASON_LABELS } from "~/buyer/format";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-returns";
import { Cell, Row, Table } from "~/admin/kit/table";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Returns | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "returns.view");
  const queue = await context.returns.queue();
  return { ...queue, canDecide: access.can("returns.decide"), timeZone: context.returns.timeZone };
}

type Answer = { confirm: PendingConfirmation } | { done: string } | { error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, operator } = await requireOperatorAction(request, context, "returns.decide");
  const form = await readForm(request, context.logger);
  const intent = form.get("intent");
  const returnId = String(form.get("returnId") ?? "").slice(0, 100);
  const note = String(form.get("note") ?? "").slice(0, 500);
  if (intent !== "approve" && intent !== "reject") return data({ error: "Choose approve or reject." } satisfies Answer, { status: 400 });
  if (form.get(CONFIRMED_FIELD) !== "yes") {
    const question = intent === "approve" ? "Approve this return? The buyer is credited the lead's price." : "Reject this return? The buyer keeps paying for the lead.";
    return { confirm: { question, fields: { intent, returnId, note }, label: intent === "approve" ? "Approve the return" : "Reject the return" } } satisfies Answer;
  }
  const result = await context.returns.decide(returnId, intent === "approve" ? "approved" : "rejected", { audit: actor, tag: `operator:${operator.id}` }, note || null);
  if (!result.ok) return data({ error: result.message } satisfies Answer, { status: result.status });
  return { done: result.decision === "approved" ? `Approved${result.resold ? "; the lead is offered to another buyer" : ""}.` : "Rejected." } satisfies Answer;
}

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, decided, canDecide, timeZone } = loaderData;
  const answer = actionData as Answer | undefined;
  return (
    <>
      <AdminHeader title="Returns" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer && "confirm" in answer ? <ConfirmPanel confirmation={answer.confirm} cancelHref="/admin/returns" /> : null}
        {answer && "done" in answer ? (
          <p role="status" className="font-semibold text-emerald-800" data-testid="return-decided">
            {answer.done}
          </p>
        ) : null}
        {answer && "error" in answer ? (
          <p role="alert" className="font-semibold text-red-700">
            {answer.error}
          </p>
        ) : null}
        <section aria-labelledby="pending-title" className={adminCard}>
          <h2 id="pending-title" className="text-lg font-bold">
            Waiting for approval ({pending.length})
          </h2>
          <p className="mt-1 text-sm text-slate-700">Returns over the buyer’s cap for the month wait here; those within it are approved at once.</p>
          {pending.length === 0 ? (
            <p className="mt-4">No return is waiting.</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {pending.map((r) => (
                <li key={r.id} className="rounded-lg border border-slate-200 p-4" data-return-id={r.id}>
                  <p className="font-semibold">
                    {r.buyerName}: <a href={`/admin/leads/${encodeURIComponent(r.leadId)}`} className="inline-flex min-h-11 items-center text-brand underline">lead {r.leadId}</a>
                  </p>
                  <p className="text-sm">
                    {RETURN_REASON_LABELS[r.reason] ?? r.reason}
                    {r.text ? `: ${r.text}` : ""} · asked {operatorTime(r.createdAt, timeZone)} by {r.channel} · sold {operatorTime(r.soldAt, timeZone)} for {formatCents(r.amountCents)}
                  </p>
                  {canDecide ? (
                    <div className="mt-3 flex flex-wrap gap-2">
                      <ConfirmForm question="Approve this return? The buyer is credited the lead's price." fields={{ intent: "approve", returnId: r.id }}>
                        <button type="submit" className={primaryButton}>
                          Approve
                        </button>
                      </ConfirmForm>
                      <ConfirmForm question="Reject this return? The buyer keeps paying for the lead." fields={{ intent: "reject", returnId: r.id }}>
                        <button type="submit" className={`${adminButton} border border-red-300 text-red-800 hover:bg-red-50`}>
                          Reject
                        </button>
                      </ConfirmForm>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="decided-title" className={adminCard}>
          <h2 id="decided-title" className="text-lg font-bold">
            Latest decisions
          </h2>
          {decided.length === 0 ? (
            <p className="mt-4">No return has been decided yet.</p>
          ) : (
            <Table className="mt-4" columns={["Decided", "Buyer", "Lead", "Reason", "Decision"]}>
              {decided.map((r) => (
                <Row key={r.id} >
                  <Cell className="whitespace-nowrap">{r.decidedAt ? operatorTime(r.decidedAt, timeZone) : ""}</Cell>
                  <Cell>{r.buyerName}</Cell>
                  <Cell>
                    <a href={`/admin/leads/${encodeURIComponent(r.leadId)}`} className="inline-flex min-h-11 items-center text-brand underline">
                      {r.leadId}
                    </a>
                  </Cell>
                  <Cell>{RETURN_REASON_LABELS[r.reason] ?? r.reason}</Cell>
                  <Cell>
                    {r.decision}
                    {r.automatic ? " (within the cap)" : ""}
                  </Cell>
                </Row>
              ))}
            </Table>
          )}
        </section>
      </main>
    </>
  );
}
