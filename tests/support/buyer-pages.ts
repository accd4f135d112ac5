import { action as buyerAction, loader as buyerLoader } from "../../app/routes/admin-buyer";
import { action as buyersAction, loader as buyersLoader } from "../../app/routes/admin-buyers";
import { loader as reportLoader } from "../../app/routes/admin-buyers-report";
import { formPost, OWNER_EMAIL, routeArgs, settled, startRouteServices, TEST_SITE_URL } from "./load-context";
import { TEST_SECRETS_KEY } from "./routing-fixtures";

// The buyers pages' routes (list, form, report, actions) called with plain Requests on real services and a
// real database, as a logged-in operator or as nobody.

export const BUYERS_OPERATOR_PASSWORD = "buyers operator password";

export type BuyerPages = Awaited<ReturnType<typeof startBuyerPages>>;

/** With a SECRETS_KEY unless `secretsKey` is false; `env` for the server's other settings. */
export async function startBuyerPages({ secretsKey = true, env = {} }: { secretsKey?: boolean; env?: Record<string, string> } = {}) {
  const routes = await startRouteServices({ ADMIN_PASSWORD: BUYERS_OPERATOR_PASSWORD, ...(secretsKey ? { SECRETS_KEY: TEST_SECRETS_KEY } : {}), ...env });
  const login = await routes.admin.login(OWNER_EMAIL, BUYERS_OPERATOR_PASSWORD, "192.0.2.1");
  if (!login.ok) throw new Error(`operator login failed: ${login.message}`);
  const operator = login.setCookie.split(";")[0]!;

  const get = (path: string, cookie: string | null) => new Request(TEST_SITE_URL + path, { headers: cookie ? { cookie } : {} });
  const post = (path: string, fields: Record<string, string | string[]>, cookie: string | null) =>
    formPost(path, fields, cookie ? { cookie } : {});
  /** /admin/buyers/new, or /admin/buyers/:buyerId with an id. */
  const formPath = (buyerId?: string) => `/admin/buyers/${buyerId ? encodeURIComponent(buyerId) : "new"}`;
  const withBuyer = (request: Request, buyerId?: string) => ({ ...routeArgs(request, routes.context()), params: buyerId === undefined ? {} : { buyerId } });

  return {
    ...routes,
    operator,
    buyers: routes.services.buyers,
    /** GET /admin/buyers?query */
    listPage: (query = "", cookie: string | null = operator) => settled(buyersLoader(routeArgs(get(`/admin/buyers${query}`, cookie), routes.context()))),
    /** POST /admin/buyers (pause, resume) */
    listAction: (fields: Record<string, string>, cookie: string | null = operator) =>
      settled(buyersAction(routeArgs(post("/admin/buyers", fields, cookie), routes.context()))),
    /** GET /admin/buyers/report */
    reportPage: (cookie: string | null = operator) => settled(reportLoader(routeArgs(get("/admin/buyers/report", cookie), routes.context()))),
    /** GET /admin/buyers/new or /admin/buyers/:buyerId */
    formPage: (buyerId?: string, cookie: string | null = operator) => settled(buyerLoader(withBuyer(get(formPath(buyerId), cookie), buyerId))),
    /** POST /admin/buyers/new or /admin/buyers/:buyerId */
    formAction: (buyerId: string | undefined, fields: Record<string, string | string[]>, cookie: string | null = operator) =>
      settled(buyerAction(withBuyer(post(formPath(buyerId), fields, cookie), buyerId))),
    /** The operator's buyers: not the system ones (the webhook, Legal Bridge) written at start-up. */
    buyerRows: () => routes.db.selectFrom("buyers").selectAll().where("system", "is", null).execute(),
  };
}
