import type { AdminAuth } from "../admin/admin-auth";
import type { LeadService } from "../leads/submit-lead";
import type { Metrics } from "./metrics";

/** The lead service, counting every submission by what it answered (saved, refused, replayed). */
export function countSubmissions(leads: LeadService, metrics: Metrics): LeadService {
  return {
    ...leads,
    async submit(slug, input, context) {
      const result = await leads.submit(slug, input, context);
      metrics.leadSubmitted(slug, result);
      return result;
    },
  };
}

/** The operator login, counting its failures (wrong password or throttled). */
export function countLoginFailures(admin: AdminAuth, metrics: Metrics): AdminAuth {
  return {
    ...admin,
    async login(email, password, ip, client) {
      const result = await admin.login(email, password, ip, client);
      if (!result.ok && result.reason !== "second-factor") metrics.loginFailed(result.reason);
      return result;
    },
  };
}
