import { data } from "react-router";
import { ShieldIcon } from "~/components/icons";
import { seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useSite } from "~/components/use-site";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/opt-out";
import { localeOfPath, localizedPath } from "#claims/engine/locale";
import { PAGE_MESSAGES, serviceMessage } from "~/i18n/page-messages";
import { usePageMessages } from "~/i18n/use-messages";

export const meta: Route.MetaFunction = (args) => {
  const t = PAGE_MESSAGES[localeOfPath(args.location.pathname)];
  return seo(args, { title: t.optOutTitle, description: t.optOutDescription });
};

/** The same text whether or not we hold anything for the value: the page never says which. */
export const OPT_OUT_DONE = PAGE_MESSAGES.en.optOutDone;
const FIELD = "contact";

type OptOutState =
  | { step: "enter"; value: string; error: string | null }
  | { step: "confirm"; value: string; shown: string }
  | { step: "done" };

/** Two steps, both posts: the value is checked and shown for confirming, then confirming revokes. GET changes nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  // The services answer in English; the Spanish page (/es/opt-out) shows their words in Spanish.
  const locale = localeOfPath(new URL(request.url).pathname);
  const raw = form.get(FIELD);
  const value = typeof raw === "string" ? raw.slice(0, 300) : "";
  if (form.get("intent") === "confirm") {
    const result = await context.revocations.optOut(value, context.visitor.ip);
    if (result.status === "recorded") return { step: "done" } satisfies OptOutState;
    return data({ step: "enter", value, error: serviceMessage(result.message, locale) } satisfies OptOutState, { status: result.status === "rate-limited" ? 429 : 400 });
  }
  const review = context.revocations.reviewOptOut(value);
  if (!review.ok) return data({ step: "enter", value, error: serviceMessage(review.message, locale) } satisfies OptOutState, { status: 400 });
  return { step: "confirm", value, shown: review.shown } satisfies OptOutState;
}

// A label that takes two lines on a phone (in Spanish) keeps its padding.
const button = "inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2 text-center font-semibold";

export default function OptOut({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const t = usePageMessages();
  const home = localizedPath("/", site.language ?? "en");
  const state: OptOutState = actionData ?? { step: "enter", value: "", error: null };
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-xl px-4 py-12">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="flex items-center gap-2 text-2xl font-bold text-brand sm:text-3xl">
            <ShieldIcon className="size-6 shrink-0" /> {t.optOut}
          </h1>
          {state.step === "done" ? (
            <div role="status" className="mt-4 space-y-4 text-slate-800">
              <h2 className="text-xl font-bold">{t.consentRevoked}</h2>
              <p>{t.optOutDone}</p>
              <a href={home} className={`${button} bg-brand text-white hover:bg-slate-800`}>
                {t.returnHome}
              </a>
            </div>
          ) : state.step === "confirm" ? (
            <form method="post" className="mt-4 space-y-4">
              <h2 className="text-xl font-bold">{t.confirmRequest}</h2>
              {/* A long e-mail address may break anywhere; a phone number only at its space. */}
              <p className="text-slate-800">
                {t.revokeFor} <strong className="wrap-anywhere">{state.shown}</strong>
                {t.revokeForAfter}
              </p>
              <input type="hidden" name={FIELD} value={state.value} />
              <input type="hidden" name="intent" value="confirm" />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={`${button} bg-red-700 text-white hover:bg-red-800`}>
                  {t.yesRevoke}
                </button>
                <a href={localizedPath("/opt-out", site.language ?? "en")} className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
                  {t.change}
                </a>
              </div>
            </form>
          ) : (
            <form method="post" noValidate className="mt-4 space-y-4">
              <p className="text-slate-800">{t.optOutIntro(site.name)}</p>
              <input type="hidden" name="intent" value="review" />
              <div>
                <label htmlFor={FIELD} className="block font-semibold">
                  {t.phoneOrEmail}
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
                {t.continue}
              </button>
            </form>
          )}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
