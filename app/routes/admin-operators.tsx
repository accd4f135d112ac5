import { data, Form } from "react-router";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { operatorTime } from "~/admin/format";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { Toasts, type Toast } from "~/admin/kit/toasts";
import { readForm } from "~/site/read-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-operators";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Operators | Admin" }, NOINDEX];

const ROLE_TEXT = {
  owner: "Owner: everything, including operators, buyers and settings",
  manager: "Manager: leads, re-sends, spam marks and exports; sees buyers",
  viewer: "Viewer: reads only; contact details masked unless revealed",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "operators.view");
  const [list, required] = await Promise.all([context.admin.accounts.list(), context.admin.secondFactorRequired()]);
  return { ...list, required, me: access.operator.id, timeZone: context.admin.audit.timeZone };
}

type Link = { link: string; email: string; expiresAt: string };
type ActionAnswer = { toast?: Toast; invitation?: Link; resetLink?: Link; errors?: Record<string, string> };
const failure = (description: string, status = 400, errors?: Record<string, string>) =>
  data<ActionAnswer>({ toast: { title: "Not changed", description, tone: "error" }, errors }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "operators.change");
  const form = await readForm(request, context.logger);
  const intent = String(form.get("intent") ?? "");
  const operatorId = String(form.get("operatorId") ?? "");
  const accounts = context.admin.accounts;
  if (intent === "invite") {
    const invited = await accounts.invite(actor, String(form.get("email") ?? ""), form.get("role"));
    if (!invited.ok) return failure(invited.message, 400, { [invited.field ?? "email"]: invited.message });
    return {
      invitation: { link: invited.link, email: invited.email, expiresAt: invited.expiresAt },
      toast: { title: "Invitation made", description: `Pass the link on to ${invited.email}: it works once, for 24 hours.`, tone: "success" },
    } satisfies ActionAnswer;
  }
  if (intent === "role") {
    const changed = await accounts.changeRole(actor, operatorId, form.get("role"));
    if (!changed.ok) return failure(changed.message);
    return { toast: { title: "Role changed", description: `${changed.email} is now ${changed.role}.`, tone: "success" } } satisfies ActionAnswer;
  }
  if (intent === "disable" || intent === "enable") {
    const changed = await accounts.setDisabled(actor, operatorId, intent === "disable");
    if (!changed.ok) return failure(changed.message);
    const description = intent === "disable" ? `${changed.email} can no longer log in; their sessions have ended.` : `${changed.email} can log in again.`;
    return { toast: { title: intent === "disable" ? "Operator disabled" : "Operator enabled", description, tone: "success" } } satisfies ActionAnswer;
  }
  if (intent === "revoke-invitation") {
    const revoked = await accounts.revokeInvitation(actor, String(form.get("invitationId") ?? ""));
    if (!revoked.ok) return failure(revoked.message);
    return { toast: { title: "Invitation revoked", description: `The link for ${revoked.email} no longer works.`, tone: "success" } } satisfies ActionAnswer;
  }
  if (intent === "reset-link") {
    const made = await accounts.issueResetLink(actor, operatorId);
    if (!made.ok) return failure(made.message);
    return {
      resetLink: { link: made.link, email: made.email, expiresAt: made.expiresAt },
      toast: { title: "Reset link made", description: `Pass the link on to ${made.email}: it works once, for 30 minutes.`, tone: "success" },
    } satisfies ActionAnswer;
  }
  if (intent === "reset-totp") {
    const reset = await accounts.resetSecondFactor(actor, operatorId);
    if (!reset.ok) return failure(reset.message);
    return { toast: { title: "Two-step log-in reset", description: `${reset.email} sets it up again at the next log-in; their sessions have ended.`, tone: "success" } } satisfies ActionAnswer;
  }
  if (intent === "require-totp" || intent === "allow-no-totp") {
    const set = await context.admin.setSecondFactorRequired(actor, intent === "require-totp");
    if (!set.ok) return failure(set.message);
    const description = intent === "require-totp" ? "Operators without it are sent to set it up before anything else." : "Each operator chooses for themselves.";
    return { toast: { title: intent === "require-totp" ? "Two-step log-in required" : "Two-step log-in optional", description, tone: "success" } } satisfies ActionAnswer;
  }
  return failure("Unknown action.");
}

const input = "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2";
const secondary = `${adminButton} border border-slate-300 bg-white hover:bg-slate-50`;

