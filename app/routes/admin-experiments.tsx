import { readForm } from "~/site/read-form";
import { data } from "react-router";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { formatCents, signedCents } from "~/admin/buyer-summary";
import { operatorTime, statusBadge } from "~/admin/format";
import { CONFIRMED_FIELD, ConfirmForm, ConfirmPanel, type PendingConfirmation } from "~/admin/kit/confirm";
import { FieldError, SelectField, TextAreaField, TextField, fieldsOf } from "~/admin/kit/field";
import { FormSection } from "~/admin/kit/section";
import { Cell, Row, Table } from "~/admin/kit/table";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import type { Route } from "./+types/admin-experiments";

export const meta: Route.MetaFunction = () => [{ title: "Experiments | Admin" }, NOINDEX];

const VARIANT_ROWS = 4;
const TEXT_FIELDS = ["label", "headline", "heroText", "cta", "formIntro"] as const;
type FormValues = Record<string, string>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "experiments.view");
  return {
    experiments: await context.experiments.overview(),
    claims: context.experiments.claims(),
    canChange: access.can("experiments.change"),
    timeZone: context.revocations.timeZone,
  };
}

interface Answer {
  ok: boolean;
  message: string;
  /** The experiment the answer is about; none for the new-experiment form. */
  experimentId?: string;
  errors?: Record<string, string>;
  values?: FormValues;
  confirm?: PendingConfirmation;
}

/** A percentage as typed ("0.2", "95 %") as a fraction; NaN when it is not a number, null when empty. */
function fractionOf(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").replace("%", "").trim();
  return text === "" ? null : Number(text) / 100;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "experiments.change");
  const form = await readForm(request, context.logger);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("experiment") ?? "");
  const answer = (status: number, body: Answer) => (status === 200 ? body : data(body, { status }));
  const confirmed = form.get(CONFIRMED_FIELD) === "yes";
  const fields = Object.fromEntries([...form.entries()].filter(([name]) => name !== CONFIRMED_FIELD).map(([name, value]) => [name, String(value)]));

  if (intent === "create") {
      const values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)])) as FormValues;
      const variants = Array.from({ length: VARIANT_ROWS }, (_, i) => Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[`variants.${i}.${field}`] ?? ""])))
        // The first two rows are always variants; a later one once anything is typed in it.
        .filter((variant, i) => i < 2 || Object.values(variant).some((text) => text.trim() !== ""));
      const created = await context.experiments.create(
        {
          claim: values.claim ?? "",
          name: values.name ?? "",
          goal: values.goal ?? "",
          variants,
          lossThreshold: fractionOf(values.lossThreshold ?? "") ?? Number.NaN,
          autoPromoteAt: fractionOf(values.autoPromoteAt ?? ""),
        },
        actor.email,
      );
      if (!created.ok) return answer(created.status, { ok: false, message: created.message, errors: created.errors, values });
      await context.admin.audit.record(actor, { action: "create-experiment", target: { type: "experiment", id: created.experiment.id }, detail: { claim: created.experiment.claim, name: created.experiment.name, variants: created.experiment.variants.length } });
      return answer(200, { ok: true, message: `The experiment "${created.experiment.name}" runs: visitors are split between its ${created.experiment.variants.length} variants.` });
    }

    const experiment = id ? await context.experiments.get(id) : null;
    if (!experiment) return answer(404, { ok: false, message: "No such experiment." });
    if (intent === "stop" || intent === "promote") {
      const key = String(form.get("variant") ?? "");
      const label = experiment.variants.find((variant) => variant.key === key)?.label ?? key;
      if (!confirmed) {
        const confirm: PendingConfirmation =
          intent === "stop"
            ? { question: `Stop "${experiment.name}"? Every visitor sees the page as it was before it.`, fields, label: "Stop the experiment" }
            : { question: `Promote variant ${key} (${label}) of "${experiment.name}"? Every visitor sees its texts from now on.`, fields, label: `Promote ${key}` };
        return answer(200, { ok: true, message: "", experimentId: id, confirm });
      }
      const done = intent === "stop" ? await context.experiments.stop(id) : await context.experiments.promote(id, key);
      if (!done.ok) return answer(409, { ok: false, experimentId: id, message: done.message });
      await context.admin.audit.record(actor, { action: `${intent}-experiment`, target: { type: "experiment", id }, detail: intent === "promote" ? { variant: key } : {} });
      return answer(200, { ok: true, experimentId: id, message: intent === "stop" ? "The experiment is stopped." : `Variant ${key} (${label}) is promoted: every visitor sees it.` });
    }
    if (intent === "auto-promote") {
      const threshold = fractionOf(form.get("autoPromoteAt"));
      if (threshold !== null && !(threshold >= 0.5 && threshold <= 0.999)) {
        return answer(400, { ok: false, experimentId: id, message: "Auto-promote at a probability from 50 % to 99.9 %, or leave it empty to promote by hand only.", errors: { autoPromoteAt: "From 50 to 99.9, or empty." } });
      }
      const done = await context.experiments.setAutoPromote(id, threshold);
      if (!done.ok) return answer(409, { ok: false, experimentId: id, message: done.message });
      await context.admin.audit.record(actor, { action: "set-experiment-auto-promote", target: { type: "experiment", id }, detail: { autoPromoteAt: threshold } });
      return answer(200, { ok: true, experimentId: id, message: threshold === null ? "Auto-promotion is off." : `The leader is promoted on its own once it is best with a probability of ${percent(threshold)}.` });
    }
  return answer(400, { ok: false, message: `Unknown action '${intent}'.` });
}

