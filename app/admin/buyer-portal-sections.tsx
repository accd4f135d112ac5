import { Form, type AppLoadContext } from "react-router";
import type { Actor } from "../../server/audit/audit-log";
import { adminButton, adminCard, primaryButton } from "./admin-header";
import { CONFIRMED_FIELD, ConfirmForm, ConfirmPanel, type PendingConfirmation } from "./kit/confirm";
import { operatorTime } from "./format";
import { StatementList } from "~/statements/statement-list";

/** The buyer page's intents for its portal, returns and statements (docs/decisions/040, 041). */
export const PORTAL_INTENTS = ["invite-buyer-user", "disable-buyer-user", "enable-buyer-user", "save-return-terms", "issue-statement"] as const;
export type PortalIntent = (typeof PORTAL_INTENTS)[number];

export const isPortalIntent = (intent: FormDataEntryValue | null): intent is PortalIntent => (PORTAL_INTENTS as readonly unknown[]).includes(intent);

export type PortalAnswer = {
  portal:
    | { confirm: PendingConfirmation }
    | { invited: { link: string; email: string; expiresAt: string } }
    | { done: string }
    | { error: string; field?: string; values?: Record<string, string> };
};

/** What the buyer page loads for these sections. */
export async function loadBuyerPortal(context: AppLoadContext, buyerId: string) {
  const [users, terms, statements] = await Promise.all([context.buyerAuth.users(buyerId), context.returns.terms(buyerId), context.statements.list(buyerId)]);
  return { users, terms, statements };
}

export type BuyerPortalData = Awaited<ReturnType<typeof loadBuyerPortal>>;

export async function portalAction(context: AppLoadContext, buyerId: string, intent: PortalIntent, form: FormData, actor: Actor): Promise<PortalAnswer> {
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 300);
  // Without JavaScript the form cannot ask first: the action does.
  const confirmed = form.get(CONFIRMED_FIELD) === "yes";
  if (!confirmed && (intent === "disable-buyer-user" || intent === "enable-buyer-user" || intent === "issue-statement")) {
    const fields: Record<string, string> = intent === "issue-statement" ? { intent, period: text("period") } : { intent, userId: text("userId") };
    const question = intent === "issue-statement" ? `Issue the statement for ${text("period")}? It cannot be changed afterwards.` : intent === "disable-buyer-user" ? "Disable this user? They are logged out at once." : "Let this user log in again?";
    return { portal: { confirm: { question, fields, label: intent === "issue-statement" ? "Issue the statement" : intent === "disable-buyer-user" ? "Disable" : "Enable" } } };
  }
  switch (intent) {
    case "invite-buyer-user": {
      const invited = await context.buyerAuth.invite(actor, buyerId, text("email"));
      return { portal: invited.ok ? { invited: { link: invited.link, email: invited.email, expiresAt: invited.expiresAt } } : { error: invited.message, field: invited.field, values: { email: text("email") } } };
    }
    case "disable-buyer-user":
    case "enable-buyer-user": {
      const done = await context.buyerAuth.setDisabled(actor, buyerId, text("userId"), intent === "disable-buyer-user");
      return { portal: done ? { done: intent === "disable-buyer-user" ? "The user is disabled and logged out." : "The user can log in again." } : { error: "There is no such user of this buyer." } };
    }
    case "save-return-terms": {
      const saved = await context.returns.saveTerms(actor, buyerId, { windowDays: text("windowDays"), capPercent: text("capPercent"), resell: form.get("resell") });
      if (saved.ok) return { portal: { done: "The return terms are saved." } };
      const [field, message] = Object.entries(saved.errors)[0]!;
      return { portal: { error: message, field, values: { windowDays: text("windowDays"), capPercent: text("capPercent") } } };
    }
    case "issue-statement": {
      const issued = await context.statements.issue(buyerId, text("period"), { audit: actor, tag: `operator:${actor.operatorId}` });
      return { portal: issued.ok ? { done: `Statement no. ${issued.statement.number} for ${issued.statement.period} is issued.` } : { error: issued.message, field: "period", values: { period: text("period") } } };
    }
  }
}

const input = "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2";

