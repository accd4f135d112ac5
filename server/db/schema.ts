import type { Generated } from "kysely";
import type { PartnerId } from "#claims/engine/types";
import type { LowQualityReason } from "../contacts/contact-identity";
import type { LeadOutcome } from "./search-keys";

/** Booleans are stored as 0/1 and timestamps as ISO-8601 text, so both engines read back the same. */
export interface LeadsTable {
  id: string;
  created_at: string;
  case_type: string;
  fn: string | null;
  ln: string | null;
  em: string | null;
  ph: string | null;
  st: string | null;
  accident_date: string | null;
  cq1: string | null;
  cq2: string | null;
  cq3: string | null;
  cq4: string | null;
  cq5: string | null;
  cq6: string | null;
  cq7: string | null;
  cq8: string | null;
  cq9: string | null;
  cq10: string | null;
  notes: string | null;
  tcpa: number;
  is_eligible: number | null;
  is_not_eligible: number | null;
  eligibility_reason: string | null;
  source: string;
  user_ip: string | null;
  user_agent: string | null;
  form_data: string;
  attribution: string | null;
  certificate_id: string | null;
  submission_key: string;
  submission_sha256: string;
  is_spam: Generated<number>;
  /** The language of the form the lead was submitted in, 'en' or 'es' (docs/decisions/058). */
  language: Generated<string>;
  webhook_sent: Generated<number>;
  webhook_sent_at: string | null;
  webhook_error: string | null;
  /** Derived when the lead is saved (server/db/search-keys.ts), for the console's filters and search. */
  outcome: Generated<LeadOutcome>;
  fn_search: string | null;
  ln_search: string | null;
  em_search: string | null;
  phone_digits: string | null;
  /** phone_digits backwards, for a search by the last digits (migration 2026-11-27-23). */
  phone_digits_reversed: string | null;
  /** Trimmed and lower case since migration 2026-11-27-23, as the dashboard counts them. */
  utm_source: string | null;
  utm_campaign: string | null;
  /** Where the lead stands with buyers; null until routed, and for spam (migration 06). */
  buyer_status: Generated<BuyerStatus | null>;
  /** When the person revoked consent (migration 13), and the revocation that did it; null while consent stands. */
  revoked_at: Generated<string | null>;
  revocation_id: Generated<string | null>;
  /** The person's keys for duplicates and opt-outs (migration 11, server/contacts/). */
  phone_e164: Generated<string | null>;
  email_normalized: Generated<string | null>;
  /** The first lead of this claim from the same person within DUPLICATE_WINDOW_DAYS; null when this is not a duplicate. */
  duplicate_of: Generated<string | null>;
  /** The experiment variant the visitor was shown on the claim's pages, '<experiment id>:<key>' (migration 38, docs/decisions/060). */
  experiment_variant: Generated<string | null>;
  /** Why the lead is low quality (kept, flagged): 'disposable-email'; null when it is not. */
  low_quality: Generated<LowQualityReason | null>;
  /** Why the lead is held back from buyers (buyer_status 'held', migration 28): a check's block or a provider down under the hold policy. */
  held_reason: Generated<string | null>;
  /** The supplier that sent it through the lead API (migration 26); null for our own forms. */
  supplier_id: Generated<string | null>;
  /** The supplier's payout in force when it accepted the lead, in cents (migration 29); null for our own forms. */
  supplier_payout_cents: Generated<number | null>;
  /** A claim defined as data: the version it was submitted under (migration 37, docs/decisions/059); null for built-in claims. */
  claim_version: Generated<number | null>;
}

export interface SubmissionCertificatesTable {
  certificate_id: string;
  lead_id: string;
  form_type: string;
  submission_data: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  verification_count: Generated<number>;
  verified_at: string | null;
  consent_text: string;
  page_url: string | null;
  submission_sha256: string;
  /** When the retention purge removed what the certificate held of the person (migration 15); null until then. */
  purged_at: Generated<string | null>;
  /** The consent text's version id and SHA-256 (migration 14, docs/decisions/026); null on older certificates. */
  consent_text_version: Generated<string | null>;
  consent_text_sha256: Generated<string | null>;
  /** JSON: server/consent-proof/fill-facts.ts's FillFacts; null when none were recorded (older and seeded leads). */
  fill_facts: Generated<string | null>;
  /** Who vouches for the consent (migration 26, docs/decisions/046): our own form, or the supplier that sent the lead. */
  consent_kind: Generated<ConsentKind>;
  /** JSON: server/suppliers/supplier-evidence.ts's SupplierEvidence, on supplier-asserted certificates. */
  supplier_evidence: Generated<string | null>;
  /** The site content's consent-text version the form showed (migration 31, docs/decisions/055); null before it and on supplier leads. */
  consent_content_version: Generated<number | null>;
  /** A claim defined as data: the version the form was (migration 37, docs/decisions/059); null for built-in claims. */
  claim_version: Generated<number | null>;
  /** The language of the form, whose consent text (and content version) the certificate records (docs/decisions/058). */
  language: Generated<string>;
}

