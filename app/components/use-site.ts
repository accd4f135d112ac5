import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";

const NO_SITE: RootData = { site: { name: "", phone: "", email: "" }, locale: "en", otherLanguageHref: "/es", siteUrl: "", year: new Date().getFullYear(), themeCss: "", adminNav: null, trustFigures: [], preview: null };

/**
 * The same data, given by the server's render (app/entry.server.tsx) for responses where the root
 * loader did not run, such as the error screen of a 405: the brand is never missing from a page.
 */
export const ServerRootData = createContext<RootData | null>(null);

/** The brand, phone and e-mail from configuration, and the current year, as the root loader gave them. */
export function useRootData(): RootData {
  const fallback = useContext(ServerRootData);
  return useRouteLoaderData<RootData>("root") ?? fallback ?? NO_SITE;
}

export const useSite = () => useRootData().site;
