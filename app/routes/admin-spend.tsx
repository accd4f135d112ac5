import { data } from "react-router";
import { AdminHeader, primaryButton } from "~/admin/admin-header";
import { signedCents } from "~/admin/buyer-summary";
import { operatorTime } from "~/admin/format";
import { fieldsOf, TextField } from "~/admin/kit/field";
import { UploadForm } from "~/admin/kit/upload-form";
import { FormSection } from "~/admin/kit/section";
import { Cell, Row, Table } from "~/admin/kit/table";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/admin-spend";

// Campaign spend (docs/decisions/062): no `hydrate`, so the page ships no JavaScript; both forms post.
export const meta: Route.MetaFunction = () => [{ title: "Campaign spend | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "spend.view");
  return {
    rows: await context.campaignSpend.recent(),
    today: context.campaignSpend.today(),
    timeZone: context.campaignSpend.timeZone,
    canChange: access.can("spend.change"),
  };
}

type Entered = { day: string; source: string; campaign: string; spend: string };
type Answer = { done: string } | { errors: string[] } | { values: Entered; fieldErrors: Record<string, string> };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 1_000) : "";
};

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "spend.change");
  // The upload form posts to ?import (its file is read as it streams in); the one-row form here.
  if (new URL(request.url).searchParams.has("import")) {
    const answer = await context.campaignSpend.upload(request, actor);
    if (!answer.ok) return data({ errors: answer.errors } satisfies Answer, { status: answer.status });
    const { rows, added, replaced, unchanged } = answer.result;
    return { done: `Imported ${rows} ${rows === 1 ? "row" : "rows"}: ${added} new, ${replaced} replaced, ${unchanged} unchanged.` } satisfies Answer;
  }
  const form = await readForm(request, context.logger);
  const values: Entered = { day: text(form, "day"), source: text(form, "source"), campaign: text(form, "campaign"), spend: text(form, "spend") };
  const answer = await context.campaignSpend.enter(values, actor);
  if (!answer.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(answer.errors).filter(([, error]) => error).map(([field, error]) => [field, capitalised(error!) + "."]));
    return data({ values, fieldErrors } satisfies Answer, { status: 400 });
  }
  const { row, replacedCents } = answer;
  const was = replacedCents === null ? "" : ` (was ${signedCents(replacedCents)})`;
  return { done: `Saved ${signedCents(row.spendCents)} for ${row.utmSource} / ${row.utmCampaign} on ${row.day}${was}.` } satisfies Answer;
}

/** A stacked table's cell: a line of its own under `sm`, where the head is read by screen readers only. */
const narrowBlock = "max-sm:block max-sm:p-0";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default function AdminSpend({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, today, timeZone, canChange } = loaderData;
  const answer = actionData as Answer | undefined;
  const fieldErrors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const values: Entered = answer && "values" in answer ? answer.values : { day: today, source: "", campaign: "", spend: "" };
  const field = fieldsOf(fieldErrors, "spend");
  return (
    <>
      <AdminHeader title="Campaign spend" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer && "done" in answer ? (
          <p role="status" className="font-semibold text-emerald-800" data-testid="spend-saved">
            {answer.done}
          </p>
        ) : null}
        {answer && "errors" in answer ? (
          <div role="alert" className="font-semibold text-red-700" data-testid="spend-errors">
            <ul className="list-disc pl-5">
              {answer.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="text-slate-700">
          What each campaign cost per day, by the utm_source and utm_campaign of its links (case does not matter). The dashboard shows, for its
          period, each campaign&apos;s and each claim&apos;s leads, sold leads, cost per lead and per sold lead, revenue and margin. Saving a day and
          campaign that is already here replaces its amount; every change is in the audit log. Days are in {timeZone}.
        </p>
        {canChange ? (
          <>
            <FormSection id="upload" title="Import a CSV">
              <p className="text-sm text-slate-700">
                A header row naming the columns <code>date</code>, <code>source</code>, <code>campaign</code> and <code>spend</code> (in any order;
                also <code>day</code>, <code>utm_source</code>, <code>utm_campaign</code>, <code>cost</code> or <code>amount</code>), then one row
                per day and campaign: a date as YYYY-MM-DD and the spend in dollars, such as <code>2026-11-26,google,meso-search,125.40</code>. A file
                with any wrong row imports nothing and lists the lines to fix.
              </p>
              <UploadForm id="spend" action="/admin/spend?import" accept=".csv,text/csv,text/plain" submitLabel="Import" />
            </FormSection>
            <FormSection id="enter" title="Enter one day">
              <form method="post" action="/admin/spend" className="grid gap-4 sm:grid-cols-2">
                <TextField {...field("day")} label="Date" type="date" max={today} required defaultValue={values.day} />
                <TextField {...field("spend")} label="Spend (dollars)" inputMode="decimal" required defaultValue={values.spend} hint="Such as 125.40." />
                <TextField {...field("source")} label="Source (utm_source)" required maxLength={500} defaultValue={values.source} />
                <TextField {...field("campaign")} label="Campaign (utm_campaign)" required maxLength={500} defaultValue={values.campaign} />
                <div className="sm:col-span-2">
                  <button type="submit" className={primaryButton}>
                    Save
                  </button>
                </div>
              </form>
            </FormSection>
          </>
        ) : null}
        <FormSection id="recent" title="Recent spend">
          {rows.length ? (
            <Table columns={["Day", "Source", "Campaign", { label: "Spend", className: "text-right" }, "Saved"]} stacked data-table="spend">
              {rows.map((row) => (
                <Row key={`${row.day}|${row.source}|${row.campaign}`} stacked>
                  <Cell className={`${narrowBlock} whitespace-nowrap font-semibold`}>{row.day}</Cell>
                  <Cell className={`${narrowBlock} break-all`}>
                    <span className="sm:hidden">Source: </span>
                    {row.source}
                  </Cell>
                  <Cell className={`${narrowBlock} break-all`}>
                    <span className="sm:hidden">Campaign: </span>
                    {row.campaign}
                  </Cell>
                  <Cell className={`${narrowBlock} tabular-nums sm:text-right sm:whitespace-nowrap`}>
                    <span className="sm:hidden">Spend: </span>
                    {signedCents(row.spendCents)}
                  </Cell>
                  <Cell className={`${narrowBlock} text-slate-600`}>
                    {operatorTime(row.updatedAt, timeZone)} by {row.updatedBy}
                  </Cell>
                </Row>
              ))}
            </Table>
          ) : (
            <p className="text-slate-700">No spend recorded yet.</p>
          )}
        </FormSection>
      </main>
    </>
  );
}
