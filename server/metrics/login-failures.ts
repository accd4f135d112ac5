import type { AdminAuth } from "../admin/admin-auth";
import type { Metrics } from "./metrics";

/** The operator login, counting its failures (wrong password or throttled) in the metrics. */
export function countLoginFailures(admin: AdminAuth, metrics: Metrics): AdminAuth {
  return {
    ...admin,
    async login(email, password, ip) {
      const result = await admin.login(email, password, ip);
      if (!result.ok) metrics.loginFailed(result.reason);
      return result;
    },
  };
}