export type ConsentKind = "first-party-form" | "supplier-asserted";

/** A source of leads other than our forms (migration 26, docs/decisions/046). */
export interface SuppliersTable {
  id: string;
  name: string;
  /** JSON array of the claims it may send, by slug (as in /api/leads/<slug>). */
  claim_slugs: string;
  /** Leads accepted per UTC day; null for no cap. */
  daily_cap: number | null;
  /** What we pay per accepted lead, in cents. */
  payout_cents: Generated<number>;
  status: Generated<"active" | "paused">;
  api_key_sha256: string | null;
  api_key_prefix: string | null;
  api_key_created_at: string | null;
  created_at: string;
}

export interface SupplierCapCountersTable {
  supplier_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  sent: number;
}

/** One run of the certificate retention purge that purged any (docs/decisions/027). */
export interface CertificatePurgesTable {
  id: string;
  purged_at: string;
  /** Certificates created before this were purged. */
  created_before: string;
  retention_years: number;
  certificates: number;
  oldest_created_at: string;
  newest_created_at: string;
}

/** A copy of the SQLite database (docs/decisions/034): who took it, where, and what its check found. */
export interface BackupsTable {
  id: string;
  kind: "manual" | "scheduled";
  /** A scheduled backup's interval start, unique: the worker that inserts it takes that backup. */
  slot: string | null;
  file: string;
  started_at: string;
  finished_at: string | null;
  status: "running" | "ok" | "failed";
  size_bytes: number | null;
  lead_count: number | null;
  error: string | null;
}

/** A stylesheet a consent page was shown with, once per version (its SHA-256). */
export interface ConsentStylesheetsTable {
  sha256: string;
  /** The fingerprinted asset URL it was served at. */
  href: string;
  css: string;
  created_at: string;
}

