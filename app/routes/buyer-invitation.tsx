import { data, redirect } from "react-router";
import { PasswordField } from "~/admin/password-field";
import { NOINDEX } from "~/admin/require-operator";
import { SiteHeader } from "~/components/site-header";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/buyer-invitation";

export const meta: Route.MetaFunction = () => [{ title: "Accept your buyer portal invitation" }, NOINDEX];

/** A buyer's staff member's one-time invitation link: they choose a name and password; a used or expired link says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const invitation = await context.buyerAuth.invitation(params.token);
  if (invitation.state !== "open") return data({ closed: invitation.message, email: "", buyerName: "" }, { status: 410 });
  return { closed: null, email: invitation.email, buyerName: invitation.buyerName };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  const name = String(form.get("name") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "");
  const accepted = await context.buyerAuth.accept(params.token, name, password.slice(0, 1000), context.visitor.ip);
  if (!accepted.ok) {
    const status = accepted.field ? 400 : 410;
    return data({ error: accepted.message, field: accepted.field ?? null, name }, { status });
  }
  return redirect(`/buyer/login?accepted=1`);
}

export default function BuyerInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  if (loaderData.closed) {
    return (
      <>
        <SiteHeader />
        <main id="main" className="mx-auto max-w-md px-4 py-16">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h1 className="text-2xl font-bold text-brand">This invitation cannot be used</h1>
            <p className="mt-4 text-slate-700" data-testid="invitation-closed">
              {loaderData.closed}
            </p>
          </div>
        </main>
      </>
    );
  }
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-md px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold text-brand">Accept your invitation</h1>
          <p className="mt-2 text-slate-700">
            You are invited to the buyer portal of <strong>{loaderData.buyerName}</strong> with the e-mail address <strong>{loaderData.email}</strong>. Choose your name and a
            password of at least 12 characters.
          </p>
          {error && !actionData?.field ? (
            <p role="alert" className="mt-4 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <form method="post" className="mt-6 space-y-4">
            <div>
              <label htmlFor="name" className="block font-semibold">
                Your name
              </label>
              <input
                id="name"
                name="name"
                autoComplete="name"
                required
                defaultValue={actionData?.name ?? ""}
                aria-invalid={actionData?.field === "name" ? true : undefined}
                aria-describedby={actionData?.field === "name" ? "name-error" : undefined}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              {actionData?.field === "name" ? (
                <p id="name-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
            <PasswordField id="password" label="Password" autoComplete="new-password" error={actionData?.field === "password" ? error : undefined} />
            <button type="submit" className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
              Create my account
            </button>
          </form>
        </div>
      </main>
    </>
  );
}
