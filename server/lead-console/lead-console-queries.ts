import { answeredQuestions } from "#claims/engine/answers";
import { claimByCaseType } from "#claims/registry";
import { attributionSchema } from "../attribution/attribution";
import { certificateUrl } from "../certificates/certificate-id";
import { certificateChecksOf } from "../certificates/certificate-match";
import { isPostgres } from "../db/database";
import { auctionOf, leadChecksOf, routingDecisionsOf } from "../distribution";
import { formatCents } from "../money";
import { phoneFactsOf } from "../contacts/phone-facts";
import { ledgerEntriesOfLead, moneyOfLeads } from "../ledger";
import { consentProofOf } from "./consent-proof";
import { lowQualityText } from "../contacts/contact-identity";
import type { Actor } from "../audit/audit-log";
import { rerouteChoices } from "./lead-reroute";
import { maskEmail, maskIp, maskName, maskPhone } from "./contact-mask";
import { leadsCsv } from "./lead-export";
import { filterSearchParams, parseLeadFilter } from "./lead-filter";
import { approximateLeadCount, beyond, countLeads, decodeCursor, denseSearchMatches, filteredLeads, keysetPageLinks } from "./lead-query";
import { notResent, RESENDABLE } from "./resend-policy";
import type { LeadConsoleParts } from "./lead-console";

// The lead console's reads: the filtered list, one lead's page, a viewer's reveal of contact details and
// the CSV export. The two last are recorded in the audit log, as views of personal data.

export const PAGE_SIZE = 50;

/** Contact fields a viewer sees masked until they reveal them (docs/decisions/028). */
const CONTACT_ANSWERS = new Set(["fn", "ln", "fullName", "em", "ph", "phone", "email", "address", "street", "dob"]);