/** The consent step of a form submission as the form route rendered it (server/consent-proof/page-snapshots.ts). */
export interface ConsentPageSnapshotsTable {
  certificate_id: string;
  lead_id: string;
  created_at: string;
  title: string;
  html: string;
  inline_css: string;
  stylesheet_href: string;
  stylesheet_sha256: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface PageEventsTable {
  id: string;
  name: string;
  path: string | null;
  created_at: string;
}

/** The operator's webhook, or a lead-buying partner named in a claim definition. */
export type DeliveryTarget = "webhook" | PartnerId;
/**
 * pending (due at next_attempt_at) -> sending (claimed) -> delivered | failed (final 4xx) | dead (retries
 * used up); cancelled when the operator marks the lead as spam. An operator's re-send makes it pending again.
 */
export type BuyerStatus = "pending" | "sold" | "unsold" | "checking" | "held";

export type DeliveryStatus = "pending" | "sending" | "delivered" | "failed" | "dead" | "cancelled";

/**
 * 'buyer': a lead routed to one of the operator's buyers: buyer_id says which, and its delivery,
 * mapping and credentials say how (docs/decisions/021). 'auction': a ping-post auction the worker runs
 * for a lead (docs/decisions/022). Only routing writes them.
 */
export type BuyerDeliveryTarget = "buyer" | "auction" | "checks";

/**
 * 'event': a signed event about a lead (docs/decisions/025), sent where the delivery named by
 * about_delivery_id took the lead; it has no buyer_id, so routing, caps and reports never count it.
 */
export type EventDeliveryTarget = "event";
export type LeadEventType = "lead.consent_revoked";

export interface DeliveriesTable {
  id: string;
  lead_id: string;
  target: DeliveryTarget | BuyerDeliveryTarget | EventDeliveryTarget;
  /** A bidder's delivery: the auction it won or is next in, and its bid (migration 08). */
  auction_id: string | null;
  price_cents: number | null;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
  /** The lead's created_at, so the console's delivery-status filter reads one index newest first. */
  lead_created_at: string | null;
  /** The buyer a routed lead goes to; null for the operator's webhook and the claim definitions' partners. */
  buyer_id: string | null;
  /**
   * The cap counter periods ('D:YYYY-MM-DD', 'M:YYYY-MM' in the buyer's zone) this delivery holds a
   * reservation in; null once released, so a rejection frees the slot of the day it took, once.
   */
  reserved_day: string | null;
  reserved_month: string | null;
  /** An event row's type and the lead delivery whose destination it goes to (migration 13); null on lead rows. */
  event: Generated<LeadEventType | null>;
  about_delivery_id: Generated<string | null>;
  /**
   * A buyer delivery: when the buyer must have taken the lead by (its delivery deadline), when the
   * worker gave up on it at that deadline, and when the buyer said yes too late (not a sale) (migration 21).
   */
  deadline_at: Generated<string | null>;
  expired_at: Generated<string | null>;
  late_accepted_at: Generated<string | null>;
}

export type BuyerMethod = "webhook" | "post";

/** JSON columns hold the zod-checked shapes of server/distribution/buyers/buyer-delivery.ts and server/distribution/routing/buyer-rules.ts. */
export interface BuyersTable {
  id: string;
  name: string;
  /** 0: paused. The rules' `active` is read from here. */
  active: number;
  method: BuyerMethod;
  delivery: string;
  rules: string;
  /** The secret box's v1 value, sealed with the buyer's id as context; never shown again. */
  credentials_sealed: string | null;
  /** What the admin shows of the credentials, as lastFour gives it (••••abcd). */
  credentials_last4: string | null;
  /**
   * A system buyer (migration 09): the spec's webhook ('webhook') or a claim's partner, whose leads go
   * out by that legacy target's sender; null for the operator's buyers. At most one buyer per value.
   */
  system: Generated<DeliveryTarget | null>;
  /** The SHA-256 (hex) of the buyer's API key (migration 10); the key itself is shown once, never kept. */
  api_key_sha256: Generated<string | null>;
  /** The key's first characters, so the operator can tell which key a buyer uses. */
  api_key_prefix: Generated<string | null>;
  api_key_created_at: Generated<string | null>;
  /** Returns (migration 22, docs/decisions/041): days after the sale a lead may be returned, the share of the month's sales returned without the operator's approval, whether an approved return is sold again. */
  return_window_days: Generated<number>;
  return_cap_percent: Generated<number>;
  resell_returns: Generated<number>;
  /** Failed attempts in a row (no answer, or not 2xx); a 2xx answer resets it (migration 21). */
  consecutive_failures: Generated<number>;
  /** Why and when the buyer was paused automatically; null while active or when paused by an operator. */
  paused_reason: Generated<string | null>;
  paused_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** Leads a buyer was sent in one cap period: 'D:YYYY-MM-DD' or 'M:YYYY-MM' in the buyer's zone. */
export interface BuyerCapCountersTable {
  buyer_id: string;
  period: string;
  sent: number;
}

/** One routing of a lead (on saving, and again on each cascade); decision is JSON (server/distribution/routing/route-lead.ts). */
export interface RoutingDecisionsTable {
  id: string;
  lead_id: string;
  created_at: string;
  decision: string;
}

/** open while bidders are tried; won when one took the lead; unsold when none bid or every bidder rejected it. */
export type AuctionStatus = "open" | "won" | "unsold";

/** One ping-post auction of a lead (docs/decisions/022); money in integer cents. */
export interface AuctionsTable {
  id: string;
  lead_id: string;
  case_type: string;
  created_at: string;
  timeout_ms: number;
  status: AuctionStatus;
  winner_buyer_id: string | null;
  /** What the winner pays: at most its bid. */
  price_cents: number | null;
}

export type PingOutcomeKind = "bid" | "no-bid" | "timeout" | "error";

/** What one buyer answered an auction's ping. */
export interface AuctionBidsTable {
  id: string;
  auction_id: string;
  buyer_id: string;
  outcome: PingOutcomeKind;
  /** The bid in cents; null unless outcome is 'bid'. */
  amount_cents: number | null;
  duration_ms: number;
  /** Why there is no bid: 'HTTP 500', 'answer is not JSON', a network error. */
  detail: string | null;
  /** When the answer came, or the auction gave up on it: the auction's start plus duration_ms. */
  created_at: string;
}

export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  /** The first 2 KB of the receiver's answer. */
  response_body: string | null;
}

/** What an operator did in the lead console: re-sends, spam marks, exports. */
export type OperatorRole = "owner" | "manager" | "viewer";

/** A named operator (migration 16); the first owner comes from ADMIN_PASSWORD or a generated password. */
export interface OperatorsTable {
  id: string;
  /** Lower-case. */
  email: string;
  name: string;
  role: OperatorRole;
  password_hash: string;
  disabled_at: string | null;
  created_at: string;
  invited_by: string | null;
  /** The TOTP secret, sealed (server/admin/second-factor.ts); set but not enabled while enrolling. */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last 30-second step a code was accepted for: a code works once. */
  totp_last_step: number | null;
}

/** One-time recovery codes for the second factor; only their SHA-256 is kept. */
export interface OperatorRecoveryCodesTable {
  id: string;
  operator_id: string;
  code_sha256: string;
  created_at: string;
  used_at: string | null;
}

/** A one-time password reset link an owner made for another operator; only its token's SHA-256 is kept. */
export interface OperatorResetLinksTable {
  id: string;
  token_sha256: string;
  operator_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A log-in whose password was right and that waits for its second factor; the id is the token's SHA-256. */
export interface LoginChallengesTable {
  id: string;
  operator_id: string;
  created_at: string;
  expires_at: string;
  attempts: number;
}

/** A one-time invitation link; only the SHA-256 of its token is kept. */
export interface OperatorInvitationsTable {
  id: string;
  token_sha256: string;
  email: string;
  role: OperatorRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  operator_id: string | null;
  revoked_at: string | null;
}

export type AuditTargetType = "lead" | "buyer" | "setting" | "operator" | "buyer-user" | "return" | "statement" | "check" | "suppression-list" | "content" | "supplier" | "experiment" | "data-claim";

/** One operator action; append-only (the database refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: string;
  at: string;
  operator_id: string | null;
  /** The operator's e-mail at the time (or the e-mail tried, for a failed log-in). */
  operator_email: string | null;
  ip: string | null;
  action: string;
  target_type: AuditTargetType | null;
  target_id: string | null;
  /** JSON: what the action touched (a delivery, a filter, a count). */
  detail: string;
  /** The entry's place in the chain (1, 2, ...); null only before migration 24 chained the log. */
  seq: number | null;
  /** SHA-256 (hex) over the previous entry's hash and this entry's content (server/audit/audit-chain.ts). */
  hash: string | null;
}

/** The audit chain's last entry (one row, id 1): appending updates it first, which serialises appends. */
export interface AuditChainHeadTable {
  id: number;
  seq: number;
  hash: string;
}

/** Anonymous events (failed log-ins, throttled attempts) counted per action, address and window. */
export interface AuditEventCountsTable {
  action: string;
  ip: string;
  /** The window's start, ISO. */
  window_start: string;
  count: number;
  first_at: string;
  last_at: string;
  /** JSON of the last event's detail, its texts cut to a bounded length. */
  last_detail: string;
}

/** A limit's count in one window (server/http/rate-counters.ts): `name` says the limit and its subject. */
export interface RateCountersTable {
  name: string;
  window_start: string;
  count: number;
  /** When the row counts for nothing any more and can be deleted. */
  expires_at: string;
}

export interface AdminSessionsTable {
  id: string;
  created_at: string;
  last_seen_at: string;
  operator_id: string | null;
  ip: string | null;
  /** Cut to 200 characters. */
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: string;
  ip: string;
  created_at: string;
  /** The lower-case e-mail tried, for the per-account throttle. */
  account: string | null;
  /** The known device's nonce when the attempt came with a genuine device cookie for that account. */
  device: string | null;
}

export type RevocationMethod = "opt-out page" | "buyer report";
export type RevocationChannel = "phone" | "email";

/** One request to revoke consent; the value itself is never kept, only its hash and a masked form. */
export interface RevocationsTable {
  id: string;
  created_at: string;
  /** When the person revoked: now on the opt-out page, or when a buyer says it received the revocation. */
  revoked_at: string;
  method: RevocationMethod;
  channel: RevocationChannel;
  /** SHA-256 (hex) of the normalised value: national digits of a phone, the lower-case e-mail. */
  value_sha256: string;
  value_masked: string;
  buyer_id: string | null;
  /** Leads this request revoked (leads revoked before are not counted again). */
  lead_count: number;
}

export interface OptOutRequestsTable {
  id: string;
  ip: string;
  created_at: string;
}

/** A public key certificates were signed with (migration 12); the JWKS publishes every one. */
export interface CertificateSigningKeysTable {
  /** The key's JWK thumbprint (RFC 7638). */
  kid: string;
  /** JSON: the public JWK ({kty, crv, x}). */
  public_jwk: string;
  created_at: string;
}

/** A buyer's check of a certificate through the match API: null when a field was not asked, else 1/0. */
export interface CertificateMatchChecksTable {
  id: string;
  certificate_id: string;
  buyer_id: string;
  checked_at: string;
  email_matched: number | null;
  phone_matched: number | null;
}

/** What a suppression list protects: every buyer (own-dnc, federal-dnc, litigator) or its buyer only (buyer-clients). */
export type SuppressionListKind = "own-dnc" | "federal-dnc" | "litigator" | "buyer-clients";

/** A suppression list (migration 27, docs/decisions/047); id 1 is our own Do Not Call list. */
export interface SuppressionListsTable {
  id: number;
  name: string;
  kind: SuppressionListKind;
  /** The buyer a 'buyer-clients' list protects; null for the others. */
  buyer_id: string | null;
  entry_count: number;
  created_at: string;
  updated_at: string;
}

/** One key of a list: the first 8 bytes of the SHA-256 (or MD5) of a normalised phone or e-mail, signed. */
export interface SuppressionEntriesTable {
  value: string | bigint | number;
  list_id: number;
}

/** A list a lead matched, at intake or when it was routed again. */
export interface LeadSuppressionsTable {
  lead_id: string;
  list_id: number;
  list_name: string;
  buyer_id: string | null;
  matched_at: string;
}

/** One incident per kind and key (docs/decisions/056): open until its condition clears. */
export interface AlertIncidentsTable {
  kind: string;
  key: string;
  subject: string;
  opened_at: string;
  resolved_at: string | null;
  /** When the last e-mail about this key was queued: the quiet period counts from it. */
  last_sent_at: string | null;
}

/** An alert e-mail to one operator, retried until the SMTP server takes it. */
export interface AlertMailsTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  body: string;
  status: "pending" | "sent";
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The lead a visitor's confirmation is about (migration 40, docs/decisions/062); null for an alert. Unique. */
  lead_id: string | null;
}

