import type { Migration } from "kysely";
import * as initial from "./2026-11-22-01-initial";
import * as pageEvents from "./2026-11-22-02-page-events";
import * as deliveryAndAdmin from "./2026-11-22-03-delivery-and-admin";
import * as leadConsole from "./2026-11-23-04-lead-console";
import * as buyers from "./2026-11-23-05-buyers";
import * as buyerStatus from "./2026-11-23-06-buyer-status";
import * as auctions from "./2026-11-23-07-auctions";
import * as auctionDeliveries from "./2026-11-23-08-auction-deliveries";
import * as systemBuyers from "./2026-11-23-09-system-buyers";
import * as buyerApiKeys from "./2026-11-23-10-buyer-api-keys";
import * as duplicatesAndContacts from "./2026-11-23-11-duplicates-and-contacts";
import * as certificateSigning from "./2026-11-23-12-certificate-signing";
import * as revocations from "./2026-11-23-13-revocations";
import * as consentProof from "./2026-11-23-14-consent-proof";
import * as certificatePurges from "./2026-11-23-15-certificate-purges";
import * as operatorsAndAudit from "./2026-11-23-16-operators-and-audit";
import * as funnelAnalytics from "./2026-11-23-17-funnel-analytics";
import * as backupsAndMetrics from "./2026-11-26-19-backups-and-metrics";
import * as salesLedger from "./2026-11-27-20-sales-ledger";
import * as salesLedgerWebhookCopy from "./2026-11-27-20-sales-ledger-webhook-copy";
import * as deliveryDeadlines from "./2026-11-27-21-delivery-deadlines";
import * as buyerPortal from "./2026-11-27-22-buyer-portal";
import * as consoleSearch from "./2026-11-27-23-console-search";
import * as security from "./2026-11-27-24-security";
import * as operatorSecondFactor from "./2026-11-27-25-operator-second-factor";
import * as suppliers from "./2026-11-27-26-suppliers";
import * as suppressionLists from "./2026-11-27-27-suppression-lists";
import * as checks from "./2026-11-27-28-checks";
import * as supplierPayouts from "./2026-11-27-29-supplier-payouts";
import * as siteContent from "./2026-11-27-31-site-content";
import * as alerts from "./2026-11-27-32-alerts";
import * as ledgerLeadSource from "./2026-11-27-33-ledger-lead-source";
import * as blogPosts from "./2026-11-27-35-blog-posts";
import * as languages from "./2026-11-27-36-languages";
import * as dataClaims from "./2026-11-27-37-data-claims";
import * as experiments from "./2026-11-27-38-experiments";
import * as adConversions from "./2026-11-27-39-ad-conversions";
import * as campaignSpend from "./2026-11-27-40-campaign-spend";
import * as dataClaimRollbacks from "./2026-11-27-41-data-claim-rollbacks";

/** Every migration, in order. Add new files here with a later timestamp; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  "2026-11-22-01-initial": initial,
  "2026-11-22-02-page-events": pageEvents,
  "2026-11-22-03-delivery-and-admin": deliveryAndAdmin,
  "2026-11-23-04-lead-console": leadConsole,
  "2026-11-23-05-buyers": buyers,
  "2026-11-23-06-buyer-status": buyerStatus,
  "2026-11-23-07-auctions": auctions,
  "2026-11-23-08-auction-deliveries": auctionDeliveries,
  "2026-11-23-09-system-buyers": systemBuyers,
  "2026-11-23-10-buyer-api-keys": buyerApiKeys,
  "2026-11-23-11-duplicates-and-contacts": duplicatesAndContacts,
  "2026-11-23-12-certificate-signing": certificateSigning,
  "2026-11-23-13-revocations": revocations,
  "2026-11-23-14-consent-proof": consentProof,
  "2026-11-23-15-certificate-purges": certificatePurges,
  "2026-11-23-16-operators-and-audit": operatorsAndAudit,
  "2026-11-23-17-funnel-analytics": funnelAnalytics,
  "2026-11-26-19-backups-and-metrics": backupsAndMetrics,
  "2026-11-27-20-sales-ledger": salesLedger,
  "2026-11-27-20-sales-ledger-webhook-copy": salesLedgerWebhookCopy,
  "2026-11-27-21-delivery-deadlines": deliveryDeadlines,
  "2026-11-27-22-buyer-portal": buyerPortal,
  "2026-11-27-23-console-search": consoleSearch,
  "2026-11-27-24-security": security,
  "2026-11-27-25-operator-second-factor": operatorSecondFactor,
  "2026-11-27-26-suppliers": suppliers,
  "2026-11-27-27-suppression-lists": suppressionLists,
  "2026-11-27-28-checks": checks,
  "2026-11-27-29-supplier-payouts": supplierPayouts,
  "2026-11-27-31-site-content": siteContent,
  "2026-11-27-32-alerts": alerts,
  "2026-11-27-33-ledger-lead-source": ledgerLeadSource,
  "2026-11-27-35-blog-posts": blogPosts,
  "2026-11-27-36-languages": languages,
  "2026-11-27-37-data-claims": dataClaims,
  "2026-11-27-38-experiments": experiments,
  "2026-11-27-39-ad-conversions": adConversions,
  "2026-11-27-40-campaign-spend": campaignSpend,
  "2026-11-27-41-data-claim-rollbacks": dataClaimRollbacks,
};
