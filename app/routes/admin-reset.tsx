import { data, redirect } from "react-router";
import { PasswordField } from "~/admin/password-field";
import { NOINDEX } from "~/admin/require-operator";
import { SiteHeader } from "~/components/site-header";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/admin-reset";

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password" }, NOINDEX];

/** The one-time reset link an owner made: the operator chooses a new password; a used or expired link says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const link = await context.admin.accounts.resetLink(params.token);
  if (link.state !== "open") return data({ closed: link.message, email: "" }, { status: 410 });
  return { closed: null, email: link.email };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  const password = String(form.get("password") ?? "").slice(0, 1000);
  const used = await context.admin.accounts.useResetLink(params.token, password, context.visitor.ip);
  if (!used.ok) return data({ error: used.message, field: used.field ?? null }, { status: used.field ? 400 : 410 });
  return redirect("/admin/login?reset=1");
}

export default function AdminReset({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-md px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {loaderData.closed ? (
            <>
              <h1 className="text-2xl font-bold text-brand">This reset link cannot be used</h1>
              <p className="mt-4 text-slate-700" data-testid="reset-closed">
                {loaderData.closed}
              </p>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold text-brand">Choose a new password</h1>
              <p className="mt-2 text-slate-700">
                For <strong>{loaderData.email}</strong>: at least 12 characters and not a common password. Every session of this account ends.
              </p>
              {error && !actionData?.field ? (
                <p role="alert" className="mt-4 text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
              <form method="post" className="mt-6 space-y-4">
                <PasswordField id="password" label="New password" autoComplete="new-password" error={actionData?.field === "password" ? error : undefined} />
                <button type="submit" className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
                  Set my password
                </button>
              </form>
            </>
          )}
        </div>
      </main>
    </>
  );
}
