import { data } from "react-router";
import { adminCard } from "~/admin/admin-header";
import { NOINDEX } from "~/admin/require-operator";
import { SuppressionUploadForm } from "~/admin/suppression-upload-form";
import { BuyerHeader } from "~/buyer/buyer-header";
import { requireBuyerAction, requireBuyerPage } from "~/buyer/require-buyer";
import type { Route } from "./+types/buyer-clients";

export const meta: Route.MetaFunction = () => [{ title: "Your clients | Buyer portal" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireBuyerPage(request, context);
  const lists = await context.suppression.lists({ buyerId: session.user.buyerId });
  return { buyerName: session.user.buyerName, lists: lists.map((list) => ({ id: list.id, name: list.name, entries: list.entries })) };
}

type Answer = { done: string } | { error: string };

/** A buyer uploads its existing clients: a list that keeps those people's leads from this buyer only (docs/decisions/047). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireBuyerAction(request, context);
  const answer = await context.suppression.upload(request, { asBuyer: session.user.buyerId, actor: session.actor });
  if (!answer.ok) return data({ error: answer.message } satisfies Answer, { status: answer.status });
  const { rows, added, rejected } = answer.result;
  return { done: `${answer.listName}: ${added.toLocaleString("en-US")} new entries from ${rows.toLocaleString("en-US")} rows${rejected ? `; ${rejected} rows had no phone, e-mail or hash` : ""}.` } satisfies Answer;
}

export default function BuyerClients({ loaderData, actionData }: Route.ComponentProps) {
  const { buyerName, lists } = loaderData;
  const answer = actionData as Answer | undefined;
  return (
    <>
      <BuyerHeader title="Your clients" buyerName={buyerName} current="/buyer/clients" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer && "done" in answer ? <p role="status" className="font-semibold text-emerald-800">{answer.done}</p> : null}
        {answer && "error" in answer ? <p role="alert" className="font-semibold text-red-700">{answer.error}</p> : null}
        <section aria-labelledby="clients-title" className={adminCard}>
          <h2 id="clients-title" className="text-lg font-bold">
            People who are already your clients
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            We never sell you a lead whose phone or e-mail is on one of these lists. Upload a CSV or one entry per line: phone numbers, e-mail
            addresses, or their SHA-256 or MD5 hashes (of +1 and the 10 digits, of the 10 digits, or of the lower-case e-mail).
          </p>
          {lists.length ? (
            <ul className="mt-3 list-disc pl-5 text-sm">
              {lists.map((list) => (
                <li key={list.id}>
                  {list.name}: {list.entries.toLocaleString("en-US")} entries
                </li>
              ))}
            </ul>
          ) : null}
          <SuppressionUploadForm lists={lists} newListLabel="A new list" />
        </section>
      </main>
    </>
  );
}
