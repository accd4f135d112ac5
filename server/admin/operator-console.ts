import type { Config } from "../config";
import { databaseStatus, type Db } from "../db/database";
import { claims } from "#claims/registry";
import { testWebhookPayload, webhookFields, sendSignedWebhook } from "../distribution";
import type { Settings } from "../settings/settings";
import { latestBackup } from "../backups/backups";

export type OperatorConsole = ReturnType<typeof createOperatorConsole>;

export interface RecentLead {
  id: string;
  createdAt: string;
  caseType: string;
  outcome: string | null;
  spam: boolean;
  deliveries: Array<{ target: string; status: string; attempts: number; lastError: string | null }>;
}

/** What /admin/setup shows and does; every call here is made for a logged-in operator. */
export function createOperatorConsole(deps: { db: Db; settings: Settings; config: Config }) {
  const { db, settings, config } = deps;

  async function recentLeads(limit = 15): Promise<RecentLead[]> {
    const leads = await db
      .selectFrom("leads")
      .select(["id", "created_at", "case_type", "eligibility_reason", "is_spam"])
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
    const deliveries = leads.length
      ? await db
          .selectFrom("deliveries")
          .select(["lead_id", "target", "status", "attempts", "last_error"])
          .where(
            "lead_id",
            "in",
            leads.map((l) => l.id),
          )
          .execute()
      : [];
    return leads.map((lead) => ({
      id: lead.id,
      createdAt: lead.created_at,
      caseType: lead.case_type,
      outcome: lead.eligibility_reason,
      spam: lead.is_spam === 1,
      deliveries: deliveries
        .filter((d) => d.lead_id === lead.id)
        .map((d) => ({ target: d.target, status: d.status, attempts: Number(d.attempts), lastError: d.last_error })),
    }));
  }

  /** Each partner some claim delivers to: whether the server has its endpoint and key, and for which claims. */
  function partnersOverview() {
    const ids = [...new Set(claims.flatMap((c) => (c.partners ?? []).map((p) => p.partner)))];
    return ids.map((id) => {
      const endpoint = config.partners[id];
      return {
        id,
        name: endpoint.name,
        configured: Boolean(endpoint.url && endpoint.apiKey),
        settings: endpoint.settings,
        caseTypes: claims.filter((c) => c.partners?.some((p) => p.partner === id)).map((c) => c.caseType),
      };
    });
  }

  return {
    providerName: config.webhook.providerName,

    async overview() {
      const [database, backup, webhook, secret, leads] = await Promise.all([
        databaseStatus(db),
        latestBackup(db),
        settings.webhook(),
        settings.webhookSecret(),
        recentLeads(),
      ]);
      return {
        database: { engine: config.database.engine, ...database },
        backup: {
          last: backup,
          scheduled: config.backup && config.database.engine === "sqlite" ? { everyHours: config.backup.intervalHours, keep: config.backup.keep } : null,
        },
        webhook: { ...webhook, secret },
        partners: partnersOverview(),
        recentLeads: leads,
        availableFields: webhookFields(),
      };
    },

    /** Saves a trimmed URL, or clears the configuration when blank; refuses anything but http(s). Answers the URL it replaced, for the audit log. */
    async saveWebhookUrl(raw: string): Promise<{ ok: true; cleared: boolean; previous: string | null } | { ok: false; message: string }> {
      const url = raw.trim();
      if (url && !/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : "")) {
        return { ok: false, message: "Please enter a valid http:// or https:// URL." };
      }
      const previous = (await settings.webhook()).url || null;
      await settings.saveWebhookUrl(url);
      return { ok: true, cleared: !url, previous };
    },

    /**
     * Posts the fixed test payload through the same signed sender as real leads: to `rawUrl` (the URL
     * in the field, saved or not) when given, else to the saved URL. Answers which URL it tried.
     */
    async sendTestData(rawUrl = ""): Promise<{ ok: boolean; error?: string; url?: string; saved?: boolean }> {
      const savedUrl = (await settings.webhook()).url;
      const url = rawUrl.trim() || savedUrl;
      if (!url) return { ok: false, error: "no-url" };
      if (!/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : "")) return { ok: false, error: "bad-url", url };
      const saved = url === savedUrl;
      const result = await sendSignedWebhook({
        url,
        secret: await settings.webhookSecret(),
        messageId: `test_${Date.now()}`,
        payload: testWebhookPayload(config.webhook),
        timeoutMs: config.delivery.timeoutMs,
      });
      return result.ok ? { ok: true, url, saved } : { ok: false, error: result.error ?? "failed", url, saved };
    },

    rotateSecret: () => settings.rotateWebhookSecret(),
  };
}
