import type { AppLoadContext } from "react-router";
import { createAdminAuth } from "../../server/admin/admin-auth";
import { createBuyerAuth } from "../../server/buyer-portal/buyer-auth";
import { createOperatorConsole } from "../../server/admin/operator-console";
import { syncSystemBuyers } from "../../server/distribution/buyers/system-buyers";
import { loadConfig } from "../../server/config";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import type { ServerContext } from "../../server/http/load-context";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { testDatabaseUrl } from "./test-database";

export const TEST_SITE_URL = "https://claims.example";
/** The first owner's e-mail address in route tests (ADMIN_EMAIL). */
export const OWNER_EMAIL = "owner@claims.example";

/**
 * The services of a real server on a real database (a new SQLite file, or PostgreSQL when
 * TEST_DATABASE_URL is set), and the load context route loaders and actions get, built the way
 * server/http/app.ts builds it for each request. For calling route modules with plain `Request`s.
 */
export async function startRouteServices(env: Record<string, string> = {}, { now }: { now?: () => Date } = {}) {
  const config = loadConfig({
    DATABASE_URL: await testDatabaseUrl("claims-routes"),
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    SITE_URL: TEST_SITE_URL,
    LEAD_RATE_LIMIT_PER_HOUR: "0",
    ADMIN_EMAIL: OWNER_EMAIL,
    // Exports read in the test's thread: a reader thread loads the TypeScript loader under Vitest, seconds
    // on a busy machine, for a few leads. lead-export-flow tests the threads.
    LEAD_EXPORT_READERS: "0",
    ...env,
  });
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config.database);
  await migrateToLatest(db);
  await syncSystemBuyers(db, config);
  const services = createServices(config, db, logger, { now });
  const admin = await createAdminAuth({ db, settings: services.settings, config, logger });
  const operator = createOperatorConsole({ db, settings: services.settings, config });
  const buyerAuth = await createBuyerAuth({ db, settings: services.settings, config, logger });

  function context(visitor: Partial<ServerContext["visitor"]> = {}, overrides: Partial<ServerContext> = {}): AppLoadContext {
    return {
      nonce: "test-nonce",
      site: services.content.current().site,
      content: services.content.current(),
      siteContent: services.contentConsole,
      blog: services.blog,
      blogImages: services.blogImages,
      blogConsole: services.blogConsole,
      claimsConsole: services.claimsConsole,
      siteUrl: config.siteUrl,
      legacyPrefix: config.legacyPrefix,
      logger,
      leads: services.leads,
      certificates: services.certificates,
      events: services.events,
      funnel: services.funnel,
      dashboard: services.dashboard,
      admin,
      operator,
      leadConsole: services.leadConsole,
      buyers: services.buyers,
      checks: services.checks,
      suppliers: services.suppliers,
      buyerTestLead: services.buyerTestLead,
      conversions: services.conversions,
      revocations: services.revocations,
      buyerAuth,
      buyerPortal: services.buyerPortal,
      returns: services.returns,
      statements: services.statements,
      suppression: services.suppression,
      alerts: services.alerts,
      experiments: services.experiments,
      // The variant this visitor (its first-touch cookie, `visitor.visitorKey`) is shown, as server/http/app.ts decides it.
      experiment: (claim) => services.liveExperiments.shown(claim, visitor.visitorKey),
      campaignSpend: services.campaignSpend,
      visitorMail: services.visitorMail,
      visitor: { ip: "203.0.113.7", userAgent: "RouteTest/1.0", attribution: null, ...visitor },
      ...overrides,
    } satisfies ServerContext;
  }

  /** Waits for any reload of what the instance keeps in memory to finish (as server/web.ts does), then closes the database. */
  async function close() {
    await Promise.all([services.content.stop(), services.liveExperiments.stop(), services.dataClaims.stop(), services.blog.stop()]);
    await db.destroy();
  }

  return { config, db, logger, services, admin, operator, buyerAuth, context, close };
}

/** A form post as a browser sends it, to a path on the test site. */
export function formPost(path: string, fields: FormData | Record<string, string | string[]>, headers: Record<string, string> = {}) {
  let body = fields;
  if (!(fields instanceof FormData)) {
    body = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  }
  return new Request(TEST_SITE_URL + path, { method: "POST", body: body as FormData, headers });
}

/** What an action answered: a `data()` result, a `Response` (redirects) or a plain object. */
export function answerOf(result: unknown): { status: number; data: unknown; headers: Headers } {
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  return { status: 200, data: result, headers: new Headers() };
}

/** What a route answered, whether it returned or threw it (a redirect, a `data()` with a status). */
export async function settled(result: Promise<unknown>) {
  try {
    return answerOf(await result);
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    return answerOf(thrown);
  }
}

/** The arguments React Router gives a route's loader or action, for a plain `Request`. */
export function routeArgs(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  return { request, context, params: {}, url, pattern: url.pathname };
}
