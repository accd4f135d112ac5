import { data } from "react-router";
import { ShieldIcon } from "~/components/icons";
import { seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useSite } from "~/components/use-site";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/opt-out";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Opt out: revoke your consent",
    description: "Revoke your consent to be contacted about your claim, by phone number or e-mail address. We tell everyone we shared it with.",
  });

/** The same text whether or not we hold anything for the value: the page never says which. */
export const OPT_OUT_DONE =
  "Your request is recorded. If we hold any claim with this phone number or e-mail address, your consent is revoked now: it will not be shared again, and everyone we shared it with is told to stop contacting you.";
const FIELD = "contact";

type OptOutState =
  | { step: "enter"; value: string; error: string | null }
  | { step: "confirm"; value: string; shown: string }
  | { step: "done" };

/** Two steps, both posts: the value is checked and shown for confirming, then confirming revokes. GET changes nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  const raw = form.get(FIELD);
  const value = typeof raw === "string" ? raw.slice(0, 300) : "";
  if (form.get("intent") === "confirm") {
    const result = await context.revocations.optOut(value, context.visitor.ip);
    if (result.status === "recorded") return { step: "done" } satisfies OptOutState;
    return data({ step: "enter", value, error: result.message } satisfies OptOutState, { status: result.status === "rate-limited" ? 429 : 400 });
  }
  const review = context.revocations.reviewOptOut(value);
  if (!review.ok) return data({ step: "enter", value, error: review.message } satisfies OptOutState, { status: 400 });
  return { step: "confirm", value, shown: review.shown } satisfies OptOutState;
}

const button = "inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold";

export default function OptOut({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const state: OptOutState = actionData ?? { step: "enter", value: "", error: null };
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-xl px-4 py-12">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="flex items-center gap-2 text-2xl font-bold text-brand sm:text-3xl">
            <ShieldIcon className="size-6 shrink-0" /> Opt out
          </h1>
          {state.step === "done" ? (
            <div role="status" className="mt-4 space-y-4 text-slate-800">
              <h2 className="text-xl font-bold">Consent revoked</h2>
              <p>{OPT_OUT_DONE}</p>
              <a href="/" className={`${button} bg-brand text-white hover:bg-slate-800`}>
                Return to Home
              </a>
            </div>
          ) : state.step === "confirm" ? (
            <form method="post" className="mt-4 space-y-4">
              <h2 className="text-xl font-bold">Confirm your request</h2>
              <p className="text-slate-800">
                Revoke consent for <strong className="break-all">{state.shown}</strong>? Every claim with it stops being
                shared, and everyone it was shared with is told to stop contacting you.
              </p>
              <input type="hidden" name={FIELD} value={state.value} />
              <input type="hidden" name="intent" value="confirm" />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={`${button} bg-red-700 text-white hover:bg-red-800`}>
                  Yes, revoke my consent
                </button>
                <a href="/opt-out" className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
                  Change
                </a>
              </div>
            </form>
          ) : (
            <form method="post" noValidate className="mt-4 space-y-4">
              <p className="text-slate-800">
                To withdraw your consent to be called, texted or e-mailed about a claim you sent {site.name}, enter the
                phone number or e-mail address you gave us. You confirm on the next screen.
              </p>
              <input type="hidden" name="intent" value="review" />
              <div>
                <label htmlFor={FIELD} className="block font-semibold">
                  Phone number or e-mail address
                </label>
                <input
                  id={FIELD}
                  name={FIELD}
                  type="text"
                  inputMode="email"
                  autoComplete="email"
                  defaultValue={state.value}
                  maxLength={300}
                  required
                  aria-invalid={state.error ? true : undefined}
                  aria-describedby={state.error ? `${FIELD}-error` : undefined}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
                />
                {state.error ? (
                  <p id={`${FIELD}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
                    {state.error}
                  </p>
                ) : null}
              </div>
              <button type="submit" className={`${button} w-full bg-brand text-white hover:bg-slate-800`}>
                Continue
              </button>
            </form>
          )}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
