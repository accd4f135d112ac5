import { createBuyerStore } from "./buyers/buyer-store";
import { createCertificateService } from "./certificates/certificate-service";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { createDeliveryWorker } from "./delivery/worker";
import { createPageEvents } from "./events/page-events";
import { createLeadConsole } from "./lead-console/lead-console";
import { createLeadService } from "./leads/submit-lead";
import type { Logger } from "./logger";
import { createSecretBox } from "./secrets/secret-box";
import { createSettings } from "./settings/settings";

/** The application's services, wired once per process. */
export function createServices(config: Config, db: Db, logger: Logger) {
  const settings = createSettings(db);
  const secretBox = config.secretsKey ? createSecretBox(config.secretsKey) : null;
  const deliveryWorker = createDeliveryWorker({ db, secretBox, config, settings, logger });
  return {
    settings,
    leads: createLeadService({
      db,
      logger,
      siteUrl: config.siteUrl,
      site: config.site,
      leadRateLimitPerHour: config.leadRateLimitPerHour,
      duplicateWindowDays: config.duplicateWindowDays,
    }),
    certificates: createCertificateService(db),
    events: createPageEvents(db),
    deliveryWorker,
    buyers: createBuyerStore(db, secretBox, { partners: config.partners }),
    leadConsole: createLeadConsole({ db, worker: deliveryWorker, siteUrl: config.siteUrl, timeZone: config.operatorTimeZone }),
  };
}

export type Services = ReturnType<typeof createServices>;