export function leadConsoleQueries({ db, database, siteUrl, timeZone, exportReaders, now, choices, record }: LeadConsoleParts) {
  /** One page of the filtered list, newest first, with the filter's count and the neighbouring pages. */
  async function list(params: URLSearchParams, { masked = false }: { masked?: boolean } = {}) {
    const parsed = parseLeadFilter(params, choices);
    if (!parsed.ok) return { ok: false as const, errors: parsed.errors, choices, timeZone };
    const { filter } = parsed;
    const before = decodeCursor(params.get("before"));
    const after = before ? null : decodeCursor(params.get("after"));
    if ((params.get("before") && !before) || (params.get("after") && !after)) {
      return { ok: false as const, errors: { page: "This page link is not valid: start again from the newest leads." }, choices, timeZone };
    }
    // Counted while the page is read (on PostgreSQL on two connections at once). SQLite has no
    // statistics to tell a broad search from a narrow one, so there a search is counted first and its
    // count tells how to read its page; PostgreSQL's planner knows it from its statistics.
    const counting = countLeads(db, filter, timeZone);
    // Awaited below; this only keeps it from being an unhandled rejection if the page's query fails first.
    counting.catch(() => undefined);
    const countFirst = Boolean(filter.q) && !isPostgres(db);
    const search = countFirst && (await counting).count >= denseSearchMatches(await approximateLeadCount(db)) ? "newest-first" : "by-index";
    const { query, order } = filteredLeads(db, filter, timeZone, { search });

    const direction = after ? "asc" : "desc";
    const key = after ?? before;
    const rows = await query
      .select([
        "leads.id",
        "leads.created_at",
        "leads.case_type",
        "leads.fn",
        "leads.ln",
        "leads.st",
        "leads.outcome",
        "leads.is_spam",
        "leads.buyer_status",
        "leads.duplicate_of",
        "leads.low_quality",
        "leads.revoked_at",
      ])
      .$if(key !== null, (qb) => qb.where(beyond(order, key!, after ? ">" : "<")))
      .orderBy(order.time, direction)
      .orderBy(order.id, direction)
      .limit(PAGE_SIZE + 1)
      .execute();
    const hasMore = rows.length > PAGE_SIZE;
    const page = rows.slice(0, PAGE_SIZE);
    if (after) page.reverse();

    const [{ count, more: countIsMore }, deliveries, money] = await Promise.all([counting, deliveriesOf(page.map((l) => l.id)), moneyOfLeads(db, page.map((l) => l.id))]);
    const filterQuery = filterSearchParams(filter);
    const links = keysetPageLinks(
      page.map((lead) => ({ createdAt: lead.created_at, id: lead.id })),
      { after, before, hasMore, filterQuery },
    );

    return {
      ok: true as const,
      filter,
      filterQuery: filterQuery.toString(),
      choices,
      timeZone,
      count,
      /** True when more leads than `count` (COUNT_BOUND) match: the list says "10,000+". */
      countIsMore,
      leads: page.map((lead) => ({
        id: lead.id,
        createdAt: lead.created_at,
        caseType: lead.case_type,
        name: masked ? maskName(lead.fn, lead.ln) : [lead.fn, lead.ln].filter(Boolean).join(" "),
        state: lead.st,
        outcome: lead.outcome,
        spam: lead.is_spam === 1,
        revoked: lead.revoked_at !== null,
        duplicateOf: lead.duplicate_of,
        lowQuality: lowQualityText(lead.low_quality),
        buyerStatus: lead.buyer_status,
        /** The sum of the lead's ledger entries; null when it was never sold. */
        revenueCents: money.get(lead.id)?.netCents ?? null,
        // A lead's buyers are summed up by its buyer status; each buyer's delivery is on the lead's page.
        deliveries: deliveries.filter((d) => d.lead_id === lead.id && d.target !== "buyer").map((d) => ({ target: d.target, status: d.status })),
      })),
      ...links,
    };
  }

  function deliveriesOf(leadIds: string[]) {
    if (!leadIds.length) return Promise.resolve([]);
    return db
      .selectFrom("deliveries")
      .select(["lead_id", "target", "status"])
      .where("lead_id", "in", leadIds)
      .where("target", "!=", "event")
      .orderBy("target")
      .execute();
  }

  /** Everything known about one lead, for the operator: answers by question, consent, request, deliveries. */
  async function detail(leadId: string, { masked = false }: { masked?: boolean } = {}) {
    const lead = await db.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
    if (!lead) return null;
    const supplier = lead.supplier_id ? await db.selectFrom("suppliers").select("name").where("id", "=", lead.supplier_id).executeTakeFirst() : undefined;
    const [certificate, deliveries, attempts, actions, routings, buyerNames] = await Promise.all([
      lead.certificate_id
        ? db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", lead.certificate_id).executeTakeFirst()
        : undefined,
      // Events about the lead are shown with its revocation.
      db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).where("target", "!=", "event").orderBy("created_at").orderBy("target").execute(),
      db
        .selectFrom("delivery_attempts")
        .innerJoin("deliveries", "deliveries.id", "delivery_attempts.delivery_id")
        .selectAll("delivery_attempts")
        .where("deliveries.lead_id", "=", leadId)
        .orderBy("delivery_attempts.attempted_at")
        .execute(),
      db
        .selectFrom("audit_log")
        .selectAll()
        .where("target_type", "=", "lead")
        .where("target_id", "=", leadId)
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(100)
        .execute(),
      routingDecisionsOf(db, leadId),
      db.selectFrom("buyers").select(["id", "name"]).execute(),
    ]);
    const buyerName = new Map(buyerNames.map((b) => [b.id, b.name]));
    const ledger = await ledgerEntriesOfLead(db, leadId);
    const auctions = new Map<string, { bids: { buyer: string; answer: string }[] }>();
    for (const auctionId of new Set(routings.flatMap(({ decision }) => decision.auctionId ?? []))) {
      const auction = await auctionOf(db, auctionId);
      if (!auction) continue;
      auctions.set(auctionId, {
        bids: auction.bids.map((bid) => ({
          buyer: buyerName.get(bid.buyerId) ?? bid.buyerId,
          answer: bid.outcome === "bid" ? formatCents(bid.amountCents!) : bid.detail ? `${bid.outcome}: ${bid.detail}` : bid.outcome,
        })),
      });
    }
    const definition = claimByCaseType(lead.case_type);
    const consentProof = await consentProofOf(db, lead.id, certificate, definition);
    const answers = JSON.parse(lead.form_data) as Record<string, unknown>;
    const attribution = lead.attribution ? attributionSchema.safeParse(JSON.parse(lead.attribution)) : null;
    return {
      id: lead.id,
      createdAt: lead.created_at,
      caseType: lead.case_type,
      claimName: definition?.copy.formTitle ?? lead.case_type,
      /** The language of the form the lead came from (docs/decisions/058). */
      language: lead.language,
      /** The landing-page experiment variant the visitor was shown, '<experiment id>:<key>' (docs/decisions/060), or null. */
      experimentVariant: lead.experiment_variant,
      outcome: lead.outcome,
      eligibilityReason: lead.eligibility_reason,
      spam: lead.is_spam === 1,
      revokedAt: lead.revoked_at,
      duplicateOf: lead.duplicate_of,
      lowQuality: lowQualityText(lead.low_quality),
      masked,
      phoneE164: masked ? maskPhone(lead.phone_e164) : lead.phone_e164,
      contact: masked
        ? { firstName: maskName(lead.fn, null), lastName: maskName(null, lead.ln), email: maskEmail(lead.em), phone: maskPhone(lead.ph), state: lead.st }
        : { firstName: lead.fn, lastName: lead.ln, email: lead.em, phone: lead.ph, state: lead.st },
      answers: (definition ? answeredQuestions(definition, answers) : []).map((a) =>
        masked && CONTACT_ANSWERS.has(a.name) && a.answer ? { ...a, answer: "(masked)" } : a,
      ),
      consent: {
        given: lead.tcpa === 1,
        text: certificate?.consent_text ?? null,
        at: certificate?.created_at ?? null,
        certificateId: lead.certificate_id,
        certificateUrl: lead.certificate_id ? certificateUrl(siteUrl, lead.certificate_id) : null,
        pageUrl: certificate?.page_url ?? null,
      },
      consentProof,
      request: {
        ip: masked ? maskIp(lead.user_ip) : lead.user_ip,
        userAgent: lead.user_agent,
        source: lead.source,
        // The supplier that sent it, and what it cost (docs/decisions/046); null for our own forms.
        supplier: supplier ? { name: supplier.name, payoutCents: lead.supplier_payout_cents === null ? 0 : Number(lead.supplier_payout_cents) } : null,
      },
      attribution: attribution?.success ? attribution.data : null,
      routing: routings.map(({ createdAt, decision }) => ({
        at: createdAt,
        auction: decision.auctionId ? (auctions.get(decision.auctionId) ?? null) : null,
        cascade: decision.alreadyTried.length > 0,
        ...(decision.byOperator ? { byOperator: true as const } : {}),
        considered: decision.considered.map((c) => ({
          buyer: c.buyerName,
          verdict: decision.tried.some((t) => t.buyerId === c.buyerId) ? "sent" : c.verdict === "skipped" ? c.reason : "not needed",
        })),
        sentTo: decision.tried.map((t) => t.buyerName),
        acceptedBy: decision.accepted.map((id) => buyerName.get(id) ?? id),
        unsold: decision.unsold,
      })),
      /** The lead's money: its ledger entries, oldest first, and their sum (docs/decisions/038). */
      money: {
        entries: ledger.map((entry) => ({
          at: entry.created_at,
          kind: entry.kind,
          buyer: buyerName.get(entry.buyer_id) ?? entry.buyer_id,
          amountCents: Number(entry.amount_cents),
          priceSource: entry.price_source,
          returned: entry.return_id !== null,
          note: entry.note,
        })),
        netCents: ledger.reduce((sum, entry) => sum + Number(entry.amount_cents), 0),
      },
      deliveries: deliveries.map((d) => ({
        id: d.id,
        target: d.target === "buyer" ? `buyer ${buyerName.get(d.buyer_id ?? "") ?? d.buyer_id}` : d.target,
        status: d.status,
        attempts: Number(d.attempts),
        nextAttemptAt: d.status === "pending" ? d.next_attempt_at : null,
        deliveredAt: d.delivered_at,
        /** A buyer delivery's deadline, when the lead moved on at it, and a yes that came too late. */
        deadlineAt: d.deadline_at,
        expiredAt: d.expired_at,
        lateAcceptedAt: d.late_accepted_at,
        lastError: d.last_error,
        resendable: lead.is_spam === 0 && lead.revoked_at === null && RESENDABLE.includes(d.status) && !notResent(d.target),
        log: attempts
          .filter((a) => a.delivery_id === d.id)
          .map((a) => ({
            at: a.attempted_at,
            status: a.status_code,
            durationMs: Number(a.duration_ms),
            error: a.error,
            responseBody: a.response_body,
          })),
      })),
      /** The buyers an operator may re-route the lead to by hand; none for spam and revoked leads. */
      rerouteBuyers: lead.is_spam || lead.revoked_at ? [] : await rerouteChoices(db, lead.case_type),
      actions: actions.map((a) => ({ at: a.at, operator: a.operator_email ?? "unknown", action: a.action, detail: JSON.parse(a.detail) as Record<string, unknown> })),
      /** Buyers' checks of the certificate through the match API. */
      certificateChecks: lead.certificate_id ? await certificateChecksOf(db, lead.certificate_id) : [],
      /** Checks before a sale (docs/decisions/048): each result, and why the lead is held if it is. */
      saleChecks: (await leadChecksOf(db, lead.id)).map((row) => ({
        name: row.check_name,
        outcome: row.outcome,
        detail: row.detail,
        answer: row.answer_excerpt,
        durationMs: row.duration_ms,
        priceCents: row.price_cents,
        cached: row.cached === 1,
        policy: row.policy_applied,
        at: row.checked_at,
      })),
      heldReason: lead.buyer_status === "held" ? lead.held_reason : null,
      buyerStatus: lead.buyer_status,
      phoneFacts: phoneFactsOf(lead.phone_e164, lead.st),
      timeZone,
    };
  }

  /** The unmasked contact details of one lead for a viewer who asked to see them; recorded. */
  async function reveal(leadId: string, actor: Actor) {
    const lead = await db.selectFrom("leads").select(["id", "fn", "ln", "em", "ph", "phone_e164", "user_ip"]).where("id", "=", leadId).executeTakeFirst();
    if (!lead) return null;
    await record(db, actor, "reveal-lead-contact", leadId, {});
    return { name: [lead.fn, lead.ln].filter(Boolean).join(" "), email: lead.em, phone: lead.ph, phoneE164: lead.phone_e164, ip: lead.user_ip };
  }

  /** Opening a lead's page with its contact details shown is a view of personal data: recorded. */
  const recordContactView = (leadId: string, actor: Actor) => record(db, actor, "view-lead-contact", leadId, {});

  /** The filtered leads as CSV (gzipped when `gzip`), recorded when it starts; `finish` records its end. */
  async function exportCsv(params: URLSearchParams, actor: Actor, { gzip = false }: { gzip?: boolean } = {}) {
    const parsed = parseLeadFilter(params, choices);
    if (!parsed.ok) return { ok: false as const, message: Object.values(parsed.errors).join(" ") };
    const filter = filterSearchParams(parsed.filter).toString();
    await record(db, actor, "export-csv", null, { filter, stage: "started" });
    const startedAt = now();
    const day = new Intl.DateTimeFormat("sv-SE", { timeZone }).format(startedAt);
    let rows = 0;
    const buyerNames = Object.fromEntries((await db.selectFrom("buyers").select(["id", "name"]).execute()).map((b) => [b.id, b.name]));
    const csv = leadsCsv(db, database, parsed.filter, { timeZone, targets: choices.targets, buyerNames, gzip, startedAt, readers: exportReaders, onRows: (n) => (rows += n) });
    /** The end of the download (complete, or cut short), with the rows read: the stream's count is known only now. */
    const finish = (complete: boolean) => record(db, actor, "export-csv", null, { filter, stage: complete ? "finished" : "aborted", rows });
    return { ok: true as const, filename: `leads-${day}.csv`, csv, finish };
  }

  return { list, detail, reveal, recordContactView, exportCsv };
}
