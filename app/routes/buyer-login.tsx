import { data, redirect } from "react-router";
import { NOINDEX } from "~/admin/require-operator";
import { LockIcon } from "~/components/icons";
import { SiteHeader } from "~/components/site-header";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/buyer-login";

const WRONG_LOGIN = "That e-mail address and password do not match a buyer account.";

export const meta: Route.MetaFunction = () => [{ title: "Buyer portal login" }, NOINDEX];

/** Only the portal's own pages may be the destination after login. */
function safeNext(value: FormDataEntryValue | string | null): string {
  return typeof value === "string" && /^\/buyer\/[\w\-/?=&%.]*$/.test(value) && !value.includes("..") && !value.startsWith("/buyer/login") ? value : "/buyer/leads";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  if (await context.buyerAuth.session(request.headers.get("cookie"), context.visitor.ip)) throw redirect(next);
  return { next, accepted: url.searchParams.get("accepted") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  const email = form.get("email");
  const password = form.get("password");
  const next = safeNext(form.get("next"));
  const typed = typeof email === "string" ? email.slice(0, 254) : "";
  if (!typed.trim() || typeof password !== "string" || !password) {
    return data({ error: "Please enter your e-mail address and password.", next, email: typed }, { status: 400 });
  }
  if (password.length > 1000) return data({ error: WRONG_LOGIN, next, email: typed }, { status: 401 });
  const result = await context.buyerAuth.login(typed, password, context.visitor.ip ?? "unknown");
  if (!result.ok) return data({ error: result.message, next, email: typed }, { status: result.reason === "throttled" ? 429 : 401 });
  return redirect(next, { headers: { "Set-Cookie": result.setCookie } });
}

export default function BuyerLogin({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-md px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="flex items-center gap-2 text-2xl font-bold text-brand">
            <LockIcon className="size-6" /> Buyer portal
          </h1>
          {loaderData.accepted ? (
            <p role="status" className="mt-4 font-semibold text-emerald-800">
              Your account is ready: log in with your e-mail address and password.
            </p>
          ) : null}
          <form method="post" className="mt-6 space-y-4">
            <input type="hidden" name="next" value={actionData?.next ?? loaderData.next} />
            <div>
              <label htmlFor="email" className="block font-semibold">
                E-mail address
              </label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                defaultValue={actionData?.email ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "password-error" : undefined}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="password" className="block font-semibold">
                Password
              </label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "password-error" : undefined}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              {error ? (
                <p id="password-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
            <button type="submit" className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
              Log in
            </button>
          </form>
          <p className="mt-4 text-sm text-slate-600">Accounts are for the staff of the firms that buy leads from us; the operator sends you an invitation link.</p>
        </div>
      </main>
    </>
  );
}