/** The buyer page's portal users, return terms and statements. */
export function BuyerPortalSections({
  data,
  answer,
  canChange,
  timeZone,
  months,
  cancelHref,
}: {
  data: BuyerPortalData;
  answer: PortalAnswer["portal"] | undefined;
  canChange: boolean;
  timeZone: string;
  /** The months a statement may be issued for now: the last one first. */
  months: string[];
  cancelHref: string;
}) {
  const error = answer && "error" in answer ? answer : null;
  const fieldError = (field: string) => (error?.field === field ? error.error : null);
  return (
    <>
      {answer && "confirm" in answer ? <ConfirmPanel confirmation={answer.confirm} cancelHref={cancelHref} /> : null}
      {answer && "done" in answer ? (
        <p role="status" className="font-semibold text-emerald-800" data-testid="portal-done">
          {answer.done}
        </p>
      ) : null}
      {error && !error.field ? (
        <p role="alert" className="font-semibold text-red-700">
          {error.error}
        </p>
      ) : null}
      <section aria-labelledby="portal-users-title" className={adminCard}>
        <h2 id="portal-users-title" className="text-lg font-bold">
          Buyer portal users
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          The buyer’s staff log in at <code>/buyer</code> to see the leads it bought, return them, read its statements and pause it. They are not operators.
        </p>
        {answer && "invited" in answer ? (
          <div role="status" className="mt-4 rounded-lg border-2 border-emerald-600 bg-emerald-50 p-4">
            <p className="font-semibold">Send this one-time link to {answer.invited.email}; it works until {operatorTime(answer.invited.expiresAt, timeZone)}:</p>
            <p className="mt-2 font-mono text-sm break-all select-all" data-testid="buyer-invitation-link">
              {answer.invited.link}
            </p>
          </div>
        ) : null}
        {data.users.users.length ? (
          <ul className="mt-4 space-y-2">
            {data.users.users.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 py-2">
                <span>
                  {user.name} ({user.email}){user.disabled ? " — disabled" : ""}
                </span>
                {canChange ? (
                  <ConfirmForm
                    question={user.disabled ? `Let ${user.email} log in again?` : `Disable ${user.email}? They are logged out at once.`}
                    fields={{ intent: user.disabled ? "enable-buyer-user" : "disable-buyer-user", userId: user.id }}
                  >
                    <button type="submit" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                      {user.disabled ? "Enable" : "Disable"}
                    </button>
                  </ConfirmForm>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4">No user yet.</p>
        )}
        {data.users.invitations.length ? (
          <p className="mt-2 text-sm text-slate-700">Open invitations: {data.users.invitations.map((i) => i.email).join(", ")}.</p>
        ) : null}
        {canChange ? (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="invite-buyer-user" />
            <div className="min-w-0 grow">
              <label htmlFor="buyer-user-email" className="block font-semibold">
                Invite by e-mail address
              </label>
              <input
                id="buyer-user-email"
                name="email"
                type="email"
                required
                defaultValue={error?.field === "email" ? error.values?.email : ""}
                aria-invalid={fieldError("email") ? true : undefined}
                aria-describedby={fieldError("email") ? "buyer-user-email-error" : undefined}
                className={input}
              />
              {fieldError("email") ? (
                <p id="buyer-user-email-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {fieldError("email")}
                </p>
              ) : null}
            </div>
            <button type="submit" className={primaryButton}>
              Invite
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="return-terms-title" className={adminCard}>
        <h2 id="return-terms-title" className="text-lg font-bold">
          Returns
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Returns within the cap (a share of the buyer’s sales in the month) are approved at once; over it they wait on the <a href="/admin/returns" className="text-brand underline">Returns</a> page.
        </p>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="save-return-terms" />
          <div>
            <label htmlFor="windowDays" className="block font-semibold">
              Return window (days)
            </label>
            <input
              id="windowDays"
              name="windowDays"
              inputMode="numeric"
              required
              defaultValue={error?.values?.windowDays ?? String(data.terms?.windowDays ?? 7)}
              aria-invalid={fieldError("windowDays") ? true : undefined}
              aria-describedby={fieldError("windowDays") ? "windowDays-error" : undefined}
              className={input}
            />
            {fieldError("windowDays") ? (
              <p id="windowDays-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                {fieldError("windowDays")}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="capPercent" className="block font-semibold">
              Return cap (% of the month’s sales)
            </label>
            <input
              id="capPercent"
              name="capPercent"
              inputMode="numeric"
              required
              defaultValue={error?.values?.capPercent ?? String(data.terms?.capPercent ?? 15)}
              aria-invalid={fieldError("capPercent") ? true : undefined}
              aria-describedby={fieldError("capPercent") ? "capPercent-error" : undefined}
              className={input}
            />
            {fieldError("capPercent") ? (
              <p id="capPercent-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                {fieldError("capPercent")}
              </p>
            ) : null}
          </div>
          <label className="flex min-h-11 items-center gap-2 self-end">
            <input type="checkbox" name="resell" defaultChecked={data.terms?.resell ?? false} className="size-5" />
            Offer a returned lead to another buyer
          </label>
          {canChange ? (
            <div className="sm:col-span-3">
              <button type="submit" className={primaryButton}>
                Save the return terms
              </button>
            </div>
          ) : null}
        </Form>
      </section>

      <section aria-labelledby="statements-title" className={adminCard}>
        <h2 id="statements-title" className="text-lg font-bold">
          Statements
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          One a month from the ledger, issued by the worker once the month has ended, or here by hand. An issued statement never changes; later entries go on the next.
        </p>
        {data.statements.length ? (
          <StatementList statements={data.statements} hrefOf={(id) => `/admin/statements/${id}`} numberLabel="No." salesLabel="Sales" numberText={String} />
        ) : (
          <p className="mt-4">No statement yet.</p>
        )}
        {canChange ? (
          <ConfirmForm question="Issue this statement? It cannot be changed afterwards." fields={{ intent: "issue-statement" }} className="mt-4 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="statement-period" className="block font-semibold">
                Statement month
              </label>
              <select id="statement-period" name="period" defaultValue={months[0]} className={input}>
                {months.map((month) => (
                  <option key={month} value={month}>
                    {month}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
              Issue the statement
            </button>
          </ConfirmForm>
        ) : null}
        {fieldError("period") ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {fieldError("period")}
          </p>
        ) : null}
      </section>
    </>
  );
}
