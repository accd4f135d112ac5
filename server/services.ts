import { createCertificateService } from "./certificates/certificate-service";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createDeliveryWorker } from "./delivery/worker";
import { createPageEvents } from "./events/page-events";
import { createLeadService } from "./leads/submit-lead";
import type { Logger } from "./logger";
import { createSettings } from "./settings/settings";

/** The application's services, wired once per process. */
export function createServices(config: Config, db: Db, logger: Logger) {
  const settings = createSettings(db);
  return {
    settings,
    leads: createLeadService({
      db,
      logger,
      siteUrl: config.siteUrl,
      site: config.site,
      leadRateLimitPerHour: config.leadRateLimitPerHour,
    }),
    certificates: createCertificateService(db),
    events: createPageEvents(db),
    deliveryWorker: createDeliveryWorker({ db, config, settings, logger }),
  };
}

export type Services = ReturnType<typeof createServices>;