/** A campaign's spend on one day (migration 40, docs/decisions/062): keys as leads store them (utmKey). */
export interface CampaignSpendTable {
  /** YYYY-MM-DD, the operator's day (OPERATOR_TIME_ZONE). */
  day: string;
  utm_source: string;
  utm_campaign: string;
  spend_cents: number;
  updated_at: string;
  /** The operator's e-mail who imported or entered it. */
  updated_by: string;
}

/** A claim whose visitors get a confirmation e-mail, since `enabled_at` (docs/decisions/062). */
export interface VisitorMailClaimsTable {
  case_type: string;
  enabled_at: string;
}

/** An operator's choice for one kind of alert; without a row, owners get it and others do not. */
export interface OperatorAlertChoicesTable {
  operator_id: string;
  kind: string;
  enabled: number;
}

export interface Database {
  alert_incidents: AlertIncidentsTable;
  alert_mails: AlertMailsTable;
  campaign_spend: CampaignSpendTable;
  visitor_mail_claims: VisitorMailClaimsTable;
  operator_alert_choices: OperatorAlertChoicesTable;
  suppression_lists: SuppressionListsTable;
  suppression_entries: SuppressionEntriesTable;
  lead_suppressions: LeadSuppressionsTable;
  leads: LeadsTable;
  submission_certificates: SubmissionCertificatesTable;
  settings: SettingsTable;
  page_events: PageEventsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  admin_sessions: AdminSessionsTable;
  login_failures: LoginFailuresTable;
  operators: OperatorsTable;
  operator_invitations: OperatorInvitationsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_reset_links: OperatorResetLinksTable;
  login_challenges: LoginChallengesTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  audit_event_counts: AuditEventCountsTable;
  rate_counters: RateCountersTable;
  buyers: BuyersTable;
  buyer_cap_counters: BuyerCapCountersTable;
  routing_decisions: RoutingDecisionsTable;
  auctions: AuctionsTable;
  auction_bids: AuctionBidsTable;
  certificate_purges: CertificatePurgesTable;
  backups: BackupsTable;
  revocations: RevocationsTable;
  opt_out_requests: OptOutRequestsTable;
  certificate_signing_keys: CertificateSigningKeysTable;
  certificate_match_checks: CertificateMatchChecksTable;
  consent_stylesheets: ConsentStylesheetsTable;
  consent_page_snapshots: ConsentPageSnapshotsTable;
  funnel_events: FunnelEventsTable;
  experiments: ExperimentsTable;
  funnel_daily: FunnelDailyTable;
  funnel_visitors: FunnelVisitorsTable;
  funnel_address_days: FunnelAddressDaysTable;
  analytics_salts: AnalyticsSaltsTable;
  lead_daily: LeadDailyTable;
  delivery_daily: DeliveryDailyTable;
  rollup_state: RollupStateTable;
  buyer_users: BuyerUsersTable;
  buyer_invitations: BuyerInvitationsTable;
  buyer_sessions: BuyerSessionsTable;
  buyer_login_failures: BuyerLoginFailuresTable;
  lead_returns: LeadReturnsTable;
  return_decisions: ReturnDecisionsTable;
  statements: StatementsTable;
  statement_lines: StatementLinesTable;
  ledger_entries: LedgerEntriesTable;
  checks: ChecksTable;
  lead_checks: LeadChecksTable;
  check_cache: CheckCacheTable;
  suppliers: SuppliersTable;
  supplier_cap_counters: SupplierCapCountersTable;
  content_versions: ContentVersionsTable;
  content_drafts: ContentDraftsTable;
  claim_conversion_settings: ClaimConversionSettingsTable;
  conversion_events: ConversionEventsTable;
  data_claims: DataClaimsTable;
  data_claim_versions: DataClaimVersionsTable;
  blog_images: BlogImagesTable;
}

