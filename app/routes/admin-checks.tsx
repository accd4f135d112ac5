import { data, Form, Link, redirect } from "react-router";
import { allClaims } from "#claims/registry";
import { AdminHeader, adminButton, adminCard } from "~/admin/admin-header";
import { formatCents } from "~/admin/buyer-summary";
import { inputClass } from "~/admin/kit/field";
import {
  NOINDEX,
  requireOperatorAction,
  requireOperatorPage,
} from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Check, CheckErrors } from "../../server/distribution";
import type { Route } from "./+types/admin-checks";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: "Checks before a sale | Admin" },
  NOINDEX,
];

/** What the form shows; text as typed, so a refused form comes back as it was. */
interface CheckFormValues {
  name: string;
  active: boolean;
  url: string;
  method: string;
  fields: string;
  credentialHeader: string;
  conditions: string;
  budgetMs: string;
  priceCents: string;
  cacheDays: string;
  claimTypes: string[];
  whenUnavailable: string;
}

const NEW_CHECK: CheckFormValues = {
  name: "",
  active: true,
  url: "",
  method: "post-json",
  fields: "phone = {ph}\nkey = {credentials}",
  credentialHeader: "",
  conditions: "status | litigator | block | reason\nstatus | clean | pass",
  budgetMs: "2000",
  priceCents: "1",
  cacheDays: "30",
  claimTypes: [],
  whenUnavailable: "hold",
};

function valuesOf(check: Check): CheckFormValues {
  const { config } = check;
  return {
    name: check.name,
    active: check.active,
    url: config.url,
    method: config.method,
    fields: Object.entries(config.fields)
      .map(([name, template]) => `${name} = ${template}`)
      .join("\n"),
    credentialHeader: config.credentialHeader ?? "",
    conditions: config.conditions
      .map((c) =>
        [
          c.field,
          typeof c.equals === "string" ? c.equals : JSON.stringify(c.equals),
          c.means,
          c.detailField,
        ]
          .filter((part) => part !== undefined)
          .join(" | "),
      )
      .join("\n"),
    budgetMs: String(config.budgetMs),
    priceCents: String(config.priceCents),
    cacheDays: String(config.cacheDays),
    claimTypes: config.claimTypes,
    whenUnavailable: config.whenUnavailable,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "checks.change");
  const url = new URL(request.url);
  const checks = await context.checks.list();
  const editing = url.searchParams.get("edit");
  const check = editing ? checks.find((c) => c.id === editing) : undefined;
  if (editing && !check)
    throw data("There is no such check.", {
      status: 404,
      statusText: "Not Found",
    });
  return {
    checks: checks.map((c) => ({
      id: c.id,
      name: c.name,
      active: c.active,
      method: c.config.method,
      url: c.config.url,
      budgetMs: c.config.budgetMs,
      priceCents: c.config.priceCents,
      cacheDays: c.config.cacheDays,
      whenUnavailable: c.config.whenUnavailable,
      claimTypes: c.config.claimTypes,
      credentialsLast4: c.credentialsLast4,
    })),
    editing: check
      ? { id: check.id, credentialsLast4: check.credentialsLast4 }
      : null,
    values: check ? valuesOf(check) : NEW_CHECK,
    claims: allClaims().map((claim) => ({
      caseType: claim.caseType,
      name: claim.landing.card.title,
    })),
    saved: url.searchParams.get("saved"),
  };
}

/** `name = template` per line. */
function parseFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const at = line.indexOf("=");
    if (!line.trim()) continue;
    if (at < 0) fields[line.trim()] = "";
    else fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return fields;
}

/** `field | value | pass or block | detail field` per line; a value that reads as JSON (1, true, null) is that value. */
function parseConditions(text: string) {
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const [field = "", equals = "", means = "", detailField] = line
        .split("|")
        .map((part) => part.trim());
      let value: unknown = equals;
      if (/^(-?\d+(\.\d+)?|true|false|null)$/.test(equals))
        value = JSON.parse(equals) as unknown;
      return {
        field,
        equals: value,
        means,
        ...(detailField ? { detailField } : {}),
      };
    });
}

const wholeNumber = (text: string) =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;

