import { data, redirect } from "react-router";
import { AdminHeader, adminCard, primaryButton } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { SelectField, TextField, fieldsOf } from "~/admin/kit/field";
import { FormSection } from "~/admin/kit/section";
import { Cell, LabelledCell, Row, Table } from "~/admin/kit/table";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/admin-claims";

export const meta: Route.MetaFunction = () => [{ title: "Claims | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "claims.view");
  return { ...(await context.claimsConsole.overview()), canChange: access.can("claims.change"), timeZone: context.revocations.timeZone };
}

/** "New claim": from the blank template or a copy of any claim, then its editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "claims.change");
  const answer = await context.claimsConsole.create(await readForm(request, context.logger), actor);
  if (answer.ok) return redirect(`/admin/claims/${answer.slug}?created=1`);
  return data(answer, { status: answer.status });
}

const STATE_LABELS = { draft: "Draft, never published", published: "Published", paused: "Paused: closed, takes no leads" } as const;

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  const { builtIns, dataClaims, canChange, timeZone } = loaderData;
  const answer = actionData;
  const values = answer?.values ?? { from: "blank", slug: "", name: "" };
  const field = fieldsOf(answer?.errors ?? {}, "new-claim");
  return (
    <>
      <AdminHeader title="Claims" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p className="text-slate-700">
          The site's claim funnels. A new claim starts as a draft, from a blank template or as a copy of any claim below; edit its pages,
          questions, rules and result screens, preview it, then publish it: every web instance runs it within a few seconds, with no deploy.
          Each publish is a new version you can roll back to, and every change is in the audit log.
        </p>
        <section aria-labelledby="claims-title" className={adminCard}>
          <h2 id="claims-title" className="text-lg font-bold">
            Claims ({builtIns.length + dataClaims.length})
          </h2>
          <Table columns={["Name", "Slug", "State", "Live version", "Last change"]} stacked>
            {dataClaims.map((claim) => (
              <Row key={claim.slug} stacked data-slug={claim.slug}>
                <Cell stacked>
                  <a href={`/admin/claims/${claim.slug}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                    {claim.name}
                  </a>
                </Cell>
                <LabelledCell label="Slug">{claim.slug}</LabelledCell>
                <LabelledCell label="State">
                  {STATE_LABELS[claim.state]}
                  {claim.hasDraft && claim.state !== "draft" ? " (a draft is waiting)" : ""}
                </LabelledCell>
                <LabelledCell label="Live version">{claim.liveVersion ?? "none"}</LabelledCell>
                <LabelledCell label="Last change">
                  {operatorTime(claim.updatedAt, timeZone)}
                  {claim.updatedBy ? ` by ${claim.updatedBy}` : ""}
                </LabelledCell>
              </Row>
            ))}
            {builtIns.map((claim) => (
              <Row key={claim.slug} stacked data-slug={claim.slug}>
                <Cell stacked className="font-semibold">
                  {claim.name}
                </Cell>
                <LabelledCell label="Slug">{claim.slug}</LabelledCell>
                <LabelledCell label="State">Built in</LabelledCell>
                <LabelledCell label="Live version">-</LabelledCell>
                <LabelledCell label="Last change">-</LabelledCell>
              </Row>
            ))}
          </Table>
        </section>
        {canChange ? (
          <FormSection id="new-claim" title="New claim">
            {answer ? (
              <p role="alert" className="font-semibold text-red-700">
                {answer.message}
              </p>
            ) : null}
            <form method="post" noValidate className="grid gap-4 sm:grid-cols-3">
              <SelectField {...field("from")} label="Start from" defaultValue={values.from} hint="A copy keeps the claim's questions, rules, lead columns and words.">
                <option value="blank">A blank claim (contact questions and consent)</option>
                <optgroup label="Copy as a new claim">
                  {dataClaims.map((claim) => (
                    <option key={claim.slug} value={`data:${claim.slug}`}>
                      {claim.name} ({claim.slug})
                    </option>
                  ))}
                  {builtIns.map((claim) => (
                    <option key={claim.slug} value={`built-in:${claim.slug}`}>
                      {claim.name} (built in)
                    </option>
                  ))}
                </optgroup>
              </SelectField>
              <TextField {...field("name")} label="Name" defaultValue={values.name} placeholder="Hair Relaxer" autoComplete="off" hint="Its title on the home page, and its case type." />
              <TextField
                {...field("slug")}
                label="Slug"
                defaultValue={values.slug}
                placeholder="hair-relaxer"
                autoComplete="off"
                hint="Its address: /claims/<slug>. It cannot change later."
              />
              <div className="sm:col-span-3">
                <button type="submit" className={primaryButton}>
                  Make the draft
                </button>
              </div>
            </form>
          </FormSection>
        ) : null}
      </main>
    </>
  );
}
