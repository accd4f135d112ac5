import { data, Form, Link } from "react-router";
import { allClaims } from "#claims/registry";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { formatCents } from "~/admin/buyer-summary";
import { Cell, LabelledCell, Row, Table } from "~/admin/kit/table";
import { ConfirmForm, ConfirmPanel, CONFIRMED_FIELD, type PendingConfirmation } from "~/admin/kit/confirm";
import { operatorTime } from "~/admin/format";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { formErrorsOfSupplier, NEW_SUPPLIER_VALUES, readSupplierForm, supplierFormValues, type SupplierFormValues } from "~/admin/supplier-form";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Supplier } from "../../server/suppliers/supplier-store";
import type { Route } from "./+types/admin-suppliers";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Suppliers | Admin" }, NOINDEX];

const NO_SUCH_SUPPLIER = "There is no such supplier.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "suppliers.view");
  const suppliers = await context.suppliers.list();
  const canChange = access.can("suppliers.change");
  const editId = new URL(request.url).searchParams.get("edit");
  const editing = editId && canChange ? suppliers.find((supplier) => supplier.id === editId) : undefined;
  if (editId && canChange && !editing) throw data(NO_SUCH_SUPPLIER, { status: 404, statusText: "Not Found" });
  return {
    suppliers,
    claims: allClaims().map((claim) => ({ slug: claim.slug, name: claim.landing.card.title })),
    editing: editing ? { id: editing.id, name: editing.name } : null,
    values: editing ? supplierFormValues(editing) : NEW_SUPPLIER_VALUES,
    canChange,
    timeZone: context.revocations.timeZone,
  };
}

type ActionAnswer =
  | { done: string; key?: string }
  | { confirm: PendingConfirmation }
  | { values: SupplierFormValues; errors: Record<string, string> }
  | { error: string };

const QUESTIONS = {
  pause: (name: string) => `Pause ${name}? Its key is refused (403) until it is resumed.`,
  resume: (name: string) => `Resume ${name}? Its key is taken again.`,
  rotate: (name: string) => `Give ${name} a new key? The current key stops working at once.`,
};
const LABELS = { pause: "Pause supplier", resume: "Resume supplier", rotate: "Make a new key" };

/** What the audit log keeps of a supplier before and after a change (never its key). */
const audited = (supplier: Supplier) => ({
  name: supplier.name,
  claimSlugs: supplier.claimSlugs,
  dailyCap: supplier.dailyCap,
  payoutCents: supplier.payoutCents,
  status: supplier.status,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "suppliers.change");
  const form = await readForm(request, context.logger);
  const intent = String(form.get("intent") ?? "");
  const supplierId = String(form.get("supplierId") ?? "");

  if (intent === "create" || intent === "update") {
    const before = intent === "update" ? await context.suppliers.get(supplierId) : null;
    if (intent === "update" && !before) return data({ error: NO_SUCH_SUPPLIER } satisfies ActionAnswer, { status: 404 });
    const { values, input, errors: formErrors } = readSupplierForm(form);
    const status = before?.status ?? (form.get("paused") === "on" ? "paused" : "active");
    // Every field's error at once: what the form could not read, and what the service refuses of the rest.
    const errors = { ...formErrorsOfSupplier(context.suppliers.validate({ ...input, status })), ...formErrors };
    if (Object.keys(errors).length) return data({ values, errors } satisfies ActionAnswer, { status: 400 });
    if (!before) {
      const created = await context.suppliers.create({ ...input, status });
      if (!created.ok) return data({ values, errors: formErrorsOfSupplier(created.errors) } satisfies ActionAnswer, { status: 400 });
      await context.admin.audit.recordChange(
        actor,
        { action: "create-supplier", target: { type: "supplier", id: created.supplier.id }, detail: { name: created.supplier.name } },
        null,
        { ...audited(created.supplier), key: created.supplier.keyPrefix },
      );
      return { done: `${created.supplier.name} is added.`, key: created.key } satisfies ActionAnswer;
    }
    const saved = await context.suppliers.update(before.id, { ...input, status });
    if (!saved) return data({ error: NO_SUCH_SUPPLIER } satisfies ActionAnswer, { status: 404 });
    if (!saved.ok) return data({ values, errors: formErrorsOfSupplier(saved.errors) } satisfies ActionAnswer, { status: 400 });
    await context.admin.audit.recordChange(
      actor,
      { action: "update-supplier", target: { type: "supplier", id: before.id }, detail: { name: saved.supplier.name } },
      audited(before),
      audited(saved.supplier),
    );
    return { done: `${saved.supplier.name} is saved.` } satisfies ActionAnswer;
  }

  if (intent !== "pause" && intent !== "resume" && intent !== "rotate") return data({ error: "Unknown action." } satisfies ActionAnswer, { status: 400 });
  const supplier = supplierId ? await context.suppliers.get(supplierId) : null;
  if (!supplier) return data({ error: NO_SUCH_SUPPLIER } satisfies ActionAnswer, { status: 404 });
  if (form.get(CONFIRMED_FIELD) !== "yes") {
    return { confirm: { question: QUESTIONS[intent](supplier.name), fields: { intent, supplierId }, label: LABELS[intent] } } satisfies ActionAnswer;
  }
  if (intent === "rotate") {
    const key = await context.suppliers.rotateKey(supplier.id);
    if (!key) return data({ error: NO_SUCH_SUPPLIER } satisfies ActionAnswer, { status: 404 });
    const after = await context.suppliers.get(supplier.id);
    await context.admin.audit.recordChange(
      actor,
      { action: "rotate-supplier-key", target: { type: "supplier", id: supplier.id }, detail: { name: supplier.name } },
      { key: supplier.keyPrefix },
      { key: after?.keyPrefix ?? null },
    );
    return { done: `${supplier.name} has a new key; the old one no longer works.`, key } satisfies ActionAnswer;
  }
  const status = intent === "pause" ? "paused" : "active";
  await context.suppliers.setStatus(supplier.id, status);
  await context.admin.audit.recordChange(
    actor,
    { action: `${intent}-supplier`, target: { type: "supplier", id: supplier.id }, detail: { name: supplier.name } },
    { status: supplier.status },
    { status },
  );
  return { done: intent === "pause" ? `${supplier.name} is paused: its key is refused until it is resumed.` : `${supplier.name} is active again.` } satisfies ActionAnswer;
}

