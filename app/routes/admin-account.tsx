import { data } from "react-router";
import { AdminHeader, adminButton, adminCard } from "~/admin/admin-header";
import { PasswordField } from "~/admin/password-field";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { Toasts } from "~/admin/toasts";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-account";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Your account | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operator } = await requireOperatorPage(request, context, "account.change");
  return { operator };
}

export async function action({ request, context }: Route.ActionArgs) {
  const access = await requireOperatorAction(request, context, "account.change");
  const form = await readForm(request, context.logger);
  const changed = await context.admin.accounts.changePassword(
    access.actor,
    access.sessionId,
    String(form.get("current") ?? "").slice(0, 1000),
    String(form.get("password") ?? "").slice(0, 1000),
  );
  if (!changed.ok) return data({ error: changed.message, field: changed.field ?? "password", done: false }, { status: 400 });
  return { error: null, field: null, done: true };
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { operator } = loaderData;
  return (
    <>
      <Toasts latest={actionData?.done ? { title: "Password changed", description: "Your other sessions have ended.", tone: "success" } : undefined} />
      <AdminHeader title="Your account" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <section aria-labelledby="me-title" className={adminCard}>
          <h2 id="me-title" className="text-lg font-bold">
            {operator.name}
          </h2>
          <p className="mt-1 text-slate-700">
            {operator.email} · {operator.role}
          </p>
        </section>
        <section aria-labelledby="password-title" className={`${adminCard} max-w-xl`}>
          <h2 id="password-title" className="text-lg font-bold">
            Change your password
          </h2>
          <form method="post" className="mt-4 space-y-4">
            <PasswordField id="current" label="Current password" autoComplete="current-password" error={actionData?.field === "current" ? (actionData.error ?? undefined) : undefined} />
            <PasswordField id="password" label="New password (at least 12 characters)" autoComplete="new-password" error={actionData?.field === "password" ? (actionData.error ?? undefined) : undefined} />
            <button type="submit" className={`${adminButton} bg-brand text-white hover:bg-slate-800`}>
              Change password
            </button>
          </form>
        </section>
      </main>
    </>
  );
}
