import type { ResultVariant } from "#claims/engine/landing-types";
import { CheckIcon } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ICONS } from "./icon-map";
import { localizedPath } from "#claims/engine/locale";
import { useRootData } from "~/components/use-site";
import { usePageMessages } from "~/i18n/use-messages";

const homeButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-6 font-semibold text-white hover:bg-accent-strong";

export interface ResultPageProps {
  slug: string;
  variant: ResultVariant;
  /** The saved lead's id, when the page was reached with a known `?lead=`. */
  leadId: string | null;
  /** The site's other claims, for variants that list them. */
  otherClaims: ReadonlyArray<{ href: string; title: string }>;
}

/** A claim's result page of its own (claims/<slug>/result-pages.ts); server-rendered, no JavaScript. */
export function ResultPage({ slug, variant, leadId, otherClaims }: ResultPageProps) {
  const celebrate = variant.layout === "celebrate";
  const { estimate } = variant;
  const t = usePageMessages();
  const { locale } = useRootData();
  return (
    <div className={`theme-${slug}`}>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <section className={`rounded-2xl bg-white p-6 ${celebrate ? "text-center " : ""}shadow-sm ring-1 ring-slate-200 sm:p-10`}>
          {celebrate ? (
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
              <CheckIcon className="size-8" />
            </span>
          ) : null}
          <h1 className={`${celebrate ? "mt-4 " : ""}text-3xl font-extrabold text-brand`}>{variant.heading}</h1>
          {variant.lead ? <p className="mt-3 text-lg text-slate-700">{variant.lead}</p> : null}
          {estimate.display === "headline" ? (
            <>
              <p className="mt-2 text-slate-700">{estimate.label}</p>
              <p className="mt-1 text-4xl font-extrabold text-accent-strong">{estimate.value}</p>
            </>
          ) : (
            <p className="mt-4 text-slate-700">
              {estimate.label}: <strong className="text-slate-900">{estimate.value}</strong>
            </p>
          )}
          {variant.reasons ? (
            <>
              <h2 className="mt-6 text-lg font-bold">{variant.reasons.title}</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
                {variant.reasons.items.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          ) : null}
          {variant.explanation ? (
            <p className={celebrate ? "mx-auto mt-4 max-w-xl text-slate-700" : "mt-6 text-slate-700"}>{variant.explanation}</p>
          ) : null}
          {leadId ? (
            <p className="mt-4 text-sm text-slate-700">
              {t.claimSavedReference} <span className="font-mono font-semibold text-slate-900">{leadId}</span>
            </p>
          ) : null}
        </section>

        {variant.highlights ? (
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {variant.highlights.map(({ icon, title, text }) => {
              const Icon = icon && ICONS[icon];
              return (
                <li key={title} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
                  {Icon ? <Icon className="size-7 text-accent" /> : null}
                  <h2 className="mt-3 font-semibold">{title}</h2>
                  <p className="mt-1 text-sm text-slate-700">{text}</p>
                </li>
              );
            })}
          </ul>
        ) : null}

        {variant.nextSteps ? (
          <section aria-labelledby="next-title" className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h2 id="next-title" className="text-xl font-bold text-brand">
              {variant.nextSteps.title}
            </h2>
            <ol className="mt-4 space-y-3">
              {variant.nextSteps.steps.map((step, i) => (
                <li key={step} className="flex items-start gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-white">{i + 1}</span>
                  <span className="pt-1">{step}</span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        {variant.otherClaims ? (
          <section aria-labelledby="other-title" className="mt-8">
            <h2 id="other-title" className="text-xl font-bold text-brand">
              {variant.otherClaims.title}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {otherClaims.map((claim) => (
                <li key={claim.href}>
                  <a
                    href={claim.href}
                    className="flex min-h-11 items-center justify-between rounded-lg bg-white px-4 py-3 font-semibold ring-1 ring-slate-200 hover:ring-accent"
                  >
                    {claim.title} <span aria-hidden="true">→</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="mt-8 text-center">
          <a href={localizedPath("/", locale)} className={homeButton}>
            {variant.homeLink}
          </a>
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
