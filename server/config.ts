import path from "node:path";
import { secretsKeyFrom } from "./secrets/secret-box";
import { signingKeyFrom } from "./secrets/signing-key";
import { z } from "zod";
import type { PartnerId } from "#claims/engine/types";

/** MIN_FORM_FILL_MS's default: nobody reads a claim form, answers it and consents in under three seconds. */
export const DEFAULT_MIN_FORM_FILL_MS = 3_000;

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** TRUST_PROXY: "false" (default), "true", a hop count, or Express's list of trusted addresses. */
const trustProxy = z
  .string()
  .trim()
  .transform((value): boolean | number | string => {
    if (value === "" || value === "false") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || v.startsWith("file:") || /^postgres(ql)?:\/\//.test(v), {
      message: "must be empty (./data/app.db), file:PATH for SQLite, or postgres://...",
    }),
  TRUST_PROXY: trustProxy.default(false),
  SITE_NAME: z.string().trim().min(1).default("Claim Advocates"),
  SITE_PHONE: z.string().trim().min(1).default("(800) 555-0100"),
  SITE_EMAIL: z.email().default("help@example.com"),
  LEGACY_PREFIX: z
    .string()
    .trim()
    .regex(/^\/[a-z0-9-]+$/, "must look like /brand-name")
    .default("/claims"),
  LEAD_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(20),
  /** Opt-out requests (/opt-out) accepted per visitor IP per hour; 0 disables the limit. */
  OPT_OUT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(10),
  EVENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * Reader threads per lead export (docs/decisions/030; two unless set). 0 reads in the request's own
   * thread, which then waits while a batch is read: for tests, whose exports are a few leads.
   */
  LEAD_EXPORT_READERS: z.coerce.number().int().min(0).max(8).optional(),
  /** The largest suppression list file accepted in one upload, in MB (docs/decisions/047). */
  SUPPRESSION_UPLOAD_MAX_MB: z.coerce.number().int().min(1).default(1024),
  /** Buyer API checks (certificate matches, revocations) per API key per minute, across instances. */
  BUYER_API_CHECKS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Checks of one certificate (or revocations of one contact) per API key per day. */
  BUYER_API_CHECKS_PER_SUBJECT_PER_DAY: z.coerce.number().int().min(1).default(10),
  /** New funnel visitors counted per address per UTC day, across instances; more is a flood, reported not counted. */
  FUNNEL_NEW_VISITORS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(50),
  /** The timed honeypot (docs/decisions/026): a claim form submitted sooner than this after it was rendered is spam. */
  MIN_FORM_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_MIN_FORM_FILL_MS),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /** The first owner's e-mail address (docs/decisions/028); SITE_EMAIL unless given. */
  ADMIN_EMAIL: z.email().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEBHOOK_PROVIDER_NAME: z.string().trim().min(1).default("Opta.io"),
  WEBHOOK_COMPANY_ID: z.string().trim().default(""),
  WEBHOOK_PUBLISHER_ID: z.string().trim().default(""),
  WEBHOOK_CAMPAIGN_ID: z.string().trim().default(""),
  WEBHOOK_AUTH_TOKEN: z.string().trim().default(""),
  LEGAL_BRIDGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LEGAL_BRIDGE_API_KEY: z.string().trim().optional(),
  RUN_WORKER: booleanish.default(true),
  DELIVERY_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long a ping-post auction waits for bids (docs/decisions/022). */
  AUCTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  DELIVERY_RETRY_SCHEDULE: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, "must be comma-separated milliseconds")
    .transform((v) => v.split(",").map(Number))
    .optional(),
  HSTS: booleanish.optional(),
  /** Seals buyers' credentials at rest (ADR 021); without it, buyers can be saved without credentials only. */
  SECRETS_KEY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      try {
        secretsKeyFrom(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** Certificates are kept this long, then purged by the worker (docs/decisions/027); the FTC's TSR expects 5. */
  CERTIFICATE_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Signs certificates (docs/decisions/024): an Ed25519 private JWK or PKCS#8 PEM. Unset, a key is
   * generated once and kept in the database.
   */
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (!value?.trim()) return;
      try {
        signingKeyFrom(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** A lead of the same claim from the same person within this many days is a duplicate (docs/decisions/023). */
  DUPLICATE_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** The lead console's dates (filters, the list, the export) are days in this zone. */
  OPERATOR_TIME_ZONE: z
    .string()
    .trim()
    .default("America/New_York")
    .refine(isTimeZone, { message: "must be an IANA time zone such as America/New_York" }),
  /**
   * Scheduled SQLite backups (docs/decisions/034): the worker writes one copy per interval here. On
   * PostgreSQL it is ignored with a warning (pg_dump does that job), so a site moved to PostgreSQL with
   * its settings file unchanged still starts.
   */
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().max(24 * 31).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** /metrics answers only with this bearer token (docs/decisions/035); unset, /metrics is a 404. */
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  /**
   * `npm run worker` serves its own /metrics on this port (same token). Without METRICS_TOKEN it serves
   * none, as the web's /metrics is a 404 then: the worker unit can always name a port.
   */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Alerts by e-mail (docs/decisions/056): smtp://user:pass@host:587 or smtps://...:465. Unset, alerts
   * are recorded (the account page says so) but no mail is sent.
   */
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => v === "" || /^smtps?:\/\//.test(v), { message: "must be smtp://... or smtps://..." })
    .optional(),
  /** The From: of alert e-mails; SITE_EMAIL unless given. */
  ALERT_FROM: z.email().optional(),
  /** Where conversions go (docs/decisions/061): the platforms' real hosts unless set (tests use local fakes). */
  GOOGLE_ADS_API_URL: z.url({ protocol: /^https?$/ }).default("https://googleads.googleapis.com"),
  GOOGLE_OAUTH_TOKEN_URL: z.url({ protocol: /^https?$/ }).default("https://oauth2.googleapis.com/token"),
  META_GRAPH_API_URL: z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com"),
  /** One incident sends one e-mail; the same alert about the same thing sends again only after this. */
  ALERT_QUIET_MINUTES: z.coerce.number().int().min(1).default(240),
  /** "No leads for a claim" once a claim that had leads has none for this long. */
  ALERT_NO_LEADS_HOURS: z.coerce.number().int().min(1).default(24),
  /** "Delivery queue stuck" once a due delivery has waited this long. */
  ALERT_QUEUE_MINUTES: z.coerce.number().int().min(1).default(30),
});

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export type DatabaseTarget =
  | { engine: "sqlite"; file: string }
  | { engine: "postgres"; url: string };

export type Config = ReturnType<typeof loadConfig>;

/** Where a partner takes leads, and the key it expects; `settings` names the variables that set them. */
export interface PartnerEndpoint {
  name: string;
  url: string | undefined;
  apiKey: string | undefined;
  settings: readonly string[];
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const database: DatabaseTarget = e.DATABASE_URL.startsWith("postgres")
    ? { engine: "postgres", url: e.DATABASE_URL }
    : {
        engine: "sqlite",
        file: path.resolve(e.DATABASE_URL ? e.DATABASE_URL.slice("file:".length) : "./data/app.db"),
      };
  const isProduction = e.NODE_ENV === "production";
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    /** Public origin used in links we store (certificate URLs); set SITE_URL behind a proxy or domain. */
    siteUrl: (e.SITE_URL ?? `http://${e.HOST === "0.0.0.0" ? "localhost" : e.HOST}:${e.PORT}`).replace(/\/$/, ""),
    database,
    trustProxy: e.TRUST_PROXY,
    site: { name: e.SITE_NAME, phone: e.SITE_PHONE, email: e.SITE_EMAIL },
    legacyPrefix: e.LEGACY_PREFIX,
    leadRateLimitPerHour: e.LEAD_RATE_LIMIT_PER_HOUR,
    optOutRateLimitPerHour: e.OPT_OUT_RATE_LIMIT_PER_HOUR,
    suppressionUploadMaxBytes: e.SUPPRESSION_UPLOAD_MAX_MB * 1024 ** 2,
    leadExportReaders: e.LEAD_EXPORT_READERS,
    eventRateLimitPerMinute: e.EVENT_RATE_LIMIT_PER_MINUTE,
    buyerApiLimits: { perMinute: e.BUYER_API_CHECKS_PER_MINUTE, perSubjectPerDay: e.BUYER_API_CHECKS_PER_SUBJECT_PER_DAY },
    funnelNewVisitorsPerAddressPerDay: e.FUNNEL_NEW_VISITORS_PER_ADDRESS_PER_DAY,
    minFormFillMs: e.MIN_FORM_FILL_MS,
    duplicateWindowDays: e.DUPLICATE_WINDOW_DAYS,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL ?? e.SITE_EMAIL,
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    alerts: {
      smtpUrl: e.SMTP_URL || null,
      from: e.ALERT_FROM ?? e.SITE_EMAIL,
      quietMs: e.ALERT_QUIET_MINUTES * 60_000,
      noLeadsMs: e.ALERT_NO_LEADS_HOURS * 3_600_000,
      queueAgeMs: e.ALERT_QUEUE_MINUTES * 60_000,
      timeZone: e.OPERATOR_TIME_ZONE,
    },
    conversions: {
      googleAdsUrl: e.GOOGLE_ADS_API_URL.replace(/\/$/, ""),
      googleTokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
      metaGraphUrl: e.META_GRAPH_API_URL.replace(/\/$/, ""),
    },
    hsts: e.HSTS ?? isProduction,
    operatorTimeZone: e.OPERATOR_TIME_ZONE,
    secretsKey: e.SECRETS_KEY || null,
    certificateRetentionYears: e.CERTIFICATE_RETENTION_YEARS,
    certificateSigningKey: e.CERTIFICATE_SIGNING_KEY?.trim() ? signingKeyFrom(e.CERTIFICATE_SIGNING_KEY) : null,
    webhook: {
      providerName: e.WEBHOOK_PROVIDER_NAME,
      companyId: e.WEBHOOK_COMPANY_ID,
      publisherId: e.WEBHOOK_PUBLISHER_ID,
      campaignId: e.WEBHOOK_CAMPAIGN_ID,
      authToken: e.WEBHOOK_AUTH_TOKEN,
    },
    /** Endpoints and keys of the partners that claim definitions deliver to, by partner id. */
    partners: {
      "legal-bridge": {
        name: "Legal Bridge",
        url: e.LEGAL_BRIDGE_URL,
        apiKey: e.LEGAL_BRIDGE_API_KEY || undefined,
        settings: ["LEGAL_BRIDGE_URL", "LEGAL_BRIDGE_API_KEY"],
      },
    } satisfies Record<PartnerId, PartnerEndpoint>,
    delivery: {
      runWorker: e.RUN_WORKER,
      pollMs: e.DELIVERY_POLL_MS,
      timeoutMs: e.DELIVERY_TIMEOUT_MS,
      auctionTimeoutMs: e.AUCTION_TIMEOUT_MS,
      /** Waits after attempts 1, 2, ...: about a day in all, like Svix's schedule. */
      retryScheduleMs: e.DELIVERY_RETRY_SCHEDULE ?? [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    },
    backup: e.BACKUP_DIR ? { dir: path.resolve(e.BACKUP_DIR), intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP } : null,
    metrics: { token: e.METRICS_TOKEN || null, workerPort: (e.METRICS_TOKEN && e.WORKER_METRICS_PORT) || null },
    /** How long SIGTERM waits for in-flight requests and deliveries: a delivery ends by its timeout. */
    shutdownDeadlineMs: e.DELIVERY_TIMEOUT_MS + 5_000,
  };
}
