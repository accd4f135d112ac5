import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { allFields, answersFromValues } from "#claims/engine/form-values";
import { claimBySlug } from "#claims/registry";
import { action as leadAction, loader as leadLoader } from "../../app/routes/admin-lead";
import { action as leadsAction, loader as leadsLoader } from "../../app/routes/admin-leads";
import type { Attribution } from "../../server/attribution/attribution";
import type { DeliveryStatus, DeliveryTarget } from "../../server/db/schema";
import { leadExportRoute } from "../../server/http/lead-export-route";
import { createLeadService } from "../../server/leads/submit-lead";
import type { LeadSupplier } from "../../server/suppliers/supplier-keys";

import { formPost, OWNER_EMAIL, routeArgs, settled, startRouteServices, TEST_SITE_URL } from "./load-context";
import { sampleAnswers } from "./sample-answers";

// The lead console's routes (list, lead page, actions, export) called with plain Requests on real
// services and a real database, as a logged-in operator or as nobody; and leads made through the
// real intake with the names, phones, states, attribution and submission times a test chooses.

export const OPERATOR_PASSWORD = "console operator password";
const CONSOLE_ACTIONS = ["resend-delivery", "resend-filtered", "mark-spam", "mark-not-spam", "export-csv"];

/** A lead to make: anything left out gets a valid sample answer. */
export interface LeadSpec {
  /** The claim's slug; 'mva' unless given. */
  claim?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  state?: string;
  /** Any other answers, by question name, as the JSON API takes them. */
  answers?: Record<string, unknown>;
  /** When the lead was submitted; now unless given. */
  at?: Date | string;
  attribution?: Attribution | null;
  /** Submitted with the honeypot filled, so it is stored as spam (and queues nothing). */
  spam?: boolean;
  ip?: string;
  userAgent?: string;
  pageUrl?: string;
  /** Sent by this supplier through its key (docs/decisions/046); our own form's lead without one. */
  supplier?: LeadSupplier;
  /** The language of the form it came from (docs/decisions/058); English unless given. */
  language?: "en" | "es";
}

export type ConsoleRoutes = Awaited<ReturnType<typeof startConsole>>;

