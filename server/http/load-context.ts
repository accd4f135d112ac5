import type { SiteIdentity } from "#claims/engine/types";
import type { AdminAuth } from "../admin/admin-auth";
import type { BuyerStore, BuyerTestLead, CheckStore } from "../distribution";
import type { BuyerAuth } from "../buyer-portal/buyer-auth";
import type { BuyerPortal } from "../buyer-portal/buyer-portal";
import type { LeadReturns } from "../returns/lead-returns";
import type { Statements } from "../statements/statements";
import type { OperatorConsole } from "../admin/operator-console";
import type { LeadConsole } from "../lead-console/lead-console";
import type { Attribution } from "../attribution/attribution";
import type { CertificateService } from "../certificates/certificate-service";
import type { PageEvents } from "../events/page-events";
import type { FunnelDashboard } from "../analytics/funnel-dashboard";
import type { FunnelEvents } from "../analytics/funnel-events";
import type { LeadService } from "../leads/submit-lead";
import type { Logger } from "../logger";
import type { RevocationService } from "../revocations/revocation-service";
import type { SuppressionLists } from "../suppression/suppression-lists";
import type { ContentConsole } from "../content/content-console";
import type { SiteContent } from "../content/live-content";
import type { LiveBlog } from "../content/blog/live-blog";
import type { BlogConsole } from "../content/blog/blog-console";
import type { BlogImages } from "../content/blog/blog-images";
import type { SupplierStore } from "../suppliers/supplier-store";
import type { Alerts } from "../alerts/alerts";
import type { ExperimentConsole } from "../experiments/experiment-console";
import type { ShownVariant } from "../experiments/experiment-types";
import type { VisitorMail } from "../alerts/visitor-confirmation";
import type { CampaignSpend } from "../campaigns/campaign-spend";
import type { Conversions } from "../conversions/conversions";
import type { ClaimsConsole } from "../data-claims/claims-console";

/** What the server hands every loader and action (built in ./app.ts); routes see it as AppLoadContext. */
export interface ServerContext {
  /** The response's CSP nonce; absent when a page is rendered once for every visitor (server/http/static-pages.ts). */
  nonce: string | undefined;
  /** The brand, contact details and consent text this request shows: `content.site`. */
  site: SiteIdentity;
  /** The site content this request shows (docs/decisions/055): the published one, or an operator's preview of a draft. */
  content: SiteContent;
  /** /admin/content: every entry's draft, versions and history, and the operator's actions on them. */
  siteContent: ContentConsole;
  /** The blog's published posts as shown now (docs/decisions/057), and its pictures. */
  blog: LiveBlog;
  blogImages: BlogImages;
  /** /admin/blog: posts, drafts, versions, schedule and pictures. */
  blogConsole: BlogConsole;
  siteUrl: string;
  legacyPrefix: string;
  logger: Logger;
  leads: LeadService;
  certificates: CertificateService;
  events: PageEvents;
  funnel: FunnelEvents;
  dashboard: FunnelDashboard;
  admin: AdminAuth;
  operator: OperatorConsole;
  leadConsole: LeadConsole;
  buyers: BuyerStore;
  /** Checks before a sale (docs/decisions/048), at /admin/checks. */
  checks: CheckStore;
  /** Lead suppliers and their keys (docs/decisions/046), at /admin/suppliers. */
  suppliers: SupplierStore;
  /** 'Send a test lead' on a buyer's page. */
  buyerTestLead: BuyerTestLead;
  revocations: RevocationService;
  /** The buyer portal (docs/decisions/040): its accounts and what a buyer user sees of its own buyer. */
  buyerAuth: BuyerAuth;
  buyerPortal: BuyerPortal;
  /** Returns and monthly statements (docs/decisions/041), for the portal and the operator. */
  returns: LeadReturns;
  statements: Statements;
  /** Suppression lists (docs/decisions/047), uploaded by operators and by buyers for their clients. */
  suppression: SuppressionLists;
  /** Alerts by e-mail (docs/decisions/056): each operator's choice of them on /admin/account. */
  alerts: Alerts;
  /** Landing-page experiments (docs/decisions/060), at /admin/experiments. */
  experiments: ExperimentConsole;
  /** The experiment variant this request's visitor is shown on a claim's pages (the page rendered once: its variant), or null. */
  experiment: (claim: string) => ShownVariant | null;
  /** `visitorKey`: the first-touch cookie, which assigns experiment variants; absent without one. */
  visitor: { ip: string | null; userAgent: string | null; attribution: Attribution | null; visitorKey?: string | null };
  /** Campaign spend and visitors' confirmation e-mails (docs/decisions/062), at /admin/spend and /admin/visitor-mail. */
  campaignSpend: CampaignSpend;
  visitorMail: VisitorMail;
  /** /admin/claims (docs/decisions/063): claims defined as data, edited by operators. */
  claimsConsole: ClaimsConsole;
  /** Conversions sent back to ad platforms (docs/decisions/061): each claim's settings, and a lead's events. */
  conversions: Conversions;
}
