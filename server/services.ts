import { createCertificateService } from "./certificates/certificate-service";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createPageEvents } from "./events/page-events";
import { createLeadService } from "./leads/submit-lead";
import type { Logger } from "./logger";

/** The application's services, wired once per process. */
export function createServices(config: Config, db: Db, logger: Logger) {
  return {
    leads: createLeadService({
      db,
      logger,
      siteUrl: config.siteUrl,
      site: config.site,
      leadRateLimitPerHour: config.leadRateLimitPerHour,
    }),
    certificates: createCertificateService(db),
    events: createPageEvents(db),
  };
}
