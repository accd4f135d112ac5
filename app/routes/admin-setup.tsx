import { Form, Link } from "react-router";
import { AdminHeader, adminButton, adminCard, primaryButton } from "~/admin/admin-header";
import { readForm } from "~/site/read-form";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import { Toasts, type Toast } from "~/admin/kit/toasts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-setup";
import { Cell, Row, Table } from "~/admin/kit/table";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Admin Setup" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "setup.view");
  return context.operator.overview();
}

export async function action({ request, context }: Route.ActionArgs): Promise<{ toast: Toast }> {
  const { actor } = await requireOperatorAction(request, context, "setup.change");
  const form = await readForm(request, context.logger);
  const intent = form.get("intent");
  const error = (description: string): { toast: Toast } => ({ toast: { title: "Error", description, tone: "error" } });

  if (intent === "save-webhook") {
    const saved = await context.operator.saveWebhookUrl(String(form.get("url") ?? ""));
    if (!saved.ok) return error(saved.message);
    const url = String(form.get("url") ?? "").trim();
    await context.admin.audit.recordChange(
      actor,
      { action: "save-webhook", target: { type: "setting", id: "webhook_url" }, detail: { url, cleared: saved.cleared } },
      { url: saved.previous },
      { url: url || null },
    );
    return saved.cleared
      ? { toast: { title: "Configuration Cleared", description: "Webhook integration has been disabled.", tone: "success" } }
      : { toast: { title: "Configuration Saved", description: `${context.operator.providerName} webhook integration has been configured successfully.`, tone: "success" } };
  }
  if (intent === "send-test") {
    // The URL in the field is the one tested, saved or not; the toast names it.
    const sent = await context.operator.sendTestData(String(form.get("url") ?? ""));
    await context.admin.audit.record(actor, {
      action: "send-test-webhook",
      target: { type: "setting", id: "webhook_url" },
      detail: { url: sent.url ?? null, ok: sent.ok, ...(sent.error ? { error: sent.error } : {}) },
    });
    if (sent.error === "no-url") return error("Please enter a webhook URL first.");
    if (sent.error === "bad-url") return error("Please enter a valid http:// or https:// URL.");
    const unsaved = sent.saved ? "" : " This URL is not saved yet: press Save Configuration to keep it.";
    if (sent.ok) {
      return { toast: { title: "Test Sent", description: `Test data sent to ${sent.url}. Check your integration logs.${unsaved}`, tone: "success" } };
    }
    return error(`Failed to send test data to ${sent.url}. Please check your webhook URL.${unsaved}`);
  }
  if (intent === "rotate-secret") {
    await context.operator.rotateSecret();
    await context.admin.audit.record(actor, { action: "rotate-webhook-secret", target: { type: "setting", id: "webhook_secret" } });
    return { toast: { title: "Signing Secret Rotated", description: "Give your receiver the new secret; the old one no longer verifies.", tone: "success" } };
  }
  return error("Unknown action.");
}