export type DataClaimState = "draft" | "published" | "paused";

/** A claim defined as data at /admin/claims (migration 37, docs/decisions/059). */
export interface DataClaimsTable {
  slug: string;
  /** draft: never published; published: the site runs live_version; paused: its landing says it is closed, no leads. */
  state: DataClaimState;
  /** JSON: the unpublished data claim (claims/engine/data-claim/data-claim-schema.ts), or null when none. */
  draft: string | null;
  live_version: number | null;
  /** One more at every change: every instance polls the sum to know when to reload. */
  revision: Generated<number>;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

/** One published version of a data claim; never updated or deleted. */
export interface DataClaimVersionsTable {
  slug: string;
  number: number;
  body: string;
  published_at: string;
  published_by: string | null;
  /** A rollback's copy: the version it republished (migration 41, docs/decisions/063); null otherwise. */
  rolled_back_from: number | null;
}

/** A check before a sale (migration 28, docs/decisions/048): config is server/distribution/checks/check-config.ts's JSON. */
export interface ChecksTable {
  id: string;
  name: string;
  /** 0: paused. */
  active: number;
  config: string;
  credentials_sealed: string | null;
  credentials_last4: string | null;
  created_at: string;
  updated_at: string;
}

export type CheckOutcome = "pass" | "block" | "unavailable";

/** One check's result on one lead, once per lead and check: the evidence. */
export interface LeadChecksTable {
  lead_id: string;
  check_id: string;
  check_name: string;
  outcome: CheckOutcome;
  detail: string | null;
  /** The start of the provider's answer. */
  answer_excerpt: string | null;
  duration_ms: number;
  /** What this lookup cost; 0 when it came from the cache or got no answer. */
  price_cents: number;
  cached: number;
  /** The policy's effect of an unavailable check: 'hold' or 'sold without it'. */
  policy_applied: string | null;
  checked_at: string;
}

/** A check's last answer for a phone number, reused for the check's cache days. */
export interface CheckCacheTable {
  check_id: string;
  phone_e164: string;
  outcome: CheckOutcome;
  detail: string | null;
  answer_excerpt: string | null;
  checked_at: string;
}

/** A buyer's staff member in the buyer portal (migration 22, docs/decisions/040); not an operator. */
export interface BuyerUsersTable {
  id: string;
  buyer_id: string;
  /** Lower-case; unique across buyers. */
  email: string;
  name: string;
  password_hash: string;
  disabled_at: string | null;
  created_at: string;
  /** The operator who invited them. */
  invited_by: string | null;
}

/** A one-time link an operator made for a buyer's staff member; only the SHA-256 of its token is kept. */
export interface BuyerInvitationsTable {
  id: string;
  token_sha256: string;
  buyer_id: string;
  email: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  buyer_user_id: string | null;
}

export interface BuyerSessionsTable {
  id: string;
  buyer_user_id: string;
  created_at: string;
  last_seen_at: string;
}

export interface BuyerLoginFailuresTable {
  id: string;
  ip: string;
  account: string;
  created_at: string;
}

export type ReturnReason = "wrong-number" | "duplicate" | "not-interested" | "already-represented" | "other";
export type ReturnChannel = "portal" | "api" | "operator";

/** A buyer's request to return a lead it bought; append-only, one per sale. */
export interface LeadReturnsTable {
  id: string;
  created_at: string;
  lead_id: string;
  buyer_id: string;
  /** The ledger's sale row it returns. */
  sale_id: string;
  reason: ReturnReason;
  /** Required with 'other'. */
  reason_text: string | null;
  channel: ReturnChannel;
  /** 'operator:<id>', 'buyer-user:<id>', 'buyer-api:<buyerId>'. */
  actor: string;
  /** 1: over the buyer's cap when requested, so it waits for the operator. */
  over_cap: number;
}

/** The decision on a return: a further row, never an edit; append-only, one per return. */
export interface ReturnDecisionsTable {
  id: string;
  return_id: string;
  created_at: string;
  decision: "approved" | "rejected";
  /** 1: approved on request, within the cap; 0: an operator decided. */
  automatic: number;
  actor: string;
  note: string | null;
  /** The ledger's credit an approval wrote. */
  credit_id: string | null;
}

/** One buyer's statement for one month; immutable once issued (append-only). Money in integer cents. */
export interface StatementsTable {
  id: string;
  buyer_id: string;
  /** 1, 2, 3 ... per buyer. */
  number: number;
  /** 'YYYY-MM' in time_zone. */
  period: string;
  period_start: string;
  period_end: string;
  time_zone: string;
  issued_at: string;
  issued_by: string;
  buyer_name: string;
  sales_count: number;
  sales_cents: number;
  /** Negative, as in the ledger. */
  credits_cents: number;
  cancellations_cents: number;
  total_cents: number;
  /** The sum of every statement of the buyer up to and including this one. */
  balance_cents: number;
}

/** A ledger entry as it was put on a statement; each entry is on one statement at most. */
export interface StatementLinesTable {
  ledger_entry_id: string;
  statement_id: string;
  created_at: string;
  kind: string;
  lead_id: string;
  case_type: string;
  amount_cents: number;
  return_id: string | null;
}

export type LedgerEntryKind = "sale" | "credit" | "cancellation";
export type PriceSource = "fixed" | "bid";

/**
 * The sales ledger (migration 20, docs/decisions/038): append-only, the database refuses UPDATE and
 * DELETE. A sale holds the price at the moment a paying buyer accepted the lead; a credit (a return, a
 * goodwill credit) or a cancellation is a further row with a negative amount naming the sale.
 */
export interface LedgerEntriesTable {
  id: string;
  created_at: string;
  kind: LedgerEntryKind;
  lead_id: string;
  buyer_id: string;
  case_type: string;
  /** The lead's US state (leads.st). */
  lead_state: string | null;
  /** The lead's source key (server/suppliers/lead-source.ts): its supplier's id, 'api' or '' (migration 33). */
  lead_source: string;
  /** Signed integer cents: >= 0 on a sale, <= 0 on a credit or cancellation. */
  amount_cents: number;
  price_source: PriceSource;
  /** The delivery that made the sale; null on credits and cancellations. */
  delivery_id: string | null;
  /** The sale a credit or cancellation offsets; null on sales. */
  sale_id: string | null;
  /** The return a credit comes from; null otherwise. */
  return_id: string | null;
  /** 'system', 'operator:<id>', 'buyer-user:<id>'. */
  actor: string;
  note: string | null;
}

/**
 * A funnel point one visitor reached on one day (migration 17, docs/decisions/029). No IP, user agent
 * or cookie: `visitor_hash` is a hash under the day's salt, which is deleted after the day.
 */
export interface FunnelEventsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** The claim's slug. */
  claim: string;
  kind: "view" | "start" | "step" | "submit" | "outcome";
  /** The step reached (1-based) for kind 'step'; 0 otherwise. */
  step: number;
  /** 'eligible' | 'partial' | 'ineligible' for kind 'outcome'; '' otherwise. */
  outcome: string;
  visitor_hash: string;
  /** '' when the visit came without one. */
  utm_source: string;
  utm_campaign: string;
  /** The hour it happened (minutes and seconds are zero), never the exact time. */
  occurred_at: string;
  /** The experiment variant the visitor was shown, '<experiment id>:<key>', or '' (migration 38, docs/decisions/060). */
  experiment_variant?: string;
}

