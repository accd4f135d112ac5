import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { SiteHeader } from "~/components/site-header";
import { PasswordField } from "./password-field";

// What the operators' and the buyer portal's account pages share: the card they sit in, the e-mail
// and password form of their log-in, and the invitation page with its action.

export const fullWidthSubmit = "inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800";
const accountInput = "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2";

/** A narrow page with the site's header and one card: log-in, invitation, password reset. */
export function AccountCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-md px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="flex items-center gap-2 text-2xl font-bold text-brand">{title}</h1>
          {children}
        </div>
      </main>
    </>
  );
}

/** The e-mail address and password step of a log-in; one error, under the password, for both fields. */
export function PasswordLoginForm({ next, email, error }: { next: string; email: string; error: string | undefined }) {
  return (
    <form method="post" className="mt-6 space-y-4">
      <input type="hidden" name="next" value={next} />
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
          defaultValue={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "password-error" : undefined}
          className={accountInput}
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
          className={accountInput}
        />
        {error ? (
          <p id="password-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={fullWidthSubmit}>
        Log in
      </button>
    </form>
  );
}

type Accepted = { ok: true } | { ok: false; message: string; field?: "name" | "password" | string };

/**
 * An invitation link's form posted: the invitee's name and password to `accept`, then the log-in page
 * (`loginPath`) says the account is ready. A refused field is 400, a link no longer open 410.
 */
export async function acceptInvitation(form: FormData, ip: string | null, accept: (name: string, password: string, ip: string | null) => Promise<Accepted>, loginPath: string) {
  const name = String(form.get("name") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "");
  const accepted = await accept(name, password.slice(0, 1000), ip);
  if (!accepted.ok) {
    const status = accepted.field ? 400 : 410;
    return data({ error: accepted.message, field: accepted.field ?? null, name }, { status });
  }
  return redirect(`${loginPath}?accepted=1`);
}

export interface InvitationAnswer {
  error: string;
  field: string | null;
  name: string;
}

/** The one-time invitation page: who the invitee becomes (`invitedAs`), their name and a password; or why the link is closed. */
export function InvitationPage({ closed, invitedAs, answer }: { closed: string | null; invitedAs: ReactNode; answer: InvitationAnswer | undefined }) {
  const error = answer?.error;
  if (closed) {
    return (
      <AccountCard title="This invitation cannot be used">
        <p className="mt-4 text-slate-700" data-testid="invitation-closed">
          {closed}
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Accept your invitation">
      <p className="mt-2 text-slate-700">
        {invitedAs} Choose your name and a password of at least 12 characters.
      </p>
      {error && !answer?.field ? (
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
            defaultValue={answer?.name ?? ""}
            aria-invalid={answer?.field === "name" ? true : undefined}
            aria-describedby={answer?.field === "name" ? "name-error" : undefined}
            className={accountInput}
          />
          {answer?.field === "name" ? (
            <p id="name-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <PasswordField id="password" label="Password" autoComplete="new-password" error={answer?.field === "password" ? error : undefined} />
        <button type="submit" className={fullWidthSubmit}>
          Create my account
        </button>
      </form>
    </AccountCard>
  );
}
