import { data } from "react-router";
import { AdminHeader, adminCard } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { inputClass } from "~/admin/kit/field";
import { SuppressionUploadForm } from "~/admin/suppression-upload-form";
import type { Route } from "./+types/admin-suppression";

export const meta: Route.MetaFunction = () => [{ title: "Suppression lists | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "suppression.view");
  const [lists, buyers] = await Promise.all([context.suppression.lists(), context.buyers.list()]);
  return {
    lists,
    buyers: buyers.map((buyer) => ({ id: buyer.id, name: buyer.name })),
    kinds: context.suppression.uploadableKinds,
    canChange: access.can("suppression.change"),
    timeZone: context.revocations.timeZone,
  };
}

type Answer = { done: string } | { error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "suppression.change");
  const answer = await context.suppression.upload(request, { actor });
  if (!answer.ok) return data({ error: answer.message } satisfies Answer, { status: answer.status });
  const { rows, added, rejected, rejectedLines } = answer.result;
  const skipped = rejected ? ` ${rejected} ${rejected === 1 ? "row had" : "rows had"} no phone, e-mail or hash (line ${rejectedLines.join(", ")}${rejected > rejectedLines.length ? ", …" : ""}).` : "";
  return { done: `${answer.listName}: ${added.toLocaleString("en-US")} new entries from ${rows.toLocaleString("en-US")} rows.${skipped}` } satisfies Answer;
}

const cell = "py-2 pr-3 align-top max-sm:block max-sm:p-0";

export default function AdminSuppression({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, buyers, kinds, canChange, timeZone } = loaderData;
  const answer = actionData as Answer | undefined;
  return (
    <>
      <AdminHeader title="Suppression lists" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer && "done" in answer ? (
          <p role="status" className="font-semibold text-emerald-800" data-testid="suppression-uploaded">
            {answer.done}
          </p>
        ) : null}
        {answer && "error" in answer ? (
          <p role="alert" className="font-semibold text-red-700">
            {answer.error}
          </p>
        ) : null}
        <p className="text-slate-700">
          A lead whose phone or e-mail is on a list is saved and flagged with the list&apos;s name, and never sold to the buyers the list protects: our
          Do Not Call list (everyone who opts out joins it), federal Do Not Call files and litigator lists protect every buyer; a buyer&apos;s clients
          list protects that buyer. Lists are checked when a lead arrives and whenever it is routed again.
        </p>
        <section aria-labelledby="lists-title" className={adminCard}>
          <h2 id="lists-title" className="text-lg font-bold">
            Lists
          </h2>
          <table className="mt-3 w-full text-left text-sm">
            <thead className="max-sm:sr-only">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3">Name</th>
                <th scope="col" className="py-2 pr-3">Kind</th>
                <th scope="col" className="py-2 pr-3">Entries</th>
                <th scope="col" className="py-2 pr-3">Leads matched</th>
                <th scope="col" className="py-2 pr-3">Updated</th>
              </tr>
            </thead>
            <tbody>
              {lists.map((list) => (
                <tr key={list.id} className="border-b border-slate-100 max-sm:block max-sm:py-3" data-list-id={list.id}>
                  <td className={`${cell} font-semibold`}>{list.name}</td>
                  <td className={cell}>
                    {list.kindLabel}
                    {list.buyerName ? <span className="block text-slate-600">protects {list.buyerName}</span> : null}
                  </td>
                  <td className={cell}>
                    <span className="sm:hidden">Entries: </span>
                    {list.entries.toLocaleString("en-US")}
                  </td>
                  <td className={cell}>
                    <span className="sm:hidden">Leads matched: </span>
                    {list.leadsMatched.toLocaleString("en-US")}
                  </td>
                  <td className={cell}>{operatorTime(list.updatedAt, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {canChange ? (
          <section aria-labelledby="upload-title" className={adminCard}>
            <h2 id="upload-title" className="text-lg font-bold">
              Upload a list
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              A CSV, or one entry per line: US phone numbers, e-mail addresses, or the SHA-256 or MD5 hashes (hex) of E.164 phones (+14155550134), of
              their 10 digits, or of trimmed lower-case e-mails. The federal registry&apos;s area-code files are read as published: &quot;areacode,number&quot;
              or 10 digits on a line. A first row without entries is taken as a header.
            </p>
            <SuppressionUploadForm lists={lists} newListLabel="A new list (below)">
            <label className="block">
              <span className="font-semibold">New list&apos;s kind</span>
              <select name="kind" className={inputClass} defaultValue="litigator">
                {kinds.map((kind) => (
                  <option key={kind.value} value={kind.value}>
                    {kind.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="block">
              <span className="font-semibold">Buyer (for a clients list)</span>
              <select name="buyerId" className={inputClass} defaultValue="">
                <option value="">None</option>
                {buyers.map((buyer) => (
                  <option key={buyer.id} value={buyer.id}>
                    {buyer.name}
                  </option>
                ))}
              </select>
            </label>
            </SuppressionUploadForm>
          </section>
        ) : null}
      </main>
    </>
  );
}
