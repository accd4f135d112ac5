import { ClockIcon, DollarIcon, ShieldIcon, UsersIcon } from "./icons";
import { usePageMessages } from "~/i18n/use-messages";
import { useRootData } from "./use-site";

/** The icons of the points, in the order of the messages' `trustPoints`. */
const ICONS = [ShieldIcon, ClockIcon, DollarIcon, UsersIcon];

/**
 * Why people may trust the site, and the operator's own track-record figures when it has entered any
 * (/admin/content, each with a source note kept for the record): no figure is shown that the operator
 * did not enter, as attorney-advertising rules forbid misleading claims (docs/decisions/055).
 */
export function TrustStrip() {
  const figures = useRootData().trustFigures;
  const t = usePageMessages();
  return (
    <section aria-labelledby="trust-title" className="bg-white py-12">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="trust-title" className="text-center text-2xl font-bold text-brand">
          {t.trustTitle}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {t.trustPoints.map(({ title, text }, i) => {
            const Icon = ICONS[i]!;
            return (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <Icon className="size-7 text-accent" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
            );
          })}
        </ul>
        {figures.length ? (
          <dl className="mt-8 flex flex-wrap justify-center gap-4 text-center" data-testid="trust-figures">
            {figures.map(({ figure, label }) => (
              <div key={`${label}-${figure}`} className="w-[calc(50%-0.5rem)] rounded-xl bg-slate-100 p-4 lg:w-[calc(25%-0.75rem)]">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="text-2xl font-extrabold break-words text-brand">{figure}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
