import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";

const NO_SITE: RootData = { site: { name: "", phone: "", email: "" }, siteUrl: "", year: new Date().getFullYear() };

/** The brand, phone and e-mail from configuration, and the current year, as the root loader gave them. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? NO_SITE;
}

export const useSite = () => useRootData().site;
