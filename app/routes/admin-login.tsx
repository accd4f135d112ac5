import { data, redirect } from "react-router";
import { readForm } from "~/site/read-form";
import { AccountCard, fullWidthSubmit, PasswordLoginForm } from "~/admin/account-pages";
import { NOINDEX } from "~/admin/require-operator";
import { LockIcon } from "~/components/icons";
import type { Route } from "./+types/admin-login";

const WRONG_LOGIN = "That e-mail address and password do not match an operator account.";
const MAX_CODE_LENGTH = 64;

export const meta: Route.MetaFunction = () => [{ title: "Operator login" }, NOINDEX];

/** Only our own admin pages may be the destination after login. */
function safeNext(value: FormDataEntryValue | string | null): string {
  // No '..' segments: '/admin/../blog' would leave the admin pages once the browser resolves it.
  return typeof value === "string" && /^\/admin(\/[\w\-/?=&%.]*|\?[\w\-=&%.]*)?$/.test(value) && !value.includes("..") ? value : "/admin";
}

const loginUrl = (next: string) => `/admin/login${next === "/admin" ? "" : `?next=${encodeURIComponent(next)}`}`;

function withCookies(cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The password step, or (after a right password for an operator with a second factor) the code step. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookieHeader = request.headers.get("cookie");
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (await context.admin.session(cookieHeader)) throw redirect(next);
  const pending = await context.admin.pendingSecondFactor(cookieHeader);
  return { next, step: pending ? ("code" as const) : ("password" as const), email: pending?.email ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  const next = safeNext(form.get("next"));
  const client = { cookieHeader: request.headers.get("cookie"), userAgent: request.headers.get("user-agent") };
  const ip = context.visitor.ip ?? "unknown";
  if (form.get("intent") === "code") {
    const code = form.get("code");
    if (typeof code !== "string" || !code.trim()) return data({ error: "Please enter the code from your authenticator app or a recovery code.", next, email: "", step: "code" as const }, { status: 400 });
    const result = await context.admin.completeSecondFactor(code.slice(0, MAX_CODE_LENGTH), ip, client);
    if (result.ok) return redirect(next, { headers: withCookies(result.setCookies) });
    if (result.reason === "expired") return data({ error: result.message, next, email: "", step: "password" as const }, { status: 401, headers: withCookies([result.setCookie]) });
    return data({ error: result.message, next, email: "", step: "code" as const }, { status: 401 });
  }
  const email = form.get("email");
  const password = form.get("password");
  const typed = typeof email === "string" ? email.slice(0, 254) : "";
  if (!typed.trim() || typeof password !== "string" || !password) {
    return data({ error: "Please enter your e-mail address and password.", next, email: typed, step: "password" as const }, { status: 400 });
  }
  if (password.length > 1000) return data({ error: WRONG_LOGIN, next, email: typed, step: "password" as const }, { status: 401 });
  const result = await context.admin.login(typed, password, ip, client);
  if (result.ok) return redirect(next, { headers: withCookies(result.setCookies) });
  // The code step is a page of its own (a reload keeps it), reached with the step's cookie.
  if (result.reason === "second-factor") return redirect(loginUrl(next), { headers: withCookies([result.setCookie]) });
  return data({ error: result.message, next, email: typed, step: "password" as const }, { status: result.reason === "throttled" ? 429 : 401 });
}

const field = "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2";

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  const step = actionData?.step ?? loaderData.step;
  const next = actionData?.next ?? loaderData.next;
  return (
    <AccountCard
      title={
        <>
          <LockIcon className="size-6" /> Operator login
        </>
      }
    >
      {step === "code" ? (
        <form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="next" value={next} />
          <input type="hidden" name="intent" value="code" />
          <p className="text-slate-700">
            Two-step log-in{loaderData.email ? ` for ${loaderData.email}` : ""}: enter the 6-digit code your authenticator app shows, or one of your recovery
            codes.
          </p>
          <div>
            <label htmlFor="code" className="block font-semibold">
              Code
            </label>
            <input
              id="code"
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={64}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "code-error" : undefined}
              className={field}
            />
            {error ? (
              <p id="code-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className={fullWidthSubmit}>
            Verify
          </button>
        </form>
      ) : (
        <PasswordLoginForm next={next} email={actionData?.email ?? ""} error={error} />
      )}
      <p className="mt-4 text-sm text-slate-600">
        The first owner logs in with ADMIN_EMAIL (or SITE_EMAIL) and ADMIN_PASSWORD, or the password printed in the server's start-up log on its first
        start. Other operators are invited by an owner; a forgotten password is reset with a link an owner makes.
      </p>
    </AccountCard>
  );
}
