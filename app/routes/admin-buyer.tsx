import { data, redirect } from "react-router";
import { allClaims } from "#claims/registry";
import { AdminHeader, adminCard } from "~/admin/admin-header";
import { apiKeyAction, BuyerApiKeySection, isApiKeyIntent } from "~/admin/buyer-api-key";
import { CONFIRMED_FIELD } from "~/admin/kit/confirm";
import { BuyerEditor, type MoreRows } from "~/admin/buyer-editor";
import { BuyerPortalSections, isPortalIntent, loadBuyerPortal, portalAction } from "~/admin/buyer-portal-sections";
import { BuyerTestLeadSection, SEND_TEST_LEAD, type TestLeadResult } from "~/admin/buyer-test-lead";
import { formErrorsOf } from "~/admin/buyer-form-errors";
import { readBuyerForm, readSystemBuyerForm } from "~/admin/buyer-form-read";
import { buyerFormValues, NEW_BUYER_VALUES, type BuyerFormErrors, type BuyerFormValues } from "~/admin/buyer-form-values";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { systemBuyerView } from "~/admin/system-buyer-view";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-buyer";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.buyer?.name ?? "New buyer"} | Admin` }, NOINDEX];

const notFound = () => data("There is no such buyer.", { status: 404, statusText: "Not Found" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Only an owner makes a new buyer; everyone may look at a saved one.
  const access = await requireOperatorPage(request, context, params.buyerId ? "buyers.view" : "buyers.change");
  const buyer = params.buyerId ? await context.buyers.get(params.buyerId) : undefined;
  if (params.buyerId && !buyer) throw notFound();
  const system = buyer?.system ? systemBuyerView({ name: buyer.name, system: buyer.system }, await context.buyers.systems()) : null;
  return {
    // Only what the page shows of the saved buyer: its credentials never leave the server, not even sealed.
    buyer: buyer
      ? { id: buyer.id, name: buyer.name, credentialsLast4: buyer.credentialsLast4, system, apiKey: buyer.apiKey, timeZone: buyer.rules.timeZone }
      : null,
    values: buyer ? buyerFormValues(buyer) : NEW_BUYER_VALUES,
    claims: allClaims().map((claim) => ({ caseType: claim.caseType, name: claim.landing.card.title })),
    placeholders: context.buyers.placeholders,
    canChange: access.can("buyers.change"),
    // The portal, returns and statements of a saved buyer of the operator's own (a system buyer sells nothing).
    portal: buyer && !buyer.system ? await loadBuyerPortal(context, buyer.id) : null,
    canIssue: access.can("statements.issue"),
    statementMonths: buyer ? context.statements.issuableMonths(buyer.rules.timeZone) : [],
    operatorTimeZone: context.returns.timeZone,
  };
}

export interface BuyerFormAnswer {
  values: BuyerFormValues;
  errors: BuyerFormErrors;
  moreRows: MoreRows | null;
  /**
   * Only when the operator asked for more rows, without JavaScript: the credentials just typed, so
   * that the form drawn again keeps them. Nothing is saved then, and a saved buyer's never leave the server.
   */
  typedCredentials?: string;
  /** New for every answer, so that the form is drawn afresh from the values the server read. */
  answerId: string;
}

const answer = (values: BuyerFormValues, errors: BuyerFormErrors, moreRows: MoreRows | null = null, typedCredentials?: string): BuyerFormAnswer => ({
  values,
  errors,
  moreRows,
  ...(typedCredentials ? { typedCredentials } : {}),
  answerId: crypto.randomUUID(),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "buyers.change");
  const buyerId = params.buyerId;
  const saved = buyerId ? await context.buyers.get(buyerId) : undefined;
  if (buyerId && !saved) throw notFound();
  const form = await readForm(request, context.logger);
  const intent = form.get("intent");
  if (buyerId && saved && !saved.system && isPortalIntent(intent)) {
    return portalAction(context, buyerId, intent, form, actor);
  }
  if (buyerId && saved && intent === SEND_TEST_LEAD) {
    const testLead = (await context.buyerTestLead.send(buyerId))!;
    await context.admin.audit.record(actor, {
      action: "send-test-lead",
      target: { type: "buyer", id: buyerId },
      detail: testLead.ok
        ? { name: saved.name, leadId: testLead.leadId, url: testLead.url, accepted: testLead.accepted, status: testLead.status, error: testLead.error }
        : { name: saved.name, refused: testLead.message },
    });
    return { testLead } satisfies TestLeadResult;
  }
  if (buyerId && saved && isApiKeyIntent(intent)) {
    return apiKeyAction(context, buyerId, intent, form.get(CONFIRMED_FIELD) === "yes", Boolean(saved.apiKey), actor);
  }
  // A system buyer's form posts only its rules: its name and delivery are set by the server.
  const system = Boolean(saved?.system);
  const { values, input, errors } = saved?.system ? readSystemBuyerForm(form, buyerFormValues(saved)) : readBuyerForm(form, { editing: Boolean(buyerId) });

  // Rows for a longer mapping or more conditions, without JavaScript: the form again, with nothing saved.
  if (intent === "more-fields" || intent === "more-conditions") {
    const typed = "credentials" in input && typeof input.credentials === "string" ? input.credentials : undefined;
    return answer(values, {}, system ? null : intent === "more-fields" ? "fields" : "conditions", typed);
  }

  if (Object.keys(errors).length) return data(answer(values, formErrorsOf(context.buyers.check(input, { system }), values, errors)), { status: 400 });
  const result = buyerId ? await context.buyers.update(buyerId, input) : await context.buyers.create(input);
  if (!result.ok) return data(answer(values, formErrorsOf(result.errors, values)), { status: 400 });
  await context.admin.audit.recordChange(
    actor,
    { action: buyerId ? "update-buyer" : "create-buyer", target: { type: "buyer", id: result.buyer.id }, detail: { name: result.buyer.name } },
    saved ? auditedFields(saved) : null,
    auditedFields(result.buyer),
  );
  return redirect(`/admin/buyers?saved=${encodeURIComponent(result.buyer.id)}`);
}

type SavedBuyer = NonNullable<Awaited<ReturnType<Route.ActionArgs["context"]["buyers"]["get"]>>>;

/**
 * What the audit log compares of a buyer before and after a save: all the operator sets (state,
 * delivery, price, caps, schedule and the other rules), the credentials by their last four only.
 */
function auditedFields(buyer: SavedBuyer): Record<string, unknown> {
  return {
    name: buyer.name,
    active: buyer.active,
    delivery: buyer.delivery,
    rules: buyer.rules,
    credentials: buyer.credentialsLast4 ? `…${buyer.credentialsLast4}` : null,
  };
}

export default function AdminBuyer({ loaderData, actionData }: Route.ComponentProps) {
  const { buyer, claims, placeholders, canChange } = loaderData;
  const answered: BuyerFormAnswer | undefined = actionData && "answerId" in actionData ? actionData : undefined;
  const apiKeyAnswer = actionData && "apiKey" in actionData ? actionData.apiKey : undefined;
  const portalAnswer = actionData && "portal" in actionData ? actionData.portal : undefined;
  const testLeadAnswer = actionData && "testLead" in actionData ? actionData.testLead : undefined;
  return (
    <>
      <AdminHeader title={buyer ? `Buyer: ${buyer.name}` : "New buyer"} />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {canChange ? null : <p className={adminCard}>Only an owner can change buyers: this is the buyer as saved.</p>}
        <fieldset disabled={!canChange} className="contents">
        <BuyerEditor
          key={answered?.answerId ?? "loaded"}
          values={answered?.values ?? loaderData.values}
          errors={answered?.errors ?? {}}
          moreRows={answered?.moreRows ?? null}
          typedCredentials={answered?.typedCredentials}
          savedCredentials={buyer ? buyer.credentialsLast4 : undefined}
          system={buyer?.system ?? null}
          claims={claims}
          placeholders={placeholders}
        />
        </fieldset>
        {buyer && loaderData.portal ? (
          <BuyerPortalSections
            data={loaderData.portal}
            answer={portalAnswer}
            canChange={loaderData.canIssue}
            timeZone={loaderData.operatorTimeZone}
            months={loaderData.statementMonths}
            cancelHref={`/admin/buyers/${encodeURIComponent(buyer.id)}`}
          />
        ) : null}
        {buyer && canChange && !buyer.system ? <BuyerTestLeadSection answer={testLeadAnswer} /> : null}
        {buyer && canChange ? <BuyerApiKeySection buyerId={buyer.id} apiKey={buyer.apiKey} answer={apiKeyAnswer} timeZone={buyer.timeZone} /> : null}
      </main>
    </>
  );
}
