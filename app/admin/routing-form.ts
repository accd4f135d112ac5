import type { ClaimRoutingMode, RoutingModeErrors } from "../../server/distribution";

// The "Routing per claim" form on the buyers page: one small form per claim, read into the store's
// input. The store validates; a number field holding text is passed on as text for it to refuse.

export interface RoutingFormValues {
  mode: "exclusive" | "shared";
  /** As typed; shown for an exclusive claim too, so that choosing shared needs one click. */
  maxBuyers: string;
  /** Auction to ping-post buyers first. */
  auction: boolean;
}

/** Field errors by name, and `caseType` for a claim that is not in the registry. */
export type RoutingFormErrors = RoutingModeErrors & { caseType?: string };

const SHARED_DEFAULT = "2";

export function routingFormValues(routing: ClaimRoutingMode, auction: boolean): RoutingFormValues {
  const maxBuyers = routing.mode === "shared" ? String(routing.maxBuyers) : SHARED_DEFAULT;
  return { mode: routing.mode, maxBuyers, auction };
}

export function readRoutingForm(form: FormData) {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const mode = one("mode");
  const auction = form.has("auction");
  const values: RoutingFormValues = { mode: mode === "shared" ? "shared" : "exclusive", maxBuyers: one("maxBuyers"), auction };
  // An unknown mode goes to the store as posted, so that it is refused rather than read as exclusive.
  const input = { mode, maxBuyers: /^\d{1,3}$/.test(values.maxBuyers) ? Number(values.maxBuyers) : values.maxBuyers, auction };
  return { caseType: one("caseType"), values, input };
}

/** "One buyer (exclusive)", "Shared with up to 3 buyers", with " · auction first" when ping-post buyers bid first. */
export function routingModeLabel(routing: ClaimRoutingMode, auction = false): string {
  const mode = routing.mode === "shared" ? `Shared with up to ${routing.maxBuyers} buyers` : "One buyer (exclusive)";
  return auction ? `${mode} · auction first` : mode;
}