/** Unique visitors per day and funnel point and UTM source, kept up to date with every new event. */
export interface FunnelDailyTable {
  day: string;
  claim: string;
  kind: FunnelEventsTable["kind"];
  step: number;
  outcome: string;
  utm_source: string;
  visitors: number;
}

/** A visitor (its hash) seen on a day: a later event of it is not a new visitor. Kept for today and yesterday. */
export interface FunnelVisitorsTable {
  day: string;
  visitor_hash: string;
}

/** New visitors one address (hashed under the day's salt) brought on a day, and those refused past the bound. */
export interface FunnelAddressDaysTable {
  day: string;
  address_hash: string;
  visitors: number;
  refused: number;
}

/** The random salt of one UTC day; older days' salts are deleted, so old hashes cannot be linked. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** Leads per UTC day (of created_at) and claim, recounted for the days that can still change. */
/** Leads per day in OPERATOR_TIME_ZONE (since migration 2026-11-27-23) and claim. */
export interface LeadDailyTable {
  day: string;
  case_type: string;
  leads: number;
  /** The supplier that sent them (migration 29); '' for our own forms. */
  supplier_id: Generated<string>;
  /** Of those, the leads marked as spam (counted in `leads` too). */
  spam: Generated<number>;
  /** Of those, the leads that repeat a person's earlier lead (leads.duplicate_of). */
  duplicates: Generated<number>;
  /** The sum of their supplier_payout_cents. */
  payout_cents: Generated<number>;
}

