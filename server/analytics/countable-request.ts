import { isbot } from "isbot";

type HeaderOf = (name: string) => string | null | undefined;

/** A speculative load (link prefetch, prerender, Chrome's speculation rules), which nobody may ever see. */
export function isPrefetch(header: HeaderOf): boolean {
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-purpose") ?? ""} ${header("x-moz") ?? ""}`;
  return /\b(prefetch|prerender|preview)\b/i.test(purpose);
}

/** Only people count: no bot (isbot's list), no request without a user agent, no prefetch. */
export function isCountableVisit(userAgent: string | null | undefined, prefetch: boolean): userAgent is string {
  return !!userAgent && !prefetch && !isbot(userAgent);
}