const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { database, backup, webhook, partners, recentLeads, availableFields } = loaderData;
  const configured = Boolean(webhook.url);
  return (
    <>
      <Toasts latest={actionData?.toast} />
      <AdminHeader title="Admin Setup" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <section aria-labelledby="db-title" className={adminCard}>
          <h2 id="db-title" className="text-lg font-bold">
            Database
          </h2>
          <p className="mt-2 flex items-center gap-2">
            <span className={`size-2.5 rounded-full ${database.ok ? "bg-emerald-600" : "bg-red-600"}`} aria-hidden="true" />
            {database.ok ? "Connected and active" : `Not reachable: ${database.error}`} ({database.engine === "sqlite" ? "SQLite" : "PostgreSQL"})
          </p>
          <BackupStatus engine={database.engine} {...backup} />
        </section>

        <section aria-labelledby="webhook-title" className={adminCard}>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="webhook-title" className="text-lg font-bold">
              Webhook Integration
            </h2>
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">Recommended</span>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            Every lead is sent from our server to this URL as signed JSON, with retries for about a day if it is down.
          </p>
          <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-600">Status</dt>
              <dd className={configured ? "font-semibold text-emerald-800" : "font-semibold text-slate-700"}>
                {configured ? "Configured" : "Not configured"}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Last saved</dt>
              <dd>{webhook.savedAt ? dateTime(webhook.savedAt) : "Never"}</dd>
            </div>
          </dl>
          {/* noValidate: the server trims the URL (only spaces clears the setting) and checks it. */}
          <Form method="post" noValidate className="mt-4 space-y-3">
            <label htmlFor="webhook-url" className="block font-semibold">
              Webhook URL
            </label>
            <input
              id="webhook-url"
              name="url"
              type="url"
              defaultValue={webhook.url ?? ""}
              placeholder="https://hook.example.com/your-webhook"
              className="block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="save-webhook" className={primaryButton}>
                Save Configuration
              </button>
              {configured ? (
                <button type="submit" name="intent" value="send-test" formNoValidate className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
                  Send Test Data
                </button>
              ) : null}
            </div>
          </Form>
          <div className="mt-6 rounded-lg bg-slate-50 p-4">
            <h3 className="font-semibold">Signing secret</h3>
            <p className="mt-1 text-sm text-slate-700">
              Requests carry <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> (Standard
              Webhooks, HMAC-SHA256). Verify them with this secret:
            </p>
            <p className="mt-2 break-all rounded bg-white p-2 font-mono text-sm ring-1 ring-slate-200" data-testid="signing-secret">
              {webhook.secret}
            </p>
            <Form method="post" className="mt-3">
              <button type="submit" name="intent" value="rotate-secret" className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}>
                Rotate secret
              </button>
            </Form>
          </div>
        </section>

        {partners.map((partner) => {
          const leads = partner.caseTypes.join(" and ");
          return (
            <section key={partner.id} aria-labelledby={`partner-${partner.id}`} className={adminCard}>
              <h2 id={`partner-${partner.id}`} className="text-lg font-bold">
                {partner.name} partner ({leads} leads)
              </h2>
              <p className="mt-2 text-sm text-slate-700">
                {partner.configured
                  ? `Configured on the server: ${leads} leads are sent to the partner as well.`
                  : `Not configured: set ${partner.settings.join(" and ")} on the server. ${leads} deliveries wait and retry until then.`}
              </p>
            </section>
          );
        })}

        <section aria-labelledby="guide-title" className={adminCard}>
          <h2 id="guide-title" className="text-lg font-bold">
            Connect an automation service
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
            <li>Create a scenario that starts with a custom webhook, and paste its URL above.</li>
            <li>Add a spreadsheet "Add a row" module and map the fields below to columns.</li>
            <li>Press Send Test Data, check the row arrives, then activate the scenario.</li>
          </ol>
          <h3 className="mt-5 font-semibold">Available form fields</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {availableFields.map((field) => (
              <li key={field}>
                <code className="rounded bg-slate-100 px-2 py-1 text-xs">{field}</code>
              </li>
            ))}
          </ul>
          <h3 className="mt-5 font-semibold">Tips</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            <li>Filter on eligibilityResult = true to route qualified leads.</li>
            <li>Format dates and phone numbers in the spreadsheet module.</li>
            <li>Add an e-mail notification for new leads.</li>
            <li>Use conditional routing by case_type to send each claim type to its own sheet.</li>
          </ul>
        </section>

        <section aria-labelledby="leads-title" className={adminCard}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="leads-title" className="text-lg font-bold">
              Recent leads and deliveries
            </h2>
            <Link to="/admin/leads" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
              All leads in the console
            </Link>
          </div>
          {recentLeads.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No leads yet.</p>
          ) : (
            <Table className="mt-3" columns={["Received", "Claim", "Outcome", "Delivery"]}>
              {recentLeads.map((lead) => (
                <Row key={lead.id} className="align-top" data-lead-id={lead.id}>
                  <Cell className="whitespace-nowrap">
                    <Link to={`/admin/leads/${lead.id}`} className="inline-flex min-h-11 items-center text-brand underline">
                      {dateTime(lead.createdAt)}
                    </Link>
                  </Cell>
                  <Cell>{lead.caseType}</Cell>
                  <Cell>{lead.spam ? "Spam (not delivered)" : (lead.outcome ?? "-")}</Cell>
                  <Cell>
                    {lead.deliveries.length === 0
                      ? lead.spam ? "-" : "No target configured"
                      : lead.deliveries.map((d) => (
                          <p key={d.target}>
                            {d.target}: <strong>{d.status}</strong> ({d.attempts} attempt{d.attempts === 1 ? "" : "s"})
                            {d.lastError ? <span className="text-red-800"> {d.lastError}</span> : null}
                          </p>
                        ))}
                  </Cell>
                </Row>
              ))}
            </Table>
          )}
        </section>
      </main>
    </>
  );
}

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const BACKUP_STATUS = {
  ok: { label: "Passed its integrity check", dot: "bg-emerald-600" },
  failed: { label: "Failed", dot: "bg-red-600" },
  running: { label: "Started, not finished", dot: "bg-amber-500" },
} as const;

/** The last backup (docs/decisions/034): when, whether its check passed, its size and lead count. */
function BackupStatus({ engine, last, scheduled }: Route.ComponentProps["loaderData"]["backup"] & { engine: string }) {
  const status = last ? BACKUP_STATUS[last.status] : null;
  const scheduleNote = scheduled
    ? `The worker takes one every ${scheduled.everyHours} hour${scheduled.everyHours === 1 ? "" : "s"} and keeps the newest ${scheduled.keep}.`
    : engine === "sqlite"
      ? (
          <>
            No schedule: set <code>BACKUP_DIR</code> on the server, or run <code>npm run backup</code>.
          </>
        )
      : null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="backup-status">
      <h3 className="font-semibold">Last backup</h3>
      {last && status ? (
        <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="font-medium text-slate-600">Taken</dt>
            <dd>{dateTime(last.startedAt)}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Status</dt>
            <dd className="flex items-center gap-2 font-semibold">
              <span className={`size-2.5 shrink-0 rounded-full ${status.dot}`} aria-hidden="true" />
              {status.label}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Size</dt>
            <dd>{last.sizeBytes === null ? "-" : fileSize(last.sizeBytes)}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Leads</dt>
            <dd>{last.leadCount === null ? "-" : last.leadCount.toLocaleString("en-US")}</dd>
          </div>
        </dl>
      ) : null}
      {last?.error ? <p className="mt-2 text-sm break-words text-red-800">{last.error}</p> : null}
      {last ? null : (
        <p className="mt-1 text-sm text-slate-700">
          {engine === "sqlite" ? "No backup recorded yet." : "PostgreSQL is backed up with pg_dump (see the README); nothing is recorded here."}
        </p>
      )}
      {scheduleNote ? <p className="mt-2 text-sm text-slate-700">{scheduleNote}</p> : null}
    </div>
  );
}
