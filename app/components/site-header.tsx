import type { ReactNode } from "react";
import { localizedPath } from "#claims/engine/locale";
import { usePageMessages } from "~/i18n/use-messages";
import { useRootData } from "./use-site";
import { ShieldIcon } from "./icons";

/** The brand bar on every page; `aside` replaces the default 'Secure & Confidential' note. */
export function SiteHeader({ aside, sticky = false }: { aside?: ReactNode; sticky?: boolean }) {
  const { site, locale, otherLanguageHref } = useRootData();
  const t = usePageMessages();
  return (
    <header className={`border-b border-slate-200 bg-white/95 ${sticky ? "sticky top-0 z-20 backdrop-blur" : ""}`}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        {t.skipToContent}
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-1.5 sm:gap-4 sm:py-3">
        <a href={localizedPath("/", locale)} className="flex min-h-11 min-w-0 items-center gap-1.5 text-[0.9375rem] font-bold text-brand sm:gap-2 sm:text-lg">
          <ShieldIcon className="size-5 shrink-0 text-accent max-[399px]:hidden sm:size-7" />
          <span className="truncate">{site.name}</span>
        </a>
        <div className="flex shrink-0 items-center gap-2 sm:gap-4">
          {/* The same page in the other language (docs/decisions/058), named in that language. */}
          <a
            href={otherLanguageHref}
            hrefLang={locale === "es" ? "en" : "es"}
            lang={locale === "es" ? "en" : "es"}
            aria-label={t.otherLanguageLabel}
            className="inline-flex min-h-11 items-center text-xs font-semibold text-brand underline sm:text-sm"
            data-testid="language-link"
          >
            {t.otherLanguageLink}
          </a>
          {aside ?? <HeaderNote icon={<ShieldIcon className="hidden size-4 text-emerald-700 sm:block" />}>{t.secureConfidential}</HeaderNote>}
        </div>
      </div>
    </header>
  );
}

/**
 * A short reassurance at the header's end. On a phone it takes two lines rather than the brand's room:
 * beside the language link, a note on one line (longer in Spanish) cut the brand short at 360 px.
 */
export function HeaderNote({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex max-w-28 shrink-0 items-center gap-1.5 text-right text-xs font-medium leading-tight text-slate-700 sm:max-w-none sm:whitespace-nowrap sm:text-sm">
      {icon}
      {children}
    </p>
  );
}
