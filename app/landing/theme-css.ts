import type { ClaimDefinition } from "#claims/engine/types";

const CSS_COLOUR = /^#[0-9a-f]{3,8}$/i;

/**
 * One rule per claim, `.theme-<slug>`, setting the accent colours its pages use; app/root.tsx puts it
 * in a <style> element with the response's nonce, so the colours live with the claim's data.
 */
export function themeCss(claims: readonly ClaimDefinition[]): string {
  return claims
    .map(({ slug, landing: { theme } }) => {
      for (const colour of [theme.accent, theme.strong, theme.soft]) {
        if (!CSS_COLOUR.test(colour)) throw new Error(`claim '${slug}': theme colour '${colour}' is not a hex colour`);
      }
      if (!/^[a-z0-9-]+$/.test(slug)) throw new Error(`claim slug '${slug}' cannot name a CSS class`);
      return `.theme-${slug}{--color-accent:${theme.accent};--color-accent-strong:${theme.strong};--color-accent-soft:${theme.soft}}`;
    })
    .join("\n");
}
