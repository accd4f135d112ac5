import type { ReactNode } from "react";
import { useSite } from "./use-site";
import { ShieldIcon } from "./icons";

/** The brand bar on every page; `aside` replaces the default 'Secure & Confidential' note. */
export function SiteHeader({ aside, sticky = false }: { aside?: ReactNode; sticky?: boolean }) {
  const site = useSite();
  return (
    <header className={`border-b border-slate-200 bg-white/95 ${sticky ? "sticky top-0 z-20 backdrop-blur" : ""}`}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-1.5 sm:gap-4 sm:py-3">
        <a href="/" className="flex min-h-11 min-w-0 items-center gap-1.5 text-[0.9375rem] font-bold text-brand sm:gap-2 sm:text-lg">
          <ShieldIcon className="size-5 shrink-0 text-accent max-[399px]:hidden sm:size-7" />
          <span className="truncate">{site.name}</span>
        </a>
        {aside ?? (
          <p className="flex shrink-0 items-center gap-1.5 whitespace-nowrap text-xs font-medium text-slate-700 sm:text-sm">
            <ShieldIcon className="hidden size-4 text-emerald-700 sm:block" />
            Secure &amp; Confidential
          </p>
        )}
      </div>
    </header>
  );
}