/** Deliveries per day in OPERATOR_TIME_ZONE (of created_at), destination (a buyer's id or the target) and status. */
export interface DeliveryDailyTable {
  day: string;
  destination: string;
  status: string;
  deliveries: number;
}

/** When each recounted rollup was last brought up to date. */
export interface RollupStateTable {
  name: string;
  refreshed_at: string;
}

/** One published version of a site content entry (migration 31, docs/decisions/055); never updated or deleted. */
export interface ContentVersionsTable {
  /** Site-wide, one more per publish: the number every web instance polls to know the content changed. */
  id: number;
  entry: string;
  /** The entry's own version number, from 1. */
  number: number;
  /** JSON: the entry kind's fields (server/content/content-kinds.ts). */
  body: string;
  published_at: string;
  /** The operator's e-mail; null for the built-in version the migration wrote. */
  published_by: string | null;
  /** A rollback: the entry's version number whose body this copies. */
  rolled_back_from: number | null;
}

/** An entry's unpublished draft, at most one per entry. */
export interface ContentDraftsTable {
  entry: string;
  body: string;
  /** A random token: `?preview=<token>` shows the page with this draft to a signed-in operator. */
  preview_token: string;
  updated_at: string;
  updated_by: string | null;
}

/** A landing-page experiment (migration 38, docs/decisions/060). */
export interface ExperimentsTable {
  id: string;
  claim: string;
  name: string;
  status: "running" | "stopped" | "promoted";
  /** What counts as a landing view's conversion. */
  goal: "submit" | "sold";
  /** JSON: ExperimentVariant[] (server/experiments/experiment-types.ts). */
  variants: string;
  /** Stop when the leader's expected loss is below this (a conversion rate, e.g. 0.002). */
  loss_threshold: number;
  /** Promote the leader on its own when its probability of being best reaches this; null: never. */
  auto_promote_at: number | null;
  /** The promoted variant's key. */
  winner: string | null;
  created_at: string;
  created_by: string;
  ended_at: string | null;
  /** The site-wide change number of its last change, which web instances poll. */
  revision: number;
}

