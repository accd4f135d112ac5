import { localizedPath } from "#claims/engine/locale";
import { usePageMessages } from "~/i18n/use-messages";
import { SiteFooter } from "./site-footer";
import { useRootData } from "./use-site";
import { SiteHeader } from "./site-header";

export function NotFound() {
  const t = usePageMessages();
  const { locale } = useRootData();
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
        <p className="text-6xl font-extrabold text-brand">404</p>
        <h1 className="mt-4 text-2xl font-bold">{t.notFoundHeading}</h1>
        <p className="mt-2 text-slate-700">{t.notFoundText}</p>
        <a href={localizedPath("/", locale)} className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
          {t.returnHome}
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
