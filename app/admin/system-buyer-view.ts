import { claims } from "#claims/registry";
import type { Buyer, SystemDelivery } from "../../server/distribution";

// What the buyers list and form say about a system buyer instead of its delivery fields, which it
// does not use: the webhook sends to the URL saved on Setup, a partner to the server's settings.

export interface SystemBuyerView {
  /** "Webhook set on Setup", "Legal Bridge (LEGAL_BRIDGE_URL)". */
  label: string;
  /** Where the operator sets the delivery, when it is a page of the admin. */
  href: string | null;
  configured: boolean;
  /** Where the delivery comes from, in a sentence. */
  explanation: string;
  /** Why the name cannot be changed here. */
  nameSource: string;
  /** What to do while it is not configured. */
  toConfigure: string;
}

export const SETUP_PATH = "/admin/setup";

/** `deliveries`: the store's systems(); a target missing from them (a partner removed since) is shown as not configured. */
export function systemBuyerView(buyer: Pick<Buyer, "name"> & { system: NonNullable<Buyer["system"]> }, deliveries: readonly SystemDelivery[]): SystemBuyerView {
  const { name, system } = buyer;
  const delivery = deliveries.find((candidate) => candidate.target === system);
  if (system === "webhook") {
    return {
      label: "Webhook set on Setup",
      href: SETUP_PATH,
      configured: delivery?.configured ?? false,
      explanation: "Leads go to the webhook URL saved on the Setup page, as the spec's payload signed with the signing secret kept there.",
      nameSource: "Set from WEBHOOK_PROVIDER_NAME at every start of the server.",
      toConfigure: "Save a webhook URL on the Setup page.",
    };
  }
  const [urlSetting = "its URL", keySetting = "its key"] = delivery?.target === "webhook" ? [] : (delivery?.settings ?? []);
  const partnerClaims = claims.filter((claim) => claim.partners?.some((p) => p.partner === system)).map((claim) => claim.landing.card.title);
  const mapping = partnerClaims.length ? `the fields the ${partnerClaims.join(" and ")} claim maps` : "the fields its claims map";
  return {
    label: `${name} (${urlSetting})`,
    href: null,
    configured: delivery?.configured ?? false,
    explanation: `Leads go to ${name} at ${urlSetting} with the key in ${keySetting}, both set on the server, with ${mapping}.`,
    nameSource: "Set by the server at every start.",
    toConfigure: `Set ${urlSetting} and ${keySetting} on the server.`,
  };
}
