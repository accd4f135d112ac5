import { data, redirect } from "react-router";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { PasswordField } from "~/admin/password-field";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { Toasts, type Toast } from "~/admin/kit/toasts";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-account";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Your account | Admin" }, NOINDEX];

/** "Mozilla/5.0 (X11; Linux x86_64) ... Chrome/140.0 Safari/537.36" -> "Chrome 140 on Linux": enough to tell one's browsers apart. */
function shortUserAgent(agent: string | null): string {
  if (!agent) return "unknown browser";
  const browser = /(Edg|Firefox|Chrome|Safari)\/(\d+)/.exec(agent);
  const system = /(Windows|Android|iPhone|iPad|Mac OS X|Linux|CrOS)/.exec(agent)?.[1]?.replace("Mac OS X", "macOS");
  const name = browser ? `${browser[1] === "Edg" ? "Edge" : browser[1]} ${browser[2]}` : agent.slice(0, 40);
  return system ? `${name} on ${system}` : name;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operator, sessionId } = await requireOperatorPage(request, context, "account.change");
  const [secondFactor, sessions, required, alerts] = await Promise.all([
    context.admin.secondFactor.status(operator.id),
    context.admin.sessionsOf(operator.id, sessionId),
    context.admin.secondFactorRequired(),
    context.alerts.choicesOf(operator),
  ]);
  return {
    operator,
    secondFactor,
    required,
    mustEnrol: required && !secondFactor.enabled,
    sessions: sessions.map((s) => ({ ...s, userAgent: shortUserAgent(s.userAgent) })),
    timeZone: context.admin.audit.timeZone,
    alerts,
    alertsSent: context.alerts.sending,
  };
}

type ActionAnswer = { toast?: Toast; error?: string | null; field?: string | null; recoveryCodes?: string[] };
const failure = (error: string, field: string | null = null) => data<ActionAnswer>({ error, field, toast: { title: "Not changed", description: error, tone: "error" } }, { status: 400 });

export async function action({ request, context }: Route.ActionArgs) {
  const access = await requireOperatorAction(request, context, "account.change");
  const form = await readForm(request, context.logger);
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 1000);
  const accounts = context.admin.accounts;
  const intent = text("intent");
  if (intent === "totp-start") {
    const started = await accounts.startSecondFactor(access.actor);
    if (!started.ok) return failure(started.message);
    return { error: null } satisfies ActionAnswer;
  }
  if (intent === "totp-confirm") {
    const confirmed = await accounts.confirmSecondFactor(access.actor, text("code"));
    if (!confirmed.ok) return failure(confirmed.message, "code");
    return {
      recoveryCodes: confirmed.recoveryCodes,
      toast: { title: "Two-step log-in is on", description: "Keep your recovery codes somewhere safe.", tone: "success" },
    } satisfies ActionAnswer;
  }
  if (intent === "recovery-codes") {
    const made = await accounts.regenerateRecoveryCodes(access.actor, text("codes-password"));
    if (!made.ok) return failure(made.message, made.field ?? null);
    return { recoveryCodes: made.recoveryCodes, toast: { title: "New recovery codes", description: "The old ones no longer work.", tone: "success" } } satisfies ActionAnswer;
  }
  if (intent === "totp-off") {
    const off = await accounts.disableSecondFactor(access.actor, text("off-password"));
    if (!off.ok) return failure(off.message, off.field ?? null);
    return { toast: { title: "Two-step log-in is off", description: "Your log-in asks for your password only.", tone: "success" } } satisfies ActionAnswer;
  }
  if (intent === "alerts") {
    await context.alerts.saveChoices(access.operator.id, form.getAll("alert").map(String));
    return { toast: { title: "Alerts saved", description: "You get the alerts you ticked.", tone: "success" } } satisfies ActionAnswer;
  }
  if (intent === "end-session") {
    const ended = await context.admin.endSession(access.actor, text("session").slice(0, 64));
    if (!ended) return failure("There is no such session of yours (it may have ended already).");
    if (text("current") === "1") return redirect("/admin/login");
    return { toast: { title: "Session ended", description: "That browser is logged out.", tone: "success" } } satisfies ActionAnswer;
  }
  const changed = await accounts.changePassword(access.actor, access.sessionId, text("current"), text("password"));
  if (!changed.ok) return failure(changed.message, changed.field ?? "password");
  return { toast: { title: "Password changed", description: "Your other sessions have ended.", tone: "success" } } satisfies ActionAnswer;
}

