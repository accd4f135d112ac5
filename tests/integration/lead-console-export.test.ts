import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allFields } from "#claims/engine/form-values";
import { claimByCaseType } from "#claims/registry";
import { startConsole, type ConsoleRoutes, type LeadSpec } from "../support/console-leads";
import { waitFor } from "../support/fake-receiver";
import { OWNER_EMAIL } from "../support/load-context";
import { recordCredit, recordSale } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";

// /admin/leads/export.csv over HTTP, read back with a CSV parser: one row per lead of the
// filter, each lead's answers under its own claim's questions, attribution, delivery status, formula
// cells neutralised (OWASP), UTF-8 with a BOM, and the export recorded.

/** Cells a spreadsheet would run as a formula (OWASP CSV injection), as csv-stringify's escape_formulas knows them. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const LEADS = {
  zoe: { claim: "mva", firstName: "Zoë", lastName: "Ångström", state: "CA", attribution: { utm_source: "google", utm_campaign: "spring", gclid: "g-1" } },
  yamada: { claim: "mva", firstName: "太郎", lastName: "山田", state: "ID", attribution: { utm_source: "line" } },
  afff: { claim: "afff", firstName: "Alex", lastName: "Rivera", answers: { diagnosis: ["kidney-cancer", "testicular-cancer"], hasAttorney: "no" } },
  meso: { claim: "mesothelioma", firstName: "Mia", lastName: "Stone" },
  rideshare: { claim: "rideshare", firstName: "Ray", lastName: "Cole", language: "es" },
  formulas: {
    claim: "pfas",
    firstName: "Eve",
    lastName: "Formula",
    email: "-2@example.com",
    answers: { exposureLocation: '=HYPERLINK("http://evil.example","click")', healthConditions: "+1+2", additionalInfo: "@SUM(1,2)" },
    attribution: { utm_source: "\t=1+2", utm_campaign: "\r=1+2", utm_content: "＝1+2" },
    userAgent: "=cmd|' /C calc'!A0",
  },
  spam: { claim: "mva", firstName: "Bot", lastName: "Spammer", spam: true },
} satisfies Record<string, LeadSpec>;
type Name = keyof typeof LEADS;

let app: ConsoleRoutes;
const ids = {} as Record<Name, string>;

beforeAll(async () => {
  app = await startConsole();
  await app.services.settings.saveWebhookUrl("http://127.0.0.1:9/hook");
  const start = Date.parse("2026-04-01T12:00:00Z");
  let minute = 0;
  for (const [name, spec] of Object.entries(LEADS)) ids[name as Name] = await app.makeLead({ ...spec, at: new Date(start + ++minute * 60_000) });
  await app.setDeliveryStatus(ids.zoe, "webhook", "delivered");
  await app.setDeliveryStatus(ids.afff, "legal-bridge", "dead");
});
afterAll(() => app?.close());

/** The export of `query`: its bytes, its header and its rows by column name. */
async function exported(query = "") {
  const response = await app.exportResponse(query);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const records: string[][] = parse(bytes, { bom: true });
  const [header, ...rest] = records;
  const rows = rest.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
  return { response, bytes, header: header!, rows };
}

/**
 * The unfiltered export, read once for the tests that only read it: each export starts its reader
 * threads, which load the TypeScript loader under Vitest (seconds on a busy machine). Read on first
 * use, so that any one test still runs alone.
 */
let whole: ReturnType<typeof exported> | undefined;
const wholeExport = () => (whole ??= exported());

interface LeadDetail {
  lead: {
    createdAt: string;
    caseType: string;
    answers: Array<{ name: string; answer: string }>;
    contact: Record<string, string | null>;
  };
}

/**
 * An export records its end once its last byte is written, which the client can see first: the audit
 * tests wait for every earlier export's end before they count entries.
 */
async function earlierExportsRecorded() {
  await waitFor(async () => {
    const stages = (await app.consoleActions()).filter((entry) => entry.action === "export-csv").map((entry) => (JSON.parse(entry.detail) as { stage: string }).stage);
    return stages.filter((stage) => stage === "started").length === stages.filter((stage) => stage !== "started").length;
  }, "the earlier exports' ends to be recorded");
}