const input = "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal";
const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";
const secondaryButton = `${adminButton} border border-slate-300 bg-white hover:bg-slate-50`;

export default function AdminSuppliers({ loaderData, actionData }: Route.ComponentProps) {
  const { suppliers, claims: claimChoices, editing, canChange, timeZone } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const refused = answer && "errors" in answer ? answer : null;
  const values = refused?.values ?? loaderData.values;
  const errors = refused?.errors ?? {};
  const claimNames = Object.fromEntries(claimChoices.map((claim) => [claim.slug, claim.name]));
  const fieldError = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className="mt-1 block text-sm font-normal text-red-700">
        {errors[name]}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <>
      <AdminHeader title="Suppliers" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer && "confirm" in answer ? <ConfirmPanel confirmation={answer.confirm} cancelHref="/admin/suppliers" /> : null}
        {answer && "done" in answer ? (
          <div role="status" className="rounded-lg border-2 border-emerald-600 bg-emerald-50 p-4" data-testid="supplier-saved">
            <p className="font-semibold">{answer.done}</p>
            {answer.key ? (
              <>
                <p className="mt-2">Copy its key now: it is not shown again, only its first characters are kept.</p>
                <p className="mt-2 font-mono text-sm break-all select-all" data-testid="supplier-key">
                  {answer.key}
                </p>
              </>
            ) : null}
          </div>
        ) : null}
        {answer && "error" in answer ? (
          <p role="alert" className="font-semibold text-red-700">
            {answer.error}
          </p>
        ) : null}
        <p className="text-slate-700">
          Every caller of the lead API other than our own forms is a supplier, sending its key as <code>Authorization: Bearer &lt;key&gt;</code>. A
          supplier sends only the claims it is allowed, at most its daily cap of leads (UTC days), and each lead we accept costs its payout. A paused
          supplier&apos;s key is refused.
        </p>
        <section aria-labelledby="suppliers-title" className={adminCard}>
          <h2 id="suppliers-title" className="text-lg font-bold" data-testid="supplier-count">
            {suppliers.length} supplier{suppliers.length === 1 ? "" : "s"}
          </h2>
          {suppliers.length === 0 ? (
            <p className="mt-2 text-slate-700">No suppliers yet: only our own forms send leads.</p>
          ) : (
            /* A phone shows each supplier as a block of labelled lines instead of columns cut off. */
            <Table stacked="lg" className="mt-3" columns={["Supplier", "Claims", "Today", "Payout", "Key", { label: <span className="sr-only">Actions</span> }]}>
              {suppliers.map((supplier) => (
                <Row key={supplier.id} stacked="lg" className="align-top" data-supplier-id={supplier.id}>
                  <Cell stacked="lg">
                    <span className="font-semibold">{supplier.name}</span>{" "}
                    <span className={`${badge} ${supplier.status === "active" ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}>
                      {supplier.status === "active" ? "Active" : "Paused"}
                    </span>
                  </Cell>
                  <LabelledCell stacked="lg" label="Claims">{supplier.claimSlugs.map((slug) => claimNames[slug] ?? slug).join(", ") || "None"}</LabelledCell>
                  <LabelledCell stacked="lg" label="Today">
                    {supplier.today.toLocaleString("en-US")} {supplier.dailyCap === null ? "leads, no cap" : `of ${supplier.dailyCap.toLocaleString("en-US")} a day`}
                  </LabelledCell>
                  <LabelledCell stacked="lg" label="Payout">{formatCents(supplier.payoutCents)} / accepted lead</LabelledCell>
                  <LabelledCell stacked="lg" label="Key">
                    {supplier.keyPrefix && supplier.keyCreatedAt ? (
                      <>
                        <code>{supplier.keyPrefix}…</code>
                        <span className="block text-slate-600">since {operatorTime(supplier.keyCreatedAt, timeZone)}</span>
                      </>
                    ) : (
                      "No key"
                    )}
                  </LabelledCell>
                  <Cell stacked="lg" className="max-lg:pt-2">
                    {canChange ? (
                      <div className="flex flex-wrap gap-2">
                        <Link to={`/admin/suppliers?edit=${encodeURIComponent(supplier.id)}`} className={secondaryButton} aria-label={`Edit ${supplier.name}`}>
                          Edit
                        </Link>
                        <ConfirmForm
                          question={QUESTIONS[supplier.status === "active" ? "pause" : "resume"](supplier.name)}
                          fields={{ intent: supplier.status === "active" ? "pause" : "resume", supplierId: supplier.id }}
                        >
                          <button type="submit" className={secondaryButton} aria-label={`${supplier.status === "active" ? "Pause" : "Resume"} ${supplier.name}`}>
                            {supplier.status === "active" ? "Pause" : "Resume"}
                          </button>
                        </ConfirmForm>
                        <ConfirmForm question={QUESTIONS.rotate(supplier.name)} fields={{ intent: "rotate", supplierId: supplier.id }}>
                          <button type="submit" className={`${secondaryButton} whitespace-nowrap`} aria-label={`New key for ${supplier.name}`}>
                            New key
                          </button>
                        </ConfirmForm>
                      </div>
                    ) : null}
                  </Cell>
                </Row>
              ))}
            </Table>
          )}
        </section>
        {canChange ? (
          <section aria-labelledby="supplier-form-title" className={adminCard}>
            <h2 id="supplier-form-title" className="text-lg font-bold">
              {editing ? `Edit ${editing.name}` : "Add a supplier"}
            </h2>
            {editing ? null : <p className="mt-1 text-sm text-slate-700">Its key is shown once, when it is added: only a hash of it is kept.</p>}
            {/* A new key after each save: the form starts empty again instead of keeping what was saved. */}
            <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" key={`${editing?.id ?? "new"}:${answer && "done" in answer ? answer.done + (answer.key ?? "") : ""}`} noValidate>
              <input type="hidden" name="intent" value={editing ? "update" : "create"} />
              {editing ? <input type="hidden" name="supplierId" value={editing.id} /> : null}
              <label className="block font-semibold sm:col-span-2">
                Name
                <input name="name" defaultValue={values.name} maxLength={100} required className={input} {...described("name")} />
                {fieldError("name")}
              </label>
              <fieldset className="sm:col-span-2" {...described("claimSlugs")}>
                <legend className="font-semibold">Claims it may send</legend>
                <div className="flex flex-wrap gap-x-4">
                  {claimChoices.map((claim) => (
                    <label key={claim.slug} className="flex min-h-11 items-center gap-2 text-sm">
                      <input type="checkbox" name="claimSlugs" value={claim.slug} defaultChecked={values.claimSlugs.includes(claim.slug)} className="h-5 w-5" />
                      {claim.name}
                    </label>
                  ))}
                </div>
                {fieldError("claimSlugs")}
              </fieldset>
              <label className="block font-semibold">
                Daily cap (leads a UTC day; empty for none)
                <input name="dailyCap" defaultValue={values.dailyCap} inputMode="numeric" className={input} {...described("dailyCap")} />
                {fieldError("dailyCap")}
              </label>
              <label className="block font-semibold">
                Payout per accepted lead ($)
                <input name="payout" defaultValue={values.payout} inputMode="decimal" className={input} {...described("payout")} />
                {fieldError("payout")}
              </label>
              {editing ? null : (
                <label className="flex min-h-11 items-center gap-2 sm:col-span-2">
                  <input type="checkbox" name="paused" className="h-5 w-5" />
                  Start paused (its key is refused until it is resumed)
                </label>
              )}
              <div className="flex flex-wrap gap-3 sm:col-span-2">
                <button type="submit" className={primaryButton}>
                  {editing ? "Save the supplier" : "Add the supplier"}
                </button>
                {editing ? (
                  <Link to="/admin/suppliers" className={secondaryButton}>
                    Cancel
                  </Link>
                ) : null}
              </div>
            </Form>
          </section>
        ) : null}
      </main>
    </>
  );
}
