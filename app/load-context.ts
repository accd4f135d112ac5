import type { SiteIdentity } from "./claims/engine/types";
import type { AdminAuth } from "../server/admin/admin-auth";
import type { OperatorConsole } from "../server/admin/operator-console";
import type { Attribution } from "../server/attribution/attribution";
import type { CertificateService } from "../server/certificates/certificate-service";
import type { PageEvents } from "../server/events/page-events";
import type { LeadService } from "../server/leads/submit-lead";
import type { Logger } from "../server/logger";

/** What the server hands every loader and action (built in server/http/app.ts). */
export interface ServerContext {
  nonce: string;
  site: SiteIdentity;
  siteUrl: string;
  legacyPrefix: string;
  logger: Logger;
  leads: LeadService;
  certificates: CertificateService;
  events: PageEvents;
  admin: AdminAuth;
  operator: OperatorConsole;
  visitor: { ip: string | null; userAgent: string | null; attribution: Attribution | null };
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerContext {}
}
