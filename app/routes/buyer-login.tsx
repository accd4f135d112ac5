import { data, redirect } from "react-router";
import { AccountCard, PasswordLoginForm } from "~/admin/account-pages";
import { NOINDEX } from "~/admin/require-operator";
import { LockIcon } from "~/components/icons";
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
  return (
    <AccountCard
      title={
        <>
          <LockIcon className="size-6" /> Buyer portal
        </>
      }
    >
      {loaderData.accepted ? (
        <p role="status" className="mt-4 font-semibold text-emerald-800">
          Your account is ready: log in with your e-mail address and password.
        </p>
      ) : null}
      <PasswordLoginForm next={actionData?.next ?? loaderData.next} email={actionData?.email ?? ""} error={actionData?.error} />
      <p className="mt-4 text-sm text-slate-600">Accounts are for the staff of the firms that buy leads from us; the operator sends you an invitation link.</p>
    </AccountCard>
  );
}
