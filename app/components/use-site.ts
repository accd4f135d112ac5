import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";

const NO_SITE: RootData = { site: { name: "", phone: "", email: "" }, siteUrl: "", year: new Date().getFullYear(), themeCss: "" };

/** The brand, phone and e-mail from configuration, and the current year, as the root loader gave them. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? NO_SITE;
}

export const useSite = () => useRootData().site;

/** A tel: link for a phone number as configured ("(800) 555-0100" -> "tel:8005550100"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