export async function startConsole(env: Record<string, string> = {}, options: { now?: () => Date } = {}) {
  const routes = await startRouteServices({ ADMIN_PASSWORD: OPERATOR_PASSWORD, ...env }, options);
  const { db, config, logger } = routes;
  const login = await routes.admin.login(OWNER_EMAIL, OPERATOR_PASSWORD, "192.0.2.1");
  if (!login.ok) throw new Error(`operator login failed: ${login.message}`);
  /** The operator's session cookie, as the browser sends it back. */
  const operator = login.setCookie.split(";")[0]!;
  let made = 0;
  /** The audit log cannot be cleared (it is append-only): the console's actions are those since the last clearLeads. */
  let clearedAt = "";

  /** Submits a lead through the lead service (validation, certificate, outbox), at the chosen time. */
  async function makeLead(spec: LeadSpec = {}): Promise<string> {
    const n = ++made;
    const claim = claimBySlug(spec.claim ?? "mva");
    if (!claim) throw new Error(`no claim ${spec.claim}`);
    const at = spec.at ? new Date(spec.at) : new Date();
    const intake = createLeadService({ db, logger, siteUrl: config.siteUrl, site: config.site, leadRateLimitPerHour: 0, now: () => at });
    const [firstName, lastName] = [spec.firstName ?? "Pat", spec.lastName ?? "Sample"];
    const asksFullName = allFields(claim).some((field) => field.name === "fullName");
    const answers = {
      ...answersFromValues(claim, sampleAnswers(claim)),
      ...(asksFullName ? { fullName: `${firstName} ${lastName}` } : { fn: firstName, ln: lastName }),
      // A person of its own unless the spec names one: a second lead of a claim from one person is a duplicate.
      em: spec.email ?? `lead-${n}@example.com`,
      ph: spec.phone ?? `(212) 555-${String(99 + n).padStart(4, "0")}`,
      ...(spec.state ? { st: spec.state } : {}),
      ...(spec.spam ? { website: "http://spam.example" } : {}),
      ...spec.answers,
    };
    const result = await intake.submit(claim.slug, answers, {
      ip: spec.ip ?? "203.0.113.7",
      userAgent: spec.userAgent ?? "ConsoleTest/1.0",
      pageUrl: spec.pageUrl ?? `${TEST_SITE_URL}${claim.routes.form}`,
      attribution: spec.attribution ?? null,
      supplier: spec.supplier ?? null,
      ...(spec.language ? { language: spec.language } : {}),
    });
    if (result.status !== "created") throw new Error(`${claim.slug} lead not created: ${JSON.stringify(result)}`);
    return result.leadId;
  }

  // The export is an Express handler, not a route module (ADR 020): it is served over real HTTP.
  const exportServer = http.createServer(
    express().get("/admin/leads/export.csv", leadExportRoute({ admin: routes.admin, leadConsole: routes.services.leadConsole, logger })),
  );
  await new Promise<void>((resolve) => exportServer.listen(0, "127.0.0.1", resolve));
  const exportUrl = `http://127.0.0.1:${(exportServer.address() as AddressInfo).port}/admin/leads/export.csv`;

  const get = (path: string, cookie: string | null) => new Request(TEST_SITE_URL + path, { headers: cookie ? { cookie } : {} });
  const withLead = (request: Request, leadId: string) => ({ ...routeArgs(request, routes.context()), params: { leadId } });

  return {
    ...routes,
    async close() {
      exportServer.closeAllConnections();
      await new Promise<void>((resolve) => exportServer.close(() => resolve()));
      await routes.close();
    },
    operator,
    makeLead,
    /** GET /admin/leads?query */
    listPage: (query = "", cookie: string | null = operator) => settled(leadsLoader(routeArgs(get(`/admin/leads${query}`, cookie), routes.context()))),
    /** GET /admin/leads/:leadId */
    leadPage: (leadId: string, cookie: string | null = operator) => settled(leadLoader(withLead(get(`/admin/leads/${leadId}`, cookie), leadId))),
    /** POST /admin/leads (the list's actions) */
    listAction: (fields: Record<string, string>, cookie: string | null = operator) =>
      settled(leadsAction(routeArgs(formPost("/admin/leads", fields, cookie ? { cookie } : {}), routes.context()))),
    /** POST /admin/leads/:leadId (the lead's actions) */
    leadAction: (leadId: string, fields: Record<string, string>, cookie: string | null = operator) =>
      settled(leadAction(withLead(formPost(`/admin/leads/${leadId}`, fields, cookie ? { cookie } : {}), leadId))),
    /** GET /admin/leads/export.csv?query over HTTP: the Response, its body unread. */
    exportResponse: (query = "", cookie: string | null = operator, headers: Record<string, string> = {}) =>
      fetch(exportUrl + query, { headers: { ...headers, ...(cookie ? { cookie } : {}) } }),
    /** The export's bytes as sent (fetch would decompress them), with its headers. */
    rawExport: (headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(exportUrl, { headers: { ...headers, cookie: operator } }, (response) => {
            const parts: Buffer[] = [];
            response.on("data", (part: Buffer) => parts.push(part));
            response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
            response.on("error", reject);
          })
          .on("error", reject);
      }),
    deliveriesOf: (leadId: string) => db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).orderBy("target").execute(),
    deliveryOf: (leadId: string, target: DeliveryTarget = "webhook") =>
      db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("target", "=", target).executeTakeFirstOrThrow(),
    /** Puts a delivery in a state directly, for tests about what the console does with each state. */
    setDeliveryStatus: (leadId: string, target: DeliveryTarget, status: DeliveryStatus) =>
      db.updateTable("deliveries").set({ status }).where("lead_id", "=", leadId).where("target", "=", target).execute(),
    /** The lead console's actions in the audit log since the last clearLeads, oldest first. */
    consoleActions: () =>
      db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "in", CONSOLE_ACTIONS)
        .where("at", ">=", clearedAt)
        .orderBy("at")
        .orderBy("id")
        .execute(),
    /**
     * Deletes every lead with its certificate, deliveries, routings and console actions, and the buyers'
     * cap counts, for the next test to start afresh.
     */
    async clearLeads() {
      clearedAt = new Date().toISOString();
      for (const table of ["delivery_attempts", "deliveries", "routing_decisions", "buyer_cap_counters", "leads", "submission_certificates"] as const) {
        await db.deleteFrom(table).execute();
      }
    },
  };
}