const secondary = `${adminButton} border border-slate-300 bg-white hover:bg-slate-50`;

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { operator, secondFactor, required, mustEnrol, sessions, timeZone, alerts, alertsSent } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  const fieldError = (name: string) => (answer?.field === name ? (answer.error ?? undefined) : undefined);
  return (
    <>
      <Toasts latest={answer?.toast} />
      <AdminHeader title="Your account" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {mustEnrol ? (
          <p role="alert" className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 font-medium text-amber-900" data-testid="enrol-required">
            An owner requires two-step log-in for every operator. Set it up below before going on.
          </p>
        ) : null}
        <section aria-labelledby="me-title" className={adminCard}>
          <h2 id="me-title" className="text-lg font-bold">
            {operator.name}
          </h2>
          <p className="mt-1 text-slate-700">
            {operator.email} · {operator.role}
          </p>
        </section>

        <section aria-labelledby="totp-title" className={`${adminCard} max-w-3xl`}>
          <h2 id="totp-title" className="text-lg font-bold">
            Two-step log-in
          </h2>
          {answer?.recoveryCodes ? (
            <div className="mt-3 rounded-lg border-l-4 border-emerald-600 bg-emerald-50 p-4">
              <p className="font-semibold">Your recovery codes, shown only now</p>
              <p className="mt-1 text-sm text-slate-700">Each works once, in place of a code, if you lose your phone. Print them or keep them in a password manager.</p>
              <ul className="mt-2 grid grid-cols-2 gap-1 font-mono" data-testid="recovery-codes">
                {answer.recoveryCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {secondFactor.enabled ? (
            <>
              <p className="mt-2 text-slate-700" data-testid="totp-status">
                On since {operatorTime(secondFactor.enabledAt!, timeZone)}. {secondFactor.recoveryCodesLeft} recovery code{secondFactor.recoveryCodesLeft === 1 ? "" : "s"} left.
                {required ? " An owner requires it for everyone." : ""}
              </p>
              <form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <input type="hidden" name="intent" value="recovery-codes" />
                <PasswordField id="codes-password" label="Your password, to make new recovery codes" autoComplete="current-password" error={fieldError("codes-password")} />
                <button type="submit" className={secondary}>
                  Make new recovery codes
                </button>
              </form>
              {required ? null : (
                <form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                  <input type="hidden" name="intent" value="totp-off" />
                  <PasswordField id="off-password" label="Your password, to turn two-step log-in off" autoComplete="current-password" error={fieldError("off-password")} />
                  <button type="submit" className={secondary}>
                    Turn off
                  </button>
                </form>
              )}
            </>
          ) : secondFactor.pending ? (
            <>
              <p className="mt-2 text-slate-700">
                Add this account to an authenticator app (Google Authenticator, 1Password, Aegis…): scan the code, or open the link on this device, or type the
                key. Then enter the 6-digit code it shows.
              </p>
              <div className="mt-3 flex flex-wrap items-start gap-6">
                <div className="size-44 shrink-0 bg-white" role="img" aria-label="QR code of the authenticator link" dangerouslySetInnerHTML={{ __html: secondFactor.pending.qrSvg }} />
                <dl className="min-w-0 space-y-2 text-sm">
                  <dt className="font-semibold">Key</dt>
                  <dd className="break-all font-mono" data-testid="totp-secret">
                    {secondFactor.pending.secret}
                  </dd>
                  <dt className="font-semibold">Link</dt>
                  <dd className="break-all font-mono">
                    <a href={secondFactor.pending.uri} className="block min-h-11 py-2 underline" data-testid="totp-uri">
                      {secondFactor.pending.uri}
                    </a>
                  </dd>
                </dl>
              </div>
              <form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <input type="hidden" name="intent" value="totp-confirm" />
                <div>
                  <label htmlFor="totp-code" className="block font-semibold">
                    Code from the app
                  </label>
                  <input
                    id="totp-code"
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    required
                    maxLength={10}
                    aria-invalid={fieldError("code") ? true : undefined}
                    aria-describedby={fieldError("code") ? "totp-code-error" : undefined}
                    className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
                  />
                  {fieldError("code") ? (
                    <p id="totp-code-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
                      {fieldError("code")}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className={primaryButton}>
                  Turn on
                </button>
              </form>
            </>
          ) : (
            <form method="post" className="mt-3">
              <p className="text-slate-700">Off: your log-in asks for your password only. With it on, it also asks for a code from an app on your phone.</p>
              <input type="hidden" name="intent" value="totp-start" />
              <button type="submit" className={`${primaryButton} mt-3`}>
                Set up two-step log-in
              </button>
            </form>
          )}
        </section>

        <section aria-labelledby="sessions-title" className={adminCard}>
          <h2 id="sessions-title" className="text-lg font-bold">
            Your sessions
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {sessions.map((s) => (
              <li key={s.handle} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session">
                <div className="text-sm text-slate-700">
                  <p className="font-semibold text-slate-900">
                    {s.userAgent} {s.current ? <span className="text-slate-600">(this browser)</span> : null}
                  </p>
                  <p>
                    {s.ip ?? "unknown address"} · started {operatorTime(s.createdAt, timeZone)} · last seen {operatorTime(s.lastSeenAt, timeZone)}
                  </p>
                </div>
                <form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="session" value={s.handle} />
                  {s.current ? <input type="hidden" name="current" value="1" /> : null}
                  <button type="submit" className={secondary}>
                    {s.current ? "Log out here" : "End session"}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="alerts-title" className={`${adminCard} max-w-xl`}>
          <h2 id="alerts-title" className="text-lg font-bold">
            Alerts by e-mail
          </h2>
          <p className="mt-1 text-slate-700" data-testid="alerts-status">
            {alertsSent
              ? `Sent to ${operator.email}: one e-mail per incident.`
              : "No mail server is set (SMTP_URL), so alerts are recorded but no e-mail is sent."}
          </p>
          <form method="post" className="mt-3 space-y-1">
            <input type="hidden" name="intent" value="alerts" />
            {alerts.map((alert) => (
              <label key={alert.kind} className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="alert" value={alert.kind} defaultChecked={alert.enabled} className="h-5 w-5" />
                {alert.label}
              </label>
            ))}
            <button type="submit" className={`${secondary} mt-2`}>
              Save alerts
            </button>
          </form>
        </section>

        <section aria-labelledby="password-title" className={`${adminCard} max-w-xl`}>
          <h2 id="password-title" className="text-lg font-bold">
            Change your password
          </h2>
          <form method="post" className="mt-4 space-y-4">
            <PasswordField id="current" label="Current password" autoComplete="current-password" error={fieldError("current")} />
            <PasswordField id="password" label="New password (at least 12 characters, not a common one)" autoComplete="new-password" error={fieldError("password")} />
            <button type="submit" className={primaryButton}>
              Change password
            </button>
          </form>
        </section>
      </main>
    </>
  );
}