const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;
const secondaryButton = `${adminButton} border border-slate-300 text-slate-800 hover:bg-slate-50`;

export default function AdminExperiments({ loaderData, actionData }: Route.ComponentProps) {
  const { experiments, claims, canChange, timeZone } = loaderData;
  const answer = actionData as Answer | undefined;
  const forForm = answer && answer.experimentId === undefined ? answer : undefined;
  return (
    <>
      <AdminHeader title="Experiments" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p className="text-slate-700">
          Try up to four versions of a claim&apos;s landing page: its headline, hero text, call to action and the form&apos;s intro. Each visitor
          is assigned a variant from the site&apos;s first-touch cookie and keeps it; pages stay cached and without JavaScript. The test is Bayesian:
          the probability that each variant is best is valid however often you look, and the page says when to stop, that
          is when choosing the leader would cost less conversion rate than your threshold.
        </p>
        {answer?.confirm ? <ConfirmPanel confirmation={answer.confirm} cancelHref="/admin/experiments" /> : null}
        {answer && !answer.confirm && answer.message ? (
          <p role={answer.ok ? "status" : "alert"} className={`font-semibold ${answer.ok ? "text-emerald-800" : "text-red-700"}`}>
            {answer.message}
          </p>
        ) : null}
        {experiments.length === 0 ? <p className="text-slate-700">No experiment yet.</p> : null}
        {experiments.map((result) => (
          <ExperimentCard key={result.experiment.id} result={result} canChange={canChange} timeZone={timeZone} answer={answer?.experimentId === result.experiment.id ? answer : undefined} claimTitle={claims.find((claim) => claim.slug === result.experiment.claim)?.title ?? result.experiment.claim} />
        ))}
        {canChange ? <NewExperimentForm claims={claims} values={forForm?.values ?? {}} errors={forForm?.errors ?? {}} /> : null}
      </main>
    </>
  );
}

type Result = Route.ComponentProps["loaderData"]["experiments"][number];