export async function action({ request, context }: Route.ActionArgs) {
  const access = await requireOperatorAction(request, context, "checks.change");
  const form = await readForm(request, context.logger);
  const text = (name: string) => String(form.get(name) ?? "");
  const id = text("id");
  const values: CheckFormValues = {
    name: text("name").trim(),
    active: form.get("active") === "on",
    url: text("url").trim(),
    method: text("method"),
    fields: text("fields"),
    credentialHeader: text("credentialHeader").trim(),
    conditions: text("conditions"),
    budgetMs: text("budgetMs"),
    priceCents: text("priceCents"),
    cacheDays: text("cacheDays"),
    claimTypes: form.getAll("claimTypes").map(String),
    whenUnavailable: text("whenUnavailable"),
  };
  const credentials = text("credentials");
  const input = {
    name: values.name,
    active: values.active,
    config: {
      url: values.url,
      method: values.method,
      fields: parseFields(values.fields),
      ...(values.credentialHeader
        ? { credentialHeader: values.credentialHeader }
        : {}),
      conditions: parseConditions(values.conditions),
      budgetMs: wholeNumber(values.budgetMs),
      priceCents: wholeNumber(values.priceCents),
      cacheDays: wholeNumber(values.cacheDays),
      claimTypes: values.claimTypes,
      whenUnavailable: values.whenUnavailable,
    },
    credentials:
      form.get("removeCredentials") === "on"
        ? null
        : credentials
          ? credentials
          : undefined,
  };
  const before = id ? await context.checks.get(id) : undefined;
  if (id && !before)
    throw data("There is no such check.", {
      status: 404,
      statusText: "Not Found",
    });
  const result = id
    ? await context.checks.update(id, input)
    : await context.checks.create(input);
  if (!result.ok)
    return data({ values, errors: result.errors }, { status: 400 });
  const audited = (check: Check) => ({
    name: check.name,
    active: check.active,
    config: check.config,
    credentials: check.credentialsLast4,
  });
  await context.admin.audit.recordChange(
    access.actor,
    {
      action: id ? "update-check" : "create-check",
      target: { type: "check", id: result.check.id },
      detail: { name: result.check.name },
    },
    before ? audited(before) : null,
    audited(result.check),
  );
  return redirect(`/admin/checks?saved=${encodeURIComponent(result.check.id)}`);
}

const checkInput = `${inputClass} font-normal`;
const labelClass = "grid gap-1 text-sm font-semibold";

function ErrorText({ errors, name }: { errors: CheckErrors; name: string }) {
  const message = Object.entries(errors).find(
    ([key]) => key === name || key.startsWith(`${name}.`),
  )?.[1];
  return message ? (
    <span
      id={`${name.replaceAll(".", "-")}-error`}
      className="text-sm font-normal text-red-700"
    >
      {message}
    </span>
  ) : null;
}

