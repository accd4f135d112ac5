import { useMemo } from "react";
import { data, Link } from "react-router";
import { allClaims } from "#claims/registry";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { centsOfDollars } from "~/admin/buyer-form-values";
import { capsSummary, claimsSummary, deliveryLabel, priceSummary, scheduleSummary, statesSummary } from "~/admin/buyer-summary";
import { ConfirmForm, ConfirmPanel, CONFIRMED_FIELD, type PendingConfirmation } from "~/admin/kit/confirm";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { readRoutingForm, routingFormValues, routingModeLabel } from "~/admin/routing-form";
import { RoutingSection, type ClaimRouting, type RoutingAnswer } from "~/admin/routing-section";
import { systemBuyerView } from "~/admin/system-buyer-view";
import { Cell, LabelledCell, Row, Table } from "~/admin/kit/table";
import { Toasts, type Toast } from "~/admin/kit/toasts";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Actor } from "../../server/audit/audit-log";
import type { Route } from "./+types/admin-buyers";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Buyers | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "buyers.view");
  const claimNames = Object.fromEntries(allClaims().map((claim) => [claim.caseType, claim.landing.card.title]));
  const systems = await context.buyers.systems();
  const buyers = (await context.buyers.list()).map((buyer) => ({
    id: buyer.id,
    name: buyer.name,
    active: buyer.active,
    autoPause: buyer.autoPause,
    delivery: deliveryLabel(buyer.delivery),
    // A system buyer's delivery is set elsewhere: the row says where instead of its stored fields.
    system: buyer.system ? systemSummary(systemBuyerView({ name: buyer.name, system: buyer.system }, systems)) : null,
    pingPost: buyer.delivery.ping !== undefined,
    price: priceSummary(buyer.rules.price === undefined ? null : centsOfDollars(buyer.rules.price)),
    credentials: buyer.credentialsLast4,
    claims: claimsSummary(buyer.rules.filters.claimTypes, claimNames),
    states: statesSummary(buyer.rules.filters.states),
    caps: capsSummary(buyer.rules.caps),
    schedule: scheduleSummary(buyer.rules.schedule),
    timeZone: buyer.rules.timeZone,
    priority: buyer.rules.priority,
    weight: buyer.rules.weight,
  }));
  // The form redirects here after a save, naming the buyer, so that the list can say so.
  const saved = new URL(request.url).searchParams.get("saved");
  const savedBuyer = saved ? buyers.find((buyer) => buyer.id === saved) : undefined;
  const toast: Toast | undefined = savedBuyer && { title: "Buyer saved", description: `${savedBuyer.name} is saved.`, tone: "success" };
  const routing: ClaimRouting[] = (await context.buyers.routingModes()).map(({ caseType, routing, auction }) => ({
    caseType,
    name: claimNames[caseType] ?? caseType,
    label: routingModeLabel(routing, auction),
    values: routingFormValues(routing, auction),
  }));
  return { buyers, toast, routing, canChange: access.can("buyers.change") };
}

const systemSummary = ({ label, href, configured }: ReturnType<typeof systemBuyerView>) => ({ label, href, configured });

const pauseQuestion = (name: string, pause: boolean) =>
  pause ? `Pause ${name}? It gets no new leads until it is resumed.` : `Resume ${name}? It gets new leads again.`;

type ActionAnswer = { toast?: Toast; confirm?: PendingConfirmation; routing?: RoutingAnswer };
const failure = (description: string, status: number) => data<ActionAnswer>({ toast: { title: "Error", description, tone: "error" } }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "buyers.change");
  const form = await readForm(request, context.logger);
  const intent = String(form.get("intent") ?? "");
  if (intent === "routing") return saveRouting(form, context, actor);
  if (intent !== "pause" && intent !== "resume") return failure("Unknown action.", 400);
  const buyerId = String(form.get("buyerId") ?? "");
  const buyer = buyerId ? await context.buyers.get(buyerId) : undefined;
  if (!buyer) return failure("There is no such buyer.", 404);
  const pause = intent === "pause";
  if (form.get(CONFIRMED_FIELD) !== "yes") {
    return {
      confirm: {
        question: pauseQuestion(buyer.name, pause),
        fields: { intent, buyerId },
        label: pause ? "Pause buyer" : "Resume buyer",
      },
    } satisfies ActionAnswer;
  }
  await context.buyers.setActive(buyer.id, !pause);
  await context.admin.audit.recordChange(
    actor,
    { action: pause ? "pause-buyer" : "resume-buyer", target: { type: "buyer", id: buyer.id }, detail: { name: buyer.name } },
    { active: buyer.active },
    { active: !pause },
  );
  return {
    toast: pause
      ? { title: "Buyer paused", description: `${buyer.name} gets no new leads until it is resumed.`, tone: "success" }
      : { title: "Buyer resumed", description: `${buyer.name} gets new leads again.`, tone: "success" },
  } satisfies ActionAnswer;
}

async function saveRouting(form: FormData, context: Route.ActionArgs["context"], actor: Actor) {
  const { caseType, values, input } = readRoutingForm(form);
  const previous = (await context.buyers.routingModes()).find((claim) => claim.caseType === caseType);
  const saved = await context.buyers.saveRoutingMode(caseType, input);
  const name = allClaims().find((claim) => claim.caseType === caseType)?.landing.card.title ?? caseType;
  if (!saved.ok) {
    const message = saved.errors.caseType ?? saved.errors.mode ?? saved.errors.maxBuyers!;
    return data<ActionAnswer>(
      { toast: { title: "Routing not saved", description: message, tone: "error" }, routing: { caseType, values, errors: saved.errors } },
      { status: 400 },
    );
  }
  await context.admin.audit.recordChange(
    actor,
    { action: "save-routing-mode", target: { type: "setting", id: `routing:${caseType}` }, detail: { caseType, ...saved.mode, auction: saved.auction } },
    previous ? { routing: previous.routing, auction: previous.auction } : null,
    { routing: saved.mode, auction: saved.auction },
  );
  const description = `${name}: ${routingModeLabel(saved.mode, saved.auction).toLowerCase()}.`;
  return { toast: { title: "Routing saved", description, tone: "success" } } satisfies ActionAnswer;
}

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";
const secondaryButton = `${adminButton} border border-slate-300 bg-white hover:bg-slate-50`;

