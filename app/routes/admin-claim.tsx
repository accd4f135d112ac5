import { data } from "react-router";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { ClaimEditorFields } from "~/admin/claim-editor-fields";
import { ClaimHistory } from "~/admin/claim-history";
import { ClaimSpanish } from "~/admin/claim-spanish";
import { operatorTime } from "~/admin/format";
import { TextAreaField } from "~/admin/kit/field";
import { FormSection } from "~/admin/kit/section";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-claim";

// The row editors add rows in place once the page runs; without JavaScript they post for more.
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.claim.name ?? "Claim"} | Claims | Admin` }, NOINDEX];

const notFound = () => data("No claim defined as data has that slug.", { status: 404, statusText: "Not Found" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "claims.view");
  const claim = await context.claimsConsole.editor(params.slug);
  if (!claim) throw notFound();
  return {
    claim,
    layout: context.claimsConsole.layout,
    canChange: access.can("claims.change"),
    created: new URL(request.url).searchParams.has("created"),
    timeZone: context.revocations.timeZone,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "claims.change");
  const answer = await context.claimsConsole.act(params.slug, await readForm(request, context.logger), actor);
  if (!answer.ok && answer.status === 404) throw notFound();
  // New for every answer, so that the forms are drawn afresh from the values the server read.
  return data({ ...answer, answerId: crypto.randomUUID() }, { status: answer.ok ? 200 : answer.status });
}

const STATE_LABELS = { draft: "a draft, never published", published: "published", paused: "paused: its pages say it is closed, and it takes no leads" } as const;
const secondaryButton = `${adminButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

export default function AdminClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { claim, layout, canChange, created, timeZone } = loaderData;
  const answer = actionData;
  const structured = answer?.form === "structured" ? answer : undefined;
  const values = structured?.values ?? claim.values;
  const errors = structured && !structured.ok ? (structured.errors ?? {}) : {};
  const jsonAnswer = answer?.form === "json" && !answer.ok ? answer : undefined;
  const message = answer?.message ?? (created ? "The claim is made, as a draft. Edit it, preview it, then publish it." : null);
  const problems = answer && !answer.ok ? (answer.problems ?? []) : [];
  return (
    <>
      <AdminHeader title={`Claim: ${claim.name}`} />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p>
          <a href="/admin/claims" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
            All claims
          </a>
        </p>
        <section aria-labelledby="claim-state-title" className={`${adminCard} space-y-3`}>
          <h2 id="claim-state-title" className="text-lg font-bold">
            {claim.slug}: {STATE_LABELS[claim.state]}
          </h2>
          <p className="text-slate-700" data-testid="claim-state">
            {claim.liveVersion ? `The site runs version ${claim.liveVersion}. ` : "Not published yet. "}
            {claim.hasDraft ? "A draft is waiting to be published. " : ""}
            Last change {operatorTime(claim.updatedAt, timeZone)}
            {claim.updatedBy ? ` by ${claim.updatedBy}` : ""}.
          </p>
          {message ? (
            <p role={answer && !answer.ok ? "alert" : "status"} className={`font-semibold ${answer && !answer.ok ? "text-red-700" : "text-emerald-800"}`}>
              {message}
            </p>
          ) : null}
          {problems.length ? (
            <ul className="list-disc space-y-1 pl-6 text-sm text-red-800" aria-label="Problems">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={`/admin/claims/${claim.slug}/preview`} className={secondaryButton}>
              Preview the landing
            </a>
            <a href={`/admin/claims/${claim.slug}/preview/form`} className={secondaryButton}>
              Preview the form
            </a>
            {claim.state !== "draft" ? (
              <a href={claim.routes.landing} className={secondaryButton}>
                Open the live page
              </a>
            ) : null}
          </div>
          {canChange ? (
            <form method="post" className="flex flex-wrap gap-2">
              {claim.hasDraft ? (
                <button type="submit" name="intent" value="publish" className={primaryButton}>
                  Publish the draft
                </button>
              ) : null}
              {claim.state === "published" ? (
                <button type="submit" name="intent" value="pause" className={secondaryButton}>
                  Pause: close the claim
                </button>
              ) : null}
              {claim.state === "paused" ? (
                <button type="submit" name="intent" value="resume" className={secondaryButton}>
                  Resume: open the claim
                </button>
              ) : null}
            </form>
          ) : null}
        </section>

        {/* Drawn afresh after every answer: a save from JSON, a rollback or a publish changes what the fields start from. */}
        <form method="post" noValidate className="space-y-6" key={answer?.answerId ?? "loaded"}>
          <fieldset disabled={!canChange} className="min-w-0 space-y-6">
            <legend className="sr-only">The claim</legend>
            {canChange ? (
              <button type="submit" name="intent" value="save" className={primaryButton}>
                Save draft
              </button>
            ) : null}
            <ClaimEditorFields values={values} errors={errors} more={structured?.ok ? (structured.more ?? null) : null} layout={layout} />
            {canChange ? (
              <button type="submit" name="intent" value="save" className={primaryButton}>
                Save draft
              </button>
            ) : null}
          </fieldset>
        </form>

        <ClaimSpanish texts={claim.spanish} canChange={canChange} open={answer?.form === "spanish"} key={`es-${answer?.answerId ?? "loaded"}`} />

        <FormSection id="claim-json" title="Advanced: JSON">
          <details open={Boolean(jsonAnswer)}>
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand">The whole claim as JSON</summary>
            <p className="mt-2 text-sm text-slate-700">
              Everything the claim holds, including what the form above does not show (landing sections, a question's limits, a lead column's
              separator or translation, translations). Saved as the draft, checked as the form is.
            </p>
            <form method="post" noValidate className="mt-3 space-y-3" key={answer?.answerId ?? "loaded"}>
              <TextAreaField
                id="claim-json-text"
                name="json"
                label="Claim JSON"
                defaultValue={jsonAnswer?.json ?? claim.json}
                rows={24}
                spellCheck={false}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
                error={jsonAnswer ? jsonAnswer.message : undefined}
                disabled={!canChange}
              />
              {canChange ? (
                <button type="submit" name="intent" value="save-json" className={primaryButton}>
                  Save draft from JSON
                </button>
              ) : null}
            </form>
          </details>
        </FormSection>

        <ClaimHistory slug={claim.slug} versions={claim.versions} liveVersion={claim.liveVersion} canChange={canChange} timeZone={timeZone} />
      </main>
    </>
  );
}