describe("/admin/leads/export.csv", () => {
  it("is UTF-8 with a BOM, a download named after the day, and its first row is the header", async () => {
    const { response, bytes, header } = await wholeExport();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(header.slice(0, 4)).toEqual(["lead_id", "submitted_at", "submitted_local", "case_type"]);
    expect(header).toEqual(expect.arrayContaining(["first_name", "email", "phone", "state", "outcome", "spam", "utm_source", "gclid"]));
    expect(header.slice(-9)).toEqual(["delivery_webhook", "delivery_legal-bridge", "buyer_status", "consent_revoked_at", "checks", "buyers", "price", "revenue", "return_status"]);
  });

  it("has one row per lead, newest first, and the lead's columns, attribution and delivery status", async () => {
    const { rows } = await wholeExport();
    const newestFirst = (Object.keys(LEADS) as Name[]).reverse();
    expect(rows.map((row) => row.lead_id)).toEqual(newestFirst.map((name) => ids[name]));
    const byName = (name: Name) => rows.find((row) => row.lead_id === ids[name])!;
    expect(byName("zoe")).toMatchObject({
      case_type: "MVA",
      submitted_at: "2026-04-01T12:01:00.000Z",
      submitted_local: "2026-04-01 08:01:00", // New York
      phone: "2125550100",
      state: "CA",
      outcome: "eligible",
      spam: "no",
      tcpa_consent: "yes",
      utm_source: "google",
      utm_campaign: "spring",
      gclid: "g-1",
      utm_medium: "",
      delivery_webhook: "delivered",
      "delivery_legal-bridge": "",
    });
    expect(byName("yamada")).toMatchObject({ outcome: "partial", delivery_webhook: "pending", utm_source: "line" });
    expect(byName("afff")).toMatchObject({ case_type: "AFFF", delivery_webhook: "pending", "delivery_legal-bridge": "dead" });
    expect(byName("spam")).toMatchObject({ spam: "yes", delivery_webhook: "" });
    // The language of the form each lead came from (docs/decisions/058).
    expect([byName("rideshare").language, byName("zoe").language]).toEqual(["es", "en"]);
  });

  it("gives each lead's answers under its own claim's questions, as the lead page shows them", async () => {
    const { header, rows } = await wholeExport();
    for (const row of rows) {
      const { lead } = (await app.leadPage(row.lead_id!)).data as LeadDetail;
      const own = allFields(claimByCaseType(lead.caseType)!).map((field) => `answer_${field.name}`);
      const shown = Object.fromEntries(lead.answers.map((a) => [`answer_${a.name}`, a.answer]));
      const answerCells = Object.fromEntries(header.filter((name) => name.startsWith("answer_")).map((name) => [name, row[name]]));
      const expected = Object.fromEntries(Object.keys(answerCells).map((name) => [name, own.includes(name) ? neutralised(shown[name]!) : ""]));
      expect(answerCells, `${lead.caseType} lead ${row.lead_id}`).toEqual(expected);
    }
    // Two claims ask 'diagnosis' and 'hasAttorney' with options of their own.
    const afff = rows.find((row) => row.lead_id === ids.afff)!;
    expect(afff.answer_diagnosis).toBe("Kidney cancer, Testicular cancer");
    expect(afff.answer_hasAttorney).toBe("No");
  });

  it("keeps names in any script intact", async () => {
    const { bytes, rows } = await wholeExport();
    expect(rows.find((row) => row.lead_id === ids.zoe)).toMatchObject({ first_name: "Zoë", last_name: "Ångström" });
    expect(rows.find((row) => row.lead_id === ids.yamada)).toMatchObject({ first_name: "太郎", last_name: "山田" });
    expect(bytes.toString("utf8")).toContain('"Zoë","Ångström"');
  });

  it("neutralises every cell a spreadsheet would read as a formula with a leading apostrophe", async () => {
    const { rows } = await wholeExport();
    const formulas = rows.find((row) => row.lead_id === ids.formulas)!;
    expect(formulas).toMatchObject({
      email: "'-2@example.com",
      answer_exposureLocation: `'=HYPERLINK("http://evil.example","click")`,
      answer_healthConditions: "'+1+2",
      answer_additionalInfo: "'@SUM(1,2)",
      utm_source: "'\t=1+2",
      utm_campaign: "'\r=1+2",
      utm_content: "'＝1+2",
      user_agent: "'=cmd|' /C calc'!A0",
    });
    // An E.164 phone is written as it is: '+' and digits only, which no spreadsheet computes (docs/decisions/042).
    const e164 = /^\+[1-9]\d{6,14}$/;
    for (const row of rows) {
      for (const [column, cell] of Object.entries(row)) if (!e164.test(cell)) expect(cell, column).not.toMatch(FORMULA_START);
      if (row.phone_e164) expect(row.phone_e164, "phone_e164").toMatch(e164);
    }
  });

  it("exports each lead's buyers, price, revenue and return status from the ledger", async () => {
    const at = new Date("2026-04-02T12:00:00Z");
    const sale = (leadId: string, buyerId: string, cents: number) =>
      recordSale(app.db, { leadId, buyerId, deliveryId: `${leadId}-${buyerId}`, caseType: "AFFF", leadState: "TX", leadSource: FIRST_PARTY_SOURCE, amountCents: cents, priceSource: "fixed", at });
    const first = await sale(ids.afff, "system-legal-bridge", 4500);
    await recordSale(app.db, { leadId: ids.afff, buyerId: "buyer-gone", deliveryId: "later", caseType: "AFFF", leadState: "TX", leadSource: FIRST_PARTY_SOURCE, amountCents: 3850, priceSource: "bid", at: new Date(at.getTime() + 60_000) });
    await recordCredit(app.db, { saleId: first, amountCents: 4500, returnId: "return-1", actor: "operator:o1", at });
    const { rows } = await exported("?claim=AFFF");
    expect(rows.find((row) => row.lead_id === ids.afff)).toMatchObject({ buyers: "Legal Bridge; buyer-gone", price: "83.50", revenue: "38.50", return_status: "partly returned" });
    const mva = await exported("?claim=MVA");
    expect(mva.rows.every((row) => row.buyers === "" && row.price === "" && row.revenue === "" && row.return_status === "")).toBe(true);
  });

  it("exports only the filter's leads, with only its claims' questions", async () => {
    const { header, rows } = await exported("?claim=MVA&spam=no");
    expect(rows.map((row) => row.lead_id)).toEqual([ids.yamada, ids.zoe]);
    const mvaQuestions = allFields(claimByCaseType("MVA")!).map((field) => `answer_${field.name}`);
    expect(header.filter((name) => name.startsWith("answer_"))).toEqual(mvaQuestions);

    const partners = await exported("?delivery=legal-bridge:dead");
    expect(partners.rows.map((row) => row.lead_id)).toEqual([ids.afff]);
    const none = await exported("?state=TX");
    expect(none.rows).toEqual([]);
    expect(none.header[0]).toBe("lead_id");
    // Three whole exports over HTTP: more than the default 5 s on a busy machine.
  }, 20_000);

  it("is recorded in the audit log with its filter when it starts, and with its row count when it ends", async () => {
    await earlierExportsRecorded();
    const before = (await app.consoleActions()).length;
    const { rows } = await exported("?utm_source=google&claim=MVA");
    await waitFor(async () => (await app.consoleActions()).length === before + 2, "the export's end to be recorded");
    // By stage, not by position: both entries can carry the same millisecond.
    const recorded = (await app.consoleActions()).slice(-2);
    const stageOf = (entry: (typeof recorded)[number]) => (JSON.parse(entry.detail) as { stage: string }).stage;
    const start = recorded.find((entry) => stageOf(entry) === "started");
    const end = recorded.find((entry) => stageOf(entry) === "finished");
    expect(start).toMatchObject({ action: "export-csv", operator_email: OWNER_EMAIL, target_id: null });
    expect(JSON.parse(start!.detail)).toEqual({ filter: "claim=MVA&utm_source=google", stage: "started" });
    expect(JSON.parse(end!.detail)).toEqual({ filter: "claim=MVA&utm_source=google", stage: "finished", rows: rows.length });
    expect(Date.now() - Date.parse(end!.at)).toBeLessThan(60_000);
  });

  it("is gzipped for a client that takes gzip: one gzip stream (pieces compressed by the readers) of the plain download's bytes", async () => {
    const plain = await app.exportResponse("", undefined, { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    const gzipped = await app.rawExport({ "accept-encoding": "gzip, deflate, br" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gzipped.body).equals(plainBytes)).toBe(true);
    expect(gzipped.body.length).toBeLessThan(plainBytes.length);
  });

  it("answers a bad filter with 400 in plain text, and records nothing", async () => {
    await earlierExportsRecorded();
    const before = (await app.consoleActions()).length;
    const response = await app.exportResponse("?outcome=maybe&from=yesterday");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Enter a date as YYYY-MM-DD. Outcome is one of eligible, partial, ineligible, none.");
    expect(await app.consoleActions()).toHaveLength(before);
  });
});

/** What csv-stringify's escape_formulas makes of a cell. */
function neutralised(cell: string) {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
