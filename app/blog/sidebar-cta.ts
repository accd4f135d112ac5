import { claims } from "#claims/registry";
import type { Category } from "./categories";

/**
 * Where an article's sidebar sends readers (spec section 2, 'Blog'): the landing page of the claim
 * that names the article's category, or else the first claim that names one.
 */
export function ctaFor(category: Category): { href: string; label: string } {
  const claim = claims.find((c) => c.landing.articleCta?.category === category) ?? claims.find((c) => c.landing.articleCta)!;
  return { href: claim.routes.landing, label: claim.landing.articleCta!.label };
}

export const CATEGORY_LABELS: Record<Category, string> = { MVA: "Car Accidents", RoundUp: "RoundUp", PFAS: "PFAS" };

export function formatDate(isoDay: string): string {
  return new Date(`${isoDay}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