export default function AdminBuyers({ loaderData, actionData }: Route.ComponentProps) {
  const { buyers, routing, canChange } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  // The list's data is loaded again after every action: the same "saved" toast must not come back with it.
  const savedToast = useMemo(() => loaderData.toast, [loaderData.toast?.description]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Toasts latest={answer?.toast ?? savedToast} />
      <AdminHeader title="Buyers" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer?.confirm ? <ConfirmPanel confirmation={answer.confirm} cancelHref="/admin/buyers" /> : null}
        <section aria-labelledby="buyers-title" className={adminCard}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="buyers-title" className="text-lg font-bold" data-testid="buyer-count">
              {buyers.length} buyer{buyers.length === 1 ? "" : "s"}
            </h2>
            <div className="flex flex-wrap gap-2">
              <Link to="/admin/buyers/report" className={secondaryButton}>
                Report
              </Link>
              {canChange ? (
                <Link to="/admin/buyers/new" className={primaryButton}>
                  New buyer
                </Link>
              ) : null}
            </div>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            Leads go to active buyers whose filters, caps and hours take them, lowest priority number first; buyers of equal
            priority share leads by weight.
          </p>
          {buyers.length === 0 ? (
            <p className="mt-4 text-slate-700">No buyers yet.</p>
          ) : (
            /* A phone shows each buyer as a block of labelled lines instead of columns cut off. */
            <Table stacked="lg" columns={["Buyer", "Delivery", "Price", "Claims and states", "Caps", "Hours", "Order", { label: <span className="sr-only">Actions</span> }]}>
              {buyers.map((buyer) => (
                <Row key={buyer.id} stacked="lg" className="align-top" data-buyer-id={buyer.id}>
                  <Cell stacked="lg">
                    <Link to={`/admin/buyers/${buyer.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                      {buyer.name}
                    </Link>{" "}
                    <span className={`${badge} ${buyer.active ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}>
                      {buyer.active ? "Active" : buyer.autoPause ? "Paused automatically" : "Paused"}
                    </span>
                    {buyer.autoPause ? (
                      <span className="block text-sm text-amber-900" data-testid="auto-pause">
                        {buyer.autoPause.reason}, since {buyer.autoPause.at.slice(0, 16).replace("T", " ")} UTC
                      </span>
                    ) : null}
                    {buyer.system ? (
                      <>
                        {" "}
                        <span className={`${badge} bg-slate-200 text-slate-800`} data-testid="system-badge">
                          System
                        </span>
                      </>
                    ) : null}
                  </Cell>
                  <LabelledCell stacked="lg" label="Delivery">
                    {buyer.system ? (
                      <SystemDelivery {...buyer.system} />
                    ) : (
                      <>
                        {buyer.delivery}
                        <span className="block text-slate-600">
                          {buyer.credentials ? (
                            <>
                              Credentials <span data-testid="credentials-last4">{buyer.credentials}</span>
                            </>
                          ) : (
                            "No credentials"
                          )}
                        </span>
                      </>
                    )}
                  </LabelledCell>
                  <LabelledCell stacked="lg" label="Price">
                    {buyer.price}
                    {buyer.pingPost ? <span className="block text-slate-600">Ping-post</span> : null}
                  </LabelledCell>
                  <LabelledCell stacked="lg" label="Claims and states">
                    {buyer.claims}
                    <span className="block text-slate-600">{buyer.states}</span>
                  </LabelledCell>
                  <LabelledCell stacked="lg" label="Caps">{buyer.caps}</LabelledCell>
                  <LabelledCell stacked="lg" label="Hours">
                    {buyer.schedule}
                    <span className="block text-slate-600">{buyer.timeZone}</span>
                  </LabelledCell>
                  <LabelledCell stacked="lg" label="Order">
                    Priority {buyer.priority}
                    <span className="block text-slate-600">Weight {buyer.weight}</span>
                  </LabelledCell>
                  <Cell stacked="lg" className="max-lg:pt-2">
                    {canChange ? <ConfirmForm
                      question={pauseQuestion(buyer.name, buyer.active)}
                      fields={{ intent: buyer.active ? "pause" : "resume", buyerId: buyer.id }}
                    >
                      <button type="submit" className={`${secondaryButton} whitespace-nowrap`} aria-label={`${buyer.active ? "Pause" : "Resume"} ${buyer.name}`}>
                        {buyer.active ? "Pause" : "Resume"}
                      </button>
                    </ConfirmForm> : null}
                  </Cell>
                </Row>
              ))}
            </Table>
          )}
        </section>
        {canChange ? <RoutingSection claims={routing} answer={answer?.routing} /> : null}
      </main>
    </>
  );
}

/** Where a system buyer's delivery is set, and whether it is. */
function SystemDelivery({ label, href, configured }: { label: string; href: string | null; configured: boolean }) {
  return (
    <>
      {href ? (
        <Link to={href} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          {label}
        </Link>
      ) : (
        label
      )}
      {configured ? null : <span className="block font-semibold text-amber-900">Not configured</span>}
    </>
  );
}