export default function AdminChecks({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { checks, editing, claims: claimChoices, saved } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: CheckErrors = actionData?.errors ?? {};
  const field = (name: string) => ({
    name,
    "aria-invalid":
      Object.keys(errors).some(
        (key) => key === `config.${name}` || key === name,
      ) || undefined,
  });
  return (
    <>
      <AdminHeader title="Checks before a sale" />
      <main id="main" className="mx-auto grid max-w-5xl gap-6 px-4 py-6">
        <p className="text-sm text-slate-700">
          HTTP checks with your own providers&apos; keys (litigator lists, Do
          Not Call, line type). A lead of a claim with an active check is routed
          only after its checks ran in the delivery worker; a block holds it,
          and a provider that is down or over its time budget holds it or lets
          it be sold without that check, as its policy says. Every result is
          stored on the lead.
        </p>
        {saved ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            Check saved.
          </p>
        ) : null}
        <section aria-labelledby="checks-list-title" className={adminCard}>
          <h2 id="checks-list-title" className="text-lg font-bold">
            Checks
          </h2>
          {checks.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              No checks yet: leads are routed as soon as they are saved.
            </p>
          ) : (
            <ul className="mt-3 grid gap-2 text-sm">
              {checks.map((check) => (
                <li
                  key={check.id}
                  className="rounded-lg border border-slate-200 p-3"
                  data-testid="check-row"
                >
                  <Link
                    to={`/admin/checks?edit=${check.id}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand underline"
                  >
                    {check.name}
                  </Link>{" "}
                  <span className="text-slate-600">
                    {check.active ? "active" : "paused"}
                  </span>
                  <span className="block break-words text-slate-700">
                    {check.method} {check.url} · budget {check.budgetMs} ms ·{" "}
                    {formatCents(check.priceCents)} a check · cached{" "}
                    {check.cacheDays} days · when unavailable:{" "}
                    {check.whenUnavailable === "hold"
                      ? "hold the lead"
                      : "sell without it"}{" "}
                    ·{" "}
                    {check.claimTypes.length
                      ? check.claimTypes.join(", ")
                      : "every claim"}
                    {check.credentialsLast4
                      ? ` · key ${check.credentialsLast4}`
                      : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="check-form-title" className={adminCard}>
          <h2 id="check-form-title" className="text-lg font-bold">
            {editing ? `Edit ${values.name}` : "New check"}
          </h2>
          <Form
            method="post"
            className="mt-3 grid gap-4"
            key={editing?.id ?? "new"}
          >
            {editing ? (
              <input type="hidden" name="id" value={editing.id} />
            ) : null}
            {errors._form ? (
              <p className="text-sm text-red-700">{errors._form}</p>
            ) : null}
            <label className={labelClass}>
              Name
              <input
                {...field("name")}
                defaultValue={values.name}
                required
                className={checkInput}
                autoComplete="off"
              />
              <ErrorText errors={errors} name="name" />
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="active"
                defaultChecked={values.active}
                className="h-5 w-5"
              />
              Active (paused checks do not run)
            </label>
            <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
              <label className={labelClass}>
                Provider URL
                <input
                  {...field("url")}
                  type="url"
                  defaultValue={values.url}
                  required
                  className={checkInput}
                  autoComplete="off"
                />
                <ErrorText errors={errors} name="config.url" />
              </label>
              <label className={labelClass}>
                Method
                <select
                  name="method"
                  defaultValue={values.method}
                  className={checkInput}
                >
                  <option value="get">GET with a query</option>
                  <option value="post-json">POST JSON</option>
                  <option value="post-form">POST form</option>
                </select>
              </label>
            </div>
            <label className={labelClass}>
              Fields sent, one per line as name = value ({"{ph}"}, {"{st}"},{" "}
              {"{em}"}, {"{credentials}"}, …)
              <textarea
                {...field("fields")}
                defaultValue={values.fields}
                rows={4}
                className={`${checkInput} font-mono`}
              />
              <ErrorText errors={errors} name="config.fields" />
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <label className={labelClass}>
                Credential header (optional)
                <input
                  {...field("credentialHeader")}
                  defaultValue={values.credentialHeader}
                  className={checkInput}
                  autoComplete="off"
                  placeholder="X-Api-Key"
                />
                <ErrorText errors={errors} name="config.credentialHeader" />
              </label>
              <label className={labelClass}>
                Provider key{" "}
                {editing?.credentialsLast4
                  ? `(saved: ${editing.credentialsLast4}; empty keeps it)`
                  : "(sealed with SECRETS_KEY)"}
                <input
                  name="credentials"
                  type="password"
                  autoComplete="new-password"
                  className={checkInput}
                />
                <ErrorText errors={errors} name="credentials" />
              </label>
            </div>
            {editing?.credentialsLast4 ? (
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="removeCredentials"
                  className="h-5 w-5"
                />
                Remove the saved key
              </label>
            ) : null}
            <label className={labelClass}>
              Reading the answer, one rule per line: JSON field | value | pass
              or block | field with the reason (optional). The first that
              matches decides; with a pass rule, an answer matching none blocks;
              an answer outside 2xx is the provider unavailable.
              <textarea
                {...field("conditions")}
                defaultValue={values.conditions}
                rows={3}
                className={`${checkInput} font-mono`}
              />
              <ErrorText errors={errors} name="config.conditions" />
            </label>
            <div className="grid gap-4 sm:grid-cols-3">
              <label className={labelClass}>
                Time budget (ms)
                <input
                  {...field("budgetMs")}
                  defaultValue={values.budgetMs}
                  inputMode="numeric"
                  className={checkInput}
                />
                <ErrorText errors={errors} name="config.budgetMs" />
              </label>
              <label className={labelClass}>
                Price per check (cents)
                <input
                  {...field("priceCents")}
                  defaultValue={values.priceCents}
                  inputMode="numeric"
                  className={checkInput}
                />
                <ErrorText errors={errors} name="config.priceCents" />
              </label>
              <label className={labelClass}>
                Cache per phone number (days)
                <input
                  {...field("cacheDays")}
                  defaultValue={values.cacheDays}
                  inputMode="numeric"
                  className={checkInput}
                />
                <ErrorText errors={errors} name="config.cacheDays" />
              </label>
            </div>
            <fieldset>
              <legend className="text-sm font-semibold">
                Claims (none ticked: every claim)
              </legend>
              <div className="flex flex-wrap gap-x-4">
                {claimChoices.map((claim) => (
                  <label
                    key={claim.caseType}
                    className="flex min-h-11 items-center gap-2 text-sm"
                  >
                    <input
                      type="checkbox"
                      name="claimTypes"
                      value={claim.caseType}
                      defaultChecked={values.claimTypes.includes(
                        claim.caseType,
                      )}
                      className="h-5 w-5"
                    />
                    {claim.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-sm font-semibold">
                When the provider is down, answers an error or is over its
                budget
              </legend>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="whenUnavailable"
                  value="hold"
                  defaultChecked={values.whenUnavailable === "hold"}
                  className="h-5 w-5"
                />
                Hold the lead until an operator releases it
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="whenUnavailable"
                  value="sell"
                  defaultChecked={values.whenUnavailable === "sell"}
                  className="h-5 w-5"
                />
                Sell it without this check (recorded on the lead)
              </label>
              <ErrorText errors={errors} name="config.whenUnavailable" />
            </fieldset>
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                className={`${adminButton} bg-brand text-white`}
              >
                {editing ? "Save the check" : "Add the check"}
              </button>
              {editing ? (
                <Link
                  to="/admin/checks"
                  className={`${adminButton} border border-slate-300`}
                >
                  New check
                </Link>
              ) : null}
            </div>
          </Form>
        </section>
      </main>
    </>
  );
}
