import type { Category } from "./categories";

/** Where an article's sidebar sends readers (spec section 2, 'Blog'). */
export function ctaFor(category: Category): { href: string; label: string } {
  if (category === "PFAS") return { href: "/pfas-claim", label: "Start Your PFAS Claim" };
  if (category === "RoundUp") return { href: "/roundup-claim-landing", label: "Start Your RoundUp Claim" };
  return { href: "/mva-claim-landing", label: "Start Your Car Accident Claim" };
}

export const CATEGORY_LABELS: Record<Category, string> = { MVA: "Car Accidents", RoundUp: "RoundUp", PFAS: "PFAS" };

export function formatDate(isoDay: string): string {
  return new Date(`${isoDay}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
