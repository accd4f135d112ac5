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
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <a href="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-brand">
          <ShieldIcon className="size-7 text-accent" />
          <span>{site.name}</span>
        </a>
        {aside ?? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <ShieldIcon className="size-4 text-emerald-700" />
            Secure &amp; Confidential
          </p>
        )}
      </div>
    </header>
  );
}
