import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { OperatorRole } from "../../server/db/schema";
import { auditExportRoute } from "../../server/http/audit-export-route";
import { pageAsShownRoute } from "../../server/http/page-as-shown-route";
import { afterAll, beforeAll } from "vitest";
import { startConsole, type ConsoleRoutes } from "./console-leads";
import { OWNER_EMAIL } from "./load-context";

export const OPERATOR_PASSWORD_OF: Record<OperatorRole, string> = {
  owner: "console operator password",
  manager: "a manager's long password",
  viewer: "a viewer's long password",
};
export const EMAIL_OF: Record<OperatorRole, string> = { owner: OWNER_EMAIL, manager: "manager@claims.example", viewer: "viewer@claims.example" };

/** The token at the end of an invitation link. */
export const tokenOf = (link: string) => link.split("/").at(-1)!;

/**
 * A manager and a viewer next to the console's owner, each invited by the owner and logged in, and
 * each role's session cookie; and the Express admin handlers served over real HTTP.
 */
export async function withOperators(app: ConsoleRoutes) {
  const owner = { operatorId: (await app.db.selectFrom("operators").select("id").where("email", "=", OWNER_EMAIL).executeTakeFirstOrThrow()).id, email: OWNER_EMAIL, ip: "192.0.2.1" };
  const cookies: Record<OperatorRole, string> = { owner: app.operator, manager: "", viewer: "" };
  for (const role of ["manager", "viewer"] as const) {
    const invited = await app.admin.accounts.invite(owner, EMAIL_OF[role], role);
    if (!invited.ok) throw new Error(invited.message);
    const accepted = await app.admin.accounts.accept(tokenOf(invited.link), `The ${role}`, OPERATOR_PASSWORD_OF[role], "192.0.2.2");
    if (!accepted.ok) throw new Error(accepted.message);
    const login = await app.admin.login(EMAIL_OF[role], OPERATOR_PASSWORD_OF[role], "192.0.2.3");
    if (!login.ok) throw new Error(login.message);
    cookies[role] = login.setCookie.split(";")[0]!;
  }
  const server = http.createServer(
    express()
      .get("/admin/leads/:leadId/page-as-shown", pageAsShownRoute({ admin: app.admin, db: app.db }))
      .get("/admin/audit/export.csv", auditExportRoute({ admin: app.admin, logger: app.logger, timeZone: app.config.operatorTimeZone })),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    owner,
    cookies,
    /** GET an Express admin handler over HTTP with a role's cookie. */
    fetchAs: (path: string, cookie: string) => fetch(base + path, { headers: { cookie }, redirect: "manual" }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Operators = Awaited<ReturnType<typeof withOperators>>;

/**
 * Registers the hooks that start the console with its operators (withOperators) before the file's tests
 * and close both after them; `started` receives them once they run.
 */
export function consoleWithOperators(
  started: (running: { app: ConsoleRoutes; operators: Operators }) => void,
  ...options: Parameters<typeof startConsole>
): void {
  let app: ConsoleRoutes | undefined;
  let operators: Operators | undefined;
  beforeAll(async () => {
    app = await startConsole(...options);
    operators = await withOperators(app);
    started({ app, operators });
  }, 60_000);
  afterAll(async () => {
    await operators?.close();
    await app?.close();
  });
}