export default function AdminOperators({ loaderData, actionData }: Route.ComponentProps) {
  const { operators, invitations, me, timeZone, required } = loaderData;
  const answer: ActionAnswer | undefined = actionData;
  return (
    <>
      <Toasts latest={answer?.toast} />
      <AdminHeader title="Operators" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {answer?.invitation ? (
          <section aria-labelledby="link-title" className={`${adminCard} border-l-4 border-emerald-600`}>
            <h2 id="link-title" className="text-lg font-bold">
              Invitation link for {answer.invitation.email}
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              There is no mail server: copy this link and pass it on. It works once and expires {operatorTime(answer.invitation.expiresAt, timeZone)}. It is
              shown only now.
            </p>
            <p className="mt-3 break-all rounded-lg bg-slate-50 p-3 font-mono text-sm" data-testid="invitation-link">
              {answer.invitation.link}
            </p>
          </section>
        ) : null}

        {answer?.resetLink ? (
          <section aria-labelledby="reset-title" className={`${adminCard} border-l-4 border-emerald-600`}>
            <h2 id="reset-title" className="text-lg font-bold">
              Password reset link for {answer.resetLink.email}
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              There is no mail server yet: copy this link and pass it on yourself (not by the same channel as anything else about the account). It works
              once, expires {operatorTime(answer.resetLink.expiresAt, timeZone)}, and ends all of their sessions when used. It is shown only now.
            </p>
            <p className="mt-3 break-all rounded-lg bg-slate-50 p-3 font-mono text-sm" data-testid="reset-link">
              {answer.resetLink.link}
            </p>
          </section>
        ) : null}

        <section aria-labelledby="require-title" className={adminCard}>
          <h2 id="require-title" className="text-lg font-bold">
            Two-step log-in
          </h2>
          <p className="mt-2 text-slate-700" data-testid="require-status">
            {required
              ? "Required for every operator: anyone without it is sent to set it up before anything else."
              : "Optional: each operator chooses on Your account."}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value={required ? "allow-no-totp" : "require-totp"} />
            <button type="submit" className={secondary}>
              {required ? "Make it optional" : "Require it for everyone"}
            </button>
          </Form>
        </section>

        <section aria-labelledby="operators-title" className={adminCard}>
          <h2 id="operators-title" className="text-lg font-bold">
            {operators.length} operator{operators.length === 1 ? "" : "s"}
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {operators.map((operator) => (
              <li key={operator.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-operator={operator.email}>
                <div>
                  <p className="font-semibold">
                    {operator.name} {operator.id === me ? <span className="text-slate-600">(you)</span> : null}
                  </p>
                  <p className="text-sm text-slate-700">
                    {operator.email} · {operator.role}
                    {operator.disabled ? " · disabled" : ""}
                    {operator.secondFactor ? " · two-step log-in" : ""}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="operatorId" value={operator.id} />
                    <label htmlFor={`role-${operator.id}`} className="sr-only">
                      Role of {operator.email}
                    </label>
                    <select id={`role-${operator.id}`} name="role" defaultValue={operator.role} className={`${input} w-auto`}>
                      <option value="owner">owner</option>
                      <option value="manager">manager</option>
                      <option value="viewer">viewer</option>
                    </select>
                    <button type="submit" className={secondary} aria-label={`Change role of ${operator.email}`}>
                      Change role
                    </button>
                  </Form>
                  {operator.id !== me && !operator.disabled ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reset-link" />
                      <input type="hidden" name="operatorId" value={operator.id} />
                      <button type="submit" className={secondary} aria-label={`Make a password reset link for ${operator.email}`}>
                        Reset link
                      </button>
                    </Form>
                  ) : null}
                  {operator.id !== me && operator.secondFactor ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reset-totp" />
                      <input type="hidden" name="operatorId" value={operator.id} />
                      <button type="submit" className={secondary} aria-label={`Reset two-step log-in of ${operator.email}`}>
                        Reset two-step log-in
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value={operator.disabled ? "enable" : "disable"} />
                    <input type="hidden" name="operatorId" value={operator.id} />
                    <button type="submit" className={secondary} aria-label={`${operator.disabled ? "Enable" : "Disable"} ${operator.email}`}>
                      {operator.disabled ? "Enable" : "Disable"}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="invite-title" className={adminCard}>
          <h2 id="invite-title" className="text-lg font-bold">
            Invite an operator
          </h2>
          <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <input type="hidden" name="intent" value="invite" />
            <div>
              <label htmlFor="invite-email" className="block text-sm font-semibold text-slate-700">
                E-mail address
              </label>
              <input
                id="invite-email"
                name="email"
                type="email"
                required
                className={input}
                aria-invalid={answer?.errors?.email ? true : undefined}
                aria-describedby={answer?.errors?.email ? "invite-email-error" : undefined}
              />
              {answer?.errors?.email ? (
                <p id="invite-email-error" className="mt-1 text-sm font-medium text-red-700">
                  {answer.errors.email}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="invite-role" className="block text-sm font-semibold text-slate-700">
                Role
              </label>
              <select id="invite-role" name="role" defaultValue="viewer" className={input}>
                <option value="viewer">viewer</option>
                <option value="manager">manager</option>
                <option value="owner">owner</option>
              </select>
            </div>
            <button type="submit" className={primaryButton}>
              Make invitation link
            </button>
          </Form>
          <ul className="mt-4 space-y-1 text-sm text-slate-700">
            {Object.values(ROLE_TEXT).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          {invitations.length ? (
            <>
              <h3 className="mt-4 font-semibold">Open invitations</h3>
              <ul className="mt-1 divide-y divide-slate-100 text-sm">
                {invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-invitation={invitation.email}>
                    <span>
                      {invitation.email} as {invitation.role}, by {invitation.invitedBy}, expires {operatorTime(invitation.expiresAt, timeZone)}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke-invitation" />
                      <input type="hidden" name="invitationId" value={invitation.id} />
                      <button type="submit" className={secondary} aria-label={`Revoke the invitation of ${invitation.email}`}>
                        Revoke
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </main>
    </>
  );
}
