import { telHref } from "./tel-href";
import { localizedPath } from "#claims/engine/locale";
import { usePageMessages } from "~/i18n/use-messages";
import { useRootData } from "./use-site";

export function SiteFooter() {
  const root = useRootData();
  const name = root.site.name;
  const t = usePageMessages();
  const here = (path: string) => localizedPath(path, root.locale);
  return (
    <footer className="mt-16 bg-brand text-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-10 text-sm leading-relaxed">
        <nav aria-label={t.footerNav} className="mb-6 flex flex-wrap gap-x-6 gap-y-2 font-semibold text-white">
          <a className="inline-flex min-h-11 items-center" href={here("/")}>{t.home}</a>
          <a className="inline-flex min-h-11 items-center" href="/blog" hrefLang="en">{t.blog}</a>
          <a className="inline-flex min-h-11 items-center" href={here("/opt-out")}>{t.optOut}</a>
          {root.site.phone ? (
            <a className="inline-flex min-h-11 items-center" href={telHref(root.site.phone)}>
              {root.site.phone}
            </a>
          ) : null}
        </nav>
        <h2 className="font-semibold text-white">{t.disclaimersTitle}</h2>
        <ul className="mt-2 list-disc space-y-2 pl-5">
          {t.disclaimers(name).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {root.site.address ? (
          <address className="mt-6 whitespace-pre-line not-italic text-slate-300" data-testid="site-address">
            {root.site.name}
            {"\n"}
            {root.site.address}
          </address>
        ) : null}
        <p className="mt-6 text-slate-300">
          © {root.year} {name}. {t.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