/** A claim's conversions sent back to ad platforms (migration 39, docs/decisions/061); a platform is on while its enabled_at is set. */
export interface ClaimConversionSettingsTable {
  case_type: string;
  google_enabled_at: string | null;
  /** The Google Ads customer id, 10 digits without dashes; the login customer id is the manager account's, when one. */
  google_customer_id: string | null;
  google_login_customer_id: string | null;
  /** Conversion action ids (digits); no submitted action: submitted leads are not sent. */
  google_submitted_action_id: string | null;
  google_sold_action_id: string | null;
  /** JSON { developerToken, clientId, clientSecret, refreshToken }, sealed with SECRETS_KEY. */
  google_credentials_sealed: string | null;
  /** 1: requests are sent with validateOnly (Google checks them and records nothing). */
  google_test_mode: Generated<number>;
  meta_enabled_at: string | null;
  meta_pixel_id: string | null;
  meta_access_token_sealed: string | null;
  /** Set: events carry it as test_event_code (Meta's Test Events tool shows them, ads do not count them). */
  meta_test_event_code: string | null;
  updated_at: string;
}

export type ConversionPlatform = "google" | "meta";
export type ConversionKind = "submitted" | "sold" | "returned";
export type ConversionStatus = "pending" | "sending" | "sent" | "failed" | "dead" | "cancelled";

/** One event for an ad platform (migration 39): its own outbox, keyed by platform, kind and source (the lead or the ledger entry). */
export interface ConversionEventsTable {
  id: string;
  platform: ConversionPlatform;
  kind: ConversionKind;
  source_id: string;
  lead_id: string;
  case_type: string;
  /** The platform's test mode when the event was queued: it is sent as a test. */
  test_mode: number;
  status: ConversionStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  response_body: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A picture uploaded for blog posts (migration 35, docs/decisions/057); its SHA-256 is its address. */
export interface BlogImagesTable {
  sha256: string;
  /** The type its first bytes show: image/png, image/jpeg, image/webp or image/gif (never SVG). */
  content_type: string;
  bytes: Buffer;
  size: number;
  /** The name it was uploaded with, for the console's list only. */
  file_name: string;
  uploaded_at: string;
  uploaded_by: string | null;
}
