import { data } from "react-router";
import { AdminHeader, adminCard } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { SelectField } from "~/admin/kit/field";
import { Cell, LabelledCell, Row, Table } from "~/admin/kit/table";
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
          <Table className="mt-3" stacked columns={["Name", "Kind", "Entries", "Leads matched", "Updated"]}>
            {lists.map((list) => (
              <Row key={list.id} className="align-top" data-list-id={list.id}>
                <Cell className="font-semibold">{list.name}</Cell>
                <Cell>
                  {list.kindLabel}
                  {list.buyerName ? <span className="block text-slate-600">protects {list.buyerName}</span> : null}
                </Cell>
                <LabelledCell label="Entries">{list.entries.toLocaleString("en-US")}</LabelledCell>
                <LabelledCell label="Leads matched">{list.leadsMatched.toLocaleString("en-US")}</LabelledCell>
                <Cell>{operatorTime(list.updatedAt, timeZone)}</Cell>
              </Row>
            ))}
          </Table>
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
              <SelectField id="suppression-kind" name="kind" label="New list's kind" defaultValue="litigator">
                {kinds.map((kind) => (
                  <option key={kind.value} value={kind.value}>
                    {kind.label}
                  </option>
                ))}
              </SelectField>
              <SelectField id="suppression-buyer" name="buyerId" label="Buyer (for a clients list)" defaultValue="">
                <option value="">None</option>
                {buyers.map((buyer) => (
                  <option key={buyer.id} value={buyer.id}>
                    {buyer.name}
                  </option>
                ))}
              </SelectField>
            </SuppressionUploadForm>
          </section>
        ) : null}
      </main>
    </>
  );
}
