import { readForm } from "~/site/read-form";
import type { ReactNode } from "react";
import { data } from "react-router";
import { AdminHeader, adminCard, primaryButton } from "~/admin/admin-header";
import { DraftPanel, VersionHistory } from "~/admin/kit/draft-panel";
import { ContentFields, type ContentFormValues } from "~/admin/content-fields";
import { ClaimTextsFields } from "~/admin/claim-texts-fields";
import { operatorTime } from "~/admin/format";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import type { Route } from "./+types/admin-content";

export const meta: Route.MetaFunction = () => [{ title: "Site content | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "content.view");
  return {
    entries: await context.siteContent.overview(),
    canChange: access.can("content.change"),
    figureRows: context.siteContent.figureRows,
    landingRows: context.siteContent.landingRows,
    timeZone: context.revocations.timeZone,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "content.change");
  const answer = await context.siteContent.act(await readForm(request, context.logger), actor);
  return answer.ok ? answer : data(answer, { status: answer.status });
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, canChange, timeZone, figureRows, landingRows } = loaderData;
  const answer = actionData;
  return (
    <>
      <AdminHeader title="Site content" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p className="text-slate-700">
          The words the site shows, without a deploy. Save a draft, preview the real page with it (only signed-in operators see a preview), then
          publish: every web instance shows it within a few seconds. Each publish is a new version; rolling back publishes a copy of an older one.
          Every change is in the audit log.
        </p>
        {answer && !answer.entry ? (
          <p role="alert" className="font-semibold text-red-700">
            {answer.message}
          </p>
        ) : null}
        {entries.map((item) => {
          const answered = answer?.entry === item.entry ? answer : undefined;
          const values = (answered && !answered.ok && answered.values ? answered.values : item.body) as ContentFormValues;
          const errors = answered && !answered.ok ? (answered.errors ?? {}) : {};
          const titleId = `${item.entry.replace(":", "-")}-title`;
          return (
            <section key={item.entry} aria-labelledby={titleId} className={adminCard} data-entry={item.entry}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={titleId} className="text-lg font-bold">
                  {item.title}
                </h2>
                <p className="text-sm text-slate-700" data-testid="published-version">
                  {item.published
                    ? `Version ${item.published.number}, published ${operatorTime(item.published.publishedAt, timeZone)}${item.published.publishedBy ? ` by ${item.published.publishedBy}` : ""}`
                    : "Not published yet: the site shows the built-in default"}
                </p>
              </div>
              {item.spanishNotice ? (
                <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-950" data-testid="spanish-notice">
                  {item.spanishNotice}
                </p>
              ) : null}
              {answered ? (
                <p role={answered.ok ? "status" : "alert"} className={`mt-3 font-semibold ${answered.ok ? "text-emerald-800" : "text-red-700"}`}>
                  {answered.message}
                </p>
              ) : null}
              <Foldable folded={(item.kind === "landing" || item.kind === "claim-texts") && !answered}>
                <form method="post" className="mt-4" noValidate>
                  <input type="hidden" name="entry" value={item.entry} />
                  <fieldset disabled={!canChange} className="min-w-0">
                    <legend className="sr-only">{item.title}</legend>
                    {item.textGroups ? (
                      <ClaimTextsFields entry={item.entry} groups={item.textGroups} values={values as Record<string, string>} errors={errors} />
                    ) : (
                      <ContentFields entry={item.entry} kind={item.kind} values={values} errors={errors} figureRows={figureRows} landingRows={landingRows} />
                    )}
                  </fieldset>
                  {canChange ? (
                    <div className="mt-4 flex flex-wrap gap-2">
                      <button type="submit" name="intent" value="save" className={primaryButton}>
                        Save draft
                      </button>
                    </div>
                  ) : null}
                </form>
              </Foldable>
              {item.draft ? (
                <DraftPanel draft={item.draft} previewPath={item.previewPath} timeZone={timeZone} canChange={canChange} fields={{ entry: item.entry }} />
              ) : null}
              <details className="mt-4">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand">History ({item.history.length})</summary>
                <VersionHistory
                  versions={item.history}
                  current={item.published?.number}
                  currentLabel="published now"
                  subject={item.title}
                  timeZone={timeZone}
                  canChange={canChange}
                  fields={{ entry: item.entry }}
                />
              </details>
            </section>
          );
        })}
      </main>
    </>
  );
}

/** A claim's landing entry and its Spanish texts have many fields: they stay folded until opened (or answered), so the page lists every entry. */
function Foldable({ folded, children }: { folded: boolean; children: ReactNode }) {
  if (!folded) return <>{children}</>;
  return (
    <details className="mt-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand">Edit the words</summary>
      {children}
    </details>
  );
}
