import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { claimByCaseType, claims } from "#claims/registry";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { LeadsTable } from "../../db/schema";
import { leadRecord } from "../../leads/lead-record";
import { claimAnswers } from "../../seed/claim-answers";
import { createRandom } from "../../seed/random";
import type { SecretBox } from "../../secrets/secret-box";
import type { Settings } from "../../settings/settings";
import { sendToBuyer } from "./buyer-sender";
import { buyerById, openBuyerCredentials } from "./buyer-store";

/** The person of every test lead: the same sample values as the Setup page's Send Test Data. */
const TEST_PERSON = { firstName: "Test", lastName: "Lead", email: "test@example.com", phone: "5555550100" } as const;
/** How much of the buyer's answer the page shows. */
export const TEST_ANSWER_CHARS = 500;

export type TestLeadAnswer =
  | {
      ok: true;
      /** The test lead's id and webhook-id, both starting 'test_'. */
      leadId: string;
      caseType: string;
      url: string;
      /** Whether the buyer's acceptance rule took the answer as an acceptance. */
      accepted: boolean;
      status: number | null;
      error: string | null;
      /** The start of the buyer's answer (TEST_ANSWER_CHARS). */
      body: string | null;
      durationMs: number;
    }
  | { ok: false; message: string };

export interface BuyerTestLeadDeps {
  db: Db;
  secretBox: Pick<SecretBox, "open"> | null;
  settings: Settings;
  config: Pick<Config, "webhook" | "delivery" | "siteUrl" | "site">;
  now?: () => Date;
}

/**
 * 'Send a test lead' on a buyer's page: a made-up lead, marked as a test ('Test Lead', test@example.com,
 * ids and webhook-id starting 'test_'), sent through the buyer's real delivery (its mapping, format,
 * credentials and acceptance rule), with the buyer's answer. It is never saved: no lead row, no
 * delivery, no sale, nothing counted against the buyer's caps (docs/decisions/042).
 */
export function createBuyerTestLead({ db, secretBox, settings, config, now = () => new Date() }: BuyerTestLeadDeps) {
  async function send(buyerId: string): Promise<TestLeadAnswer | null> {
    const buyer = await buyerById(db, buyerId);
    if (!buyer) return null;
    if (buyer.system) return { ok: false, message: `${buyer.name} is sent by the server: test it from the Setup page.` };
    let credentials: string | null = null;
    if (buyer.credentialsLast4) {
      if (!secretBox) return { ok: false, message: `${buyer.name}'s credentials need SECRETS_KEY, which is not set.` };
      try {
        credentials = await openBuyerCredentials(db, secretBox, buyer.id);
      } catch (error) {
        return { ok: false, message: `${buyer.name}'s credentials cannot be opened: ${(error as Error).message}` };
      }
    }
    const at = now();
    const lead = testLead(buyer.rules.filters.claimTypes[0], buyer.rules.filters.states[0], at, config);
    const result = await sendToBuyer({
      delivery: buyer.delivery,
      credentials,
      lead,
      pageUrl: null,
      messageId: lead.id,
      webhook: { secret: await settings.webhookSecret(), payload: config.webhook },
      timeoutMs: config.delivery.timeoutMs,
      now: at,
    });
    return {
      ok: true,
      leadId: lead.id,
      caseType: lead.case_type,
      url: buyer.delivery.url,
      accepted: result.ok,
      status: result.status,
      error: result.error,
      body: result.responseBody === null ? null : result.responseBody.slice(0, TEST_ANSWER_CHARS),
      durationMs: result.durationMs,
    };
  }

  return { send };
}

export type BuyerTestLead = ReturnType<typeof createBuyerTestLead>;

/**
 * A lead of the claim the buyer takes (the first it names, else the first claim), with valid answers
 * to every question, made the way the lead service saves one (leadRecord), but held in memory only.
 */
function testLead(caseType: string | undefined, state: string | undefined, at: Date, config: Pick<Config, "siteUrl" | "site">): Selectable<LeadsTable> {
  const definition = (caseType && claimByCaseType(caseType)) || claims[0]!;
  const random = createRandom(at.getTime());
  const answers = claimAnswers(definition, random, 1).answersFor(random, { ...TEST_PERSON, state: state ?? "CA" }, at);
  const leadId = `test_${randomUUID()}`;
  const { lead } = leadRecord({
    definition,
    answers,
    leadId,
    submittedAt: at,
    submissionKey: leadId,
    submissionSha256: "test",
    isSpam: false,
    context: { ip: "192.0.2.1", userAgent: "Test lead from the admin", pageUrl: null, attribution: null },
    siteUrl: config.siteUrl,
    site: config.site,
  });
  return {
    ...lead,
    notes: "TEST LEAD sent from the admin: not a real person, do not contact.",
    buyer_status: null,
    revoked_at: null,
    revocation_id: null,
    phone_e164: lead.phone_e164 ?? null,
    email_normalized: lead.email_normalized ?? null,
    low_quality: null,
  } as Selectable<LeadsTable>;
}