function ExperimentCard({ result, canChange, timeZone, answer, claimTitle }: { result: Result; canChange: boolean; timeZone: string; answer: Answer | undefined; claimTitle: string }) {
  const { experiment, variants, decision } = result;
  const leader = variants[decision.leader]!;
  const titleId = `experiment-${experiment.id}-title`;
  const stepCount = Math.max(...variants.map((variant) => variant.steps.length));
  const conversions = (variant: (typeof variants)[number]) => (experiment.goal === "sold" ? variant.sold : variant.submits);
  const winner = experiment.winner ? variants.find((variant) => variant.key === experiment.winner) : undefined;
  return (
    <section aria-labelledby={titleId} className={adminCard} data-experiment={experiment.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold">
          {experiment.name}
        </h2>
        <span className={statusBadge(experiment.status === "running" ? "pending" : experiment.status === "promoted" ? "delivered" : "cancelled")}>{experiment.status}</span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {claimTitle} · conversion: {experiment.goal === "sold" ? "a sold lead" : "a submitted form"} per landing view · started {operatorTime(experiment.createdAt, timeZone)} by {experiment.createdBy}
        {experiment.endedAt ? ` · ended ${operatorTime(experiment.endedAt, timeZone)}` : ""}
      </p>
      {answer && !answer.confirm && answer.message ? (
        <p role={answer.ok ? "status" : "alert"} className={`mt-3 font-semibold ${answer.ok ? "text-emerald-800" : "text-red-700"}`}>
          {answer.message}
        </p>
      ) : null}
      <Table
        caption={`Each variant's funnel and sales in ${experiment.name}`}
        columns={["Variant", "Views", "Starts", ...Array.from({ length: Math.max(0, stepCount - 1) }, (_, i) => `Step ${i + 2}`), "Submits", "Eligible", "Sold", "Revenue", "Conversion", "P(best)", "Expected loss"]}
      >
        {variants.map((variant) => (
          <Row key={variant.key} data-variant={variant.key}>
            <Cell>
              <span className="font-semibold">{variant.key}</span> {variant.label}
            </Cell>
            <Cell>{variant.views}</Cell>
            <Cell>{variant.starts}</Cell>
            {Array.from({ length: Math.max(0, stepCount - 1) }, (_, i) => (
              <Cell key={i}>{variant.steps[i + 1] ?? 0}</Cell>
            ))}
            <Cell>{variant.submits}</Cell>
            <Cell>{variant.eligible}</Cell>
            <Cell>{variant.sold}</Cell>
            <Cell>{variant.revenueCents < 0 ? signedCents(variant.revenueCents) : formatCents(variant.revenueCents)}</Cell>
            <Cell>{variant.views ? percent(conversions(variant) / variant.views, 2) : "–"}</Cell>
            <Cell data-testid="p-best">{percent(variant.posterior.pBest)}</Cell>
            <Cell>{(variant.posterior.expectedLoss * 100).toFixed(2)} pp</Cell>
          </Row>
        ))}
      </Table>
      {winner ? (
        <p className="mt-4 font-semibold text-emerald-800" data-testid="winner">
          Winner: variant {winner.key} ({winner.label}), promoted: every visitor sees its texts.
        </p>
      ) : experiment.status === "running" ? (
        <p className="mt-4" data-testid="decision">
          <span className="font-semibold">
            {decision.stop ? `Recommendation: stop and promote variant ${leader.key} (${leader.label}).` : `Leader so far: variant ${leader.key} (${leader.label}).`}
          </span>{" "}
          {decision.reason}
        </p>
      ) : (
        <p className="mt-4 text-slate-700">Stopped without a winner: visitors see the page as it was.</p>
      )}
      {canChange && experiment.status === "running" ? (
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap gap-2">
            {variants.map((variant) => (
              <ConfirmForm key={variant.key} question={`Promote variant ${variant.key} (${variant.label})? Every visitor sees its texts from now on.`} fields={{ intent: "promote", experiment: experiment.id, variant: variant.key }}>
                <button type="submit" className={variant.key === leader.key ? primaryButton : secondaryButton}>
                  Promote {variant.key}
                </button>
              </ConfirmForm>
            ))}
            <ConfirmForm question="Stop this experiment? Every visitor sees the page as it was before it." fields={{ intent: "stop", experiment: experiment.id }}>
              <button type="submit" className={secondaryButton}>
                Stop
              </button>
            </ConfirmForm>
          </div>
          <form method="post" className="flex flex-wrap items-end gap-2" noValidate>
            <input type="hidden" name="intent" value="auto-promote" />
            <input type="hidden" name="experiment" value={experiment.id} />
            <TextField
              id={`auto-${experiment.id}`}
              name="autoPromoteAt"
              label="Promote the leader on its own at P(best) of (%)"
              hint="From 50 to 99.9, e.g. 95; empty: by hand only. Every variant needs 100 views first."
              inputMode="decimal"
              defaultValue={experiment.autoPromoteAt === null ? "" : String(Math.round(experiment.autoPromoteAt * 1000) / 10)}
              error={answer?.errors?.autoPromoteAt}
              className="block min-h-11 w-32 rounded-lg border border-slate-300 bg-white px-3 py-2"
            />
            <button type="submit" className={secondaryButton}>
              Save
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}

function NewExperimentForm({ claims, values, errors }: { claims: Array<{ slug: string; title: string }>; values: FormValues; errors: Record<string, string> }) {
  const field = fieldsOf(errors, "new");
  return (
    <FormSection id="new-experiment" title="New experiment">
      <form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <FieldError id="new-form-error" error={errors.form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField {...field("claim")} label="Claim" defaultValue={values.claim ?? ""}>
            <option value="">Choose a claim</option>
            {claims.map((claim) => (
              <option key={claim.slug} value={claim.slug}>
                {claim.title}
              </option>
            ))}
          </SelectField>
          <TextField {...field("name")} label="Name" defaultValue={values.name ?? ""} />
          <SelectField {...field("goal")} label="Conversion" defaultValue={values.goal ?? "submit"} hint="What the probability of being best is about.">
            <option value="submit">A submitted form per landing view</option>
            <option value="sold">A sold lead per landing view</option>
          </SelectField>
          <TextField {...field("lossThreshold")} label="Stop when choosing the leader costs less than (percentage points)" inputMode="decimal" defaultValue={values.lossThreshold ?? "0.2"} hint="The expected loss threshold, e.g. 0.2." />
          <TextField {...field("autoPromoteAt")} label="Promote the leader on its own at P(best) of (%)" inputMode="decimal" defaultValue={values.autoPromoteAt ?? ""} hint="From 50 to 99.9; empty: by hand only." />
        </div>
        <FieldError id="new-variants-error" error={errors.variants} />
        {Array.from({ length: VARIANT_ROWS }, (_, i) => {
          const key = "ABCD"[i]!;
          const name = (text: (typeof TEXT_FIELDS)[number]) => `variants.${i}.${text}`;
          return (
            <fieldset key={key} className="space-y-3 rounded-xl border border-slate-200 p-4">
              <legend className="px-1 font-semibold">
                Variant {key}
                {i < 2 ? "" : " (optional)"}
              </legend>
              <p className="text-sm text-slate-600">Leave a text empty to keep the page&apos;s own.</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField {...field(name("label"))} label="Name" defaultValue={values[name("label")] ?? (i === 0 ? "Control" : "")} />
                <TextField {...field(name("headline"))} label="Headline" defaultValue={values[name("headline")] ?? ""} />
                <TextField {...field(name("cta"))} label="Call to action" defaultValue={values[name("cta")] ?? ""} />
                <TextAreaField {...field(name("heroText"))} label="Hero text" rows={2} defaultValue={values[name("heroText")] ?? ""} />
                <TextAreaField {...field(name("formIntro"))} label="The form's intro" rows={2} defaultValue={values[name("formIntro")] ?? ""} />
              </div>
            </fieldset>
          );
        })}
        <button type="submit" className={primaryButton}>
          Start the experiment
        </button>
      </form>
    </FormSection>
  );
}
