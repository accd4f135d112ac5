import { describe, expect, it } from "vitest";
import { isIdentifyingField } from "#claims/engine/identifying-fields";
import { allFields, answersFromValues } from "#claims/engine/form-values";
import type { FieldSpec } from "#claims/engine/types";
import { claimByCaseType, claims } from "#claims/registry";
import { buyerDeliverySchema } from "../../server/distribution/buyers/buyer-delivery";
import { leadRecord, submissionSha256 } from "../../server/leads/lead-record";
import { buyerRulesSchema, priceCentsOf } from "../../server/distribution/routing/buyer-rules";
import { dollarsToCents, formatCents } from "../../server/money";
import { pingPayload, rankBids, readBid, type RankedBid } from "../../server/distribution/routing/ping-post";
import { sampleAnswers } from "../support/sample-answers";

describe("amounts in dollars to whole cents", () => {
  const cases: Array<[unknown, number | string]> = [
    [12.5, 1250],
    ["12.50", 1250],
    ["12.5", 1250],
    [" 12.50 ", 1250],
    [12, 1200],
    ["0012", 1200],
    [0.01, 1],
    [1.15, 115], // 1.15 * 100 is 114.99999999999999 as a float
    [0.29, 29],
    [19.999, 1999], // a fraction of a cent is dropped, never rounded up
    [0, 0],
    [1e-7, 0],
    [100_000, 10_000_000],
    ["100000.00", 10_000_000],
    [100_000.01, "above $100000"],
    ["100000.01", "above $100000"],
    [1e21, "above $100000"],
    ["99999999999999999999", "above $100000"],
    [-5, "negative"],
    ["-0.01", "negative"],
    [Number.NaN, "not an amount"],
    [Number.POSITIVE_INFINITY, "not an amount"],
    ["", "not an amount"],
    ["$12.50", "not an amount"],
    ["1,250.00", "not an amount"],
    ["12.", "not an amount"],
    [".5", "not an amount"],
    ["1e3", "not an amount"],
    [true, "not an amount"],
    [{ amount: 5 }, "not an amount"],
  ];
  it.each(cases)("%j -> %j", (input, expected) => {
    const parsed = dollarsToCents(input);
    if (typeof expected === "number") expect(parsed).toMatchObject({ ok: true, cents: expected });
    else expect(parsed.ok ? parsed : parsed.reason).toContain(expected);
  });

  it("says when a fraction of a cent was dropped", () => {
    expect(dollarsToCents("19.999")).toEqual({ ok: true, cents: 1999, fractionDropped: true });
    expect(dollarsToCents("19.990")).toEqual({ ok: true, cents: 1999, fractionDropped: false });
  });

  it.each([
    [1250, "$12.50"],
    [5, "$0.05"],
    [10_000_000, "$100000.00"],
  ])("formats %i cents as %s", (cents, text) => expect(formatCents(cents)).toBe(text));
});

describe("reading a bid from a 2xx answer", () => {
  const cases: Array<{ name: string; answer: string; field?: string; expected: ReturnType<typeof readBid> }> = [
    { name: "a number", answer: '{"bid":12.5}', expected: { outcome: "bid", amountCents: 1250 } },
    { name: "a decimal string", answer: '{"bid":"12.50"}', expected: { outcome: "bid", amountCents: 1250 } },
    { name: "a nested field", answer: '{"result":{"price":"30"}}', field: "result.price", expected: { outcome: "bid", amountCents: 3000 } },
    { name: "an array index", answer: '{"offers":[{"usd":7}]}', field: "offers.0.usd", expected: { outcome: "bid", amountCents: 700 } },
    { name: "no bid field", answer: '{"accepted":false}', expected: { outcome: "no-bid", detail: "no bid in the answer" } },
    { name: "a null bid", answer: '{"bid":null}', expected: { outcome: "no-bid", detail: "no bid in the answer" } },
    { name: "a zero bid", answer: '{"bid":0}', expected: { outcome: "no-bid", detail: "bid of $0" } },
    { name: "less than a cent", answer: '{"bid":0.004}', expected: { outcome: "no-bid", detail: "bid of $0" } },
    { name: "a negative bid", answer: '{"bid":-3}', expected: { outcome: "no-bid", detail: "bid refused: negative: -3" } },
    { name: "an absurd bid", answer: '{"bid":250000}', expected: { outcome: "no-bid", detail: "bid refused: above $100000: 250000" } },
    { name: "a word", answer: '{"bid":"twelve"}', expected: { outcome: "no-bid", detail: 'bid refused: not an amount: "twelve"' } },
    { name: "not JSON", answer: "<html>thanks</html>", expected: { outcome: "no-bid", detail: "answer is not JSON" } },
    { name: "an empty answer", answer: "", expected: { outcome: "no-bid", detail: "answer is not JSON" } },
    { name: "a bare number", answer: "12", expected: { outcome: "no-bid", detail: "no bid in the answer" } },
    { name: "an inherited property", answer: "{}", field: "constructor", expected: { outcome: "no-bid", detail: "no constructor in the answer" } },
  ];
  it.each(cases)("$name", ({ answer, field = "bid", expected }) => {
    expect(readBid(answer, field)).toEqual(expected);
  });
});

describe("ranking bids", () => {
  const bid = (buyerId: string, amountCents: number, priority = 100): RankedBid => ({ buyerId, buyerName: buyerId, amountCents, priority });
  const cases: Array<{ name: string; bids: RankedBid[]; order: string[] }> = [
    { name: "nothing", bids: [], order: [] },
    { name: "highest first", bids: [bid("a", 500), bid("b", 1500), bid("c", 1000)], order: ["b", "c", "a"] },
    { name: "a tie goes to the lower priority number", bids: [bid("a", 1000, 20), bid("b", 1000, 10)], order: ["b", "a"] },
    { name: "a higher bid beats a better priority", bids: [bid("a", 1001, 50), bid("b", 1000, 1)], order: ["a", "b"] },
    { name: "then the lower id, in code units", bids: [bid("b", 1000), bid("B", 1000), bid("a", 1000)], order: ["B", "a", "b"] },
    {
      name: "all three keys together",
      bids: [bid("z", 200, 1), bid("y", 900, 5), bid("x", 900, 5), bid("w", 900, 9), bid("v", 100, 0)],
      order: ["x", "y", "w", "z", "v"],
    },
  ];
  it.each(cases)("$name", ({ bids, order }) => {
    const before = [...bids];
    expect(rankBids(bids).map((entry) => entry.buyerId)).toEqual(order);
    expect(bids).toEqual(before);
  });
});

describe("answers that identify the claimant", () => {
  const field = (spec: Partial<FieldSpec>): FieldSpec => ({ name: "q", label: "Q", kind: "text", ...spec });
  const cases: Array<[string, Partial<FieldSpec>, boolean]> = [
    ["a radio question", { kind: "radio" }, false],
    ["a date question", { kind: "date", name: "accidentDate" }, false],
    ["a number question", { kind: "number" }, false],
    ["a field marked as a name", { privacy: "name" }, true],
    ["free text", { kind: "textarea", privacy: "free-text" }, true],
    ["an e-mail input", { kind: "email" }, true],
    ["a phone input", { kind: "tel" }, true],
    ["a lead contact column", { name: "st", kind: "select" }, true],
    ["a street address", { autoComplete: "street-address" }, true],
    ["an address line", { autoComplete: "shipping address-line1" }, true],
    ["a postal code", { autoComplete: "postal-code" }, true],
    ["a birthday", { kind: "date", autoComplete: "bday" }, true],
    ["a full name by autocomplete only", { autoComplete: "section-claimant name" }, true],
    ["autocomplete off", { autoComplete: "off" }, false],
  ];
  it.each(cases)("%s: %s", (_, spec, expected) => expect(isIdentifyingField(field(spec))).toBe(expected));
});

describe("the ping payload", () => {
  const NOW = new Date("2026-11-23T17:00:00.000Z");
  const SUBMITTED = new Date(NOW.getTime() - 95_500);
  const person = { fn: "Zeldaqx", ln: "Quimbyqx", em: "zelda.quimby@example.org", ph: "(415) 555-2671" };
  const secrets = ["Zeldaqx", "Quimbyqx", "zelda.quimby", "555-2671", "5552671", "203.0.113.9", "PingTestAgent", "lead-ping-1", "cert"];

  function storedLead(caseType: string) {
    const definition = claimByCaseType(caseType)!;
    const names = new Set(allFields(definition).map((field) => field.name));
    const overrides = Object.fromEntries(
      Object.entries({ ...person, fullName: `${person.fn} ${person.ln}` }).filter(([name]) => names.has(name)),
    );
    const parsed = definition.schema.safeParse(answersFromValues(definition, sampleAnswers(definition, overrides)));
    if (!parsed.success) throw new Error(`sample answers for ${caseType} do not parse: ${parsed.error.message}`);
    const answers = parsed.data as Record<string, unknown>;
    const { lead } = leadRecord({
      definition,
      answers,
      leadId: "lead-ping-1",
      submittedAt: SUBMITTED,
      submissionKey: "key-ping-1",
      submissionSha256: submissionSha256(caseType, answers),
      isSpam: false,
      context: { ip: "203.0.113.9", userAgent: "PingTestAgent/1.0", pageUrl: "https://claims.example/start", attribution: null },
      siteUrl: "https://claims.example",
      site: { name: "Claims Example", phone: "555-0100", email: "help@claims.example" },
    });
    return { definition, answers, lead };
  }

  it.each(claims.map((claim) => claim.caseType))("%s: claim, state, consent, age and answers, with no way to reach the claimant", (caseType) => {
    const { definition, answers, lead } = storedLead(caseType);
    const payload = pingPayload(lead, { auctionId: "auction-7", now: NOW });

    expect(Object.keys(payload).sort()).toEqual(["answers", "auctionId", "claim", "consent", "leadAgeSeconds", "state"]);
    expect(payload).toMatchObject({ auctionId: "auction-7", claim: caseType, state: lead.st, consent: lead.tcpa === 1, leadAgeSeconds: 95 });

    const text = JSON.stringify(payload);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const fields = allFields(definition);
    const excluded = fields.filter((field) => field.privacy || ["email", "tel", "consent"].includes(field.kind) || ["fn", "ln", "em", "ph", "st"].includes(field.name));
    for (const field of excluded) expect(payload.answers).not.toHaveProperty(field.name);
    const sent = fields.filter((field) => !excluded.includes(field));
    expect(payload.answers).toEqual(Object.fromEntries(sent.filter((field) => answers[field.name] !== undefined).map((field) => [field.name, answers[field.name]])));
  });

  it("AFFF: the questions go, the full name, phone, e-mail, state and consent box do not", () => {
    const { lead } = storedLead("AFFF");
    expect(Object.keys(pingPayload(lead, { auctionId: "a", now: NOW }).answers).sort()).toEqual(["age", "diagnosis", "exposedToAFFF", "exposureLocation", "hasAttorney"].sort());
  });

  it("PFAS, whose questions are all free text, sends none of them", () => {
    const { lead } = storedLead("PFAS");
    expect(JSON.parse(lead.form_data)).toHaveProperty("exposureLocation");
    expect(pingPayload(lead, { auctionId: "a", now: NOW }).answers).toEqual({});
  });

  it("sends no answers for a claim type it has no definition of, and says no to consent when there was none", () => {
    const { lead } = storedLead("MVA");
    const payload = pingPayload({ ...lead, case_type: "RETIRED", tcpa: 0 }, { auctionId: "a", now: NOW }, undefined);
    expect(payload).toEqual({ auctionId: "a", claim: "RETIRED", state: lead.st, answers: {}, consent: false, leadAgeSeconds: 95 });
  });

  it("gives a lead from the future an age of 0", () => {
    const { lead } = storedLead("MVA");
    expect(pingPayload(lead, { auctionId: "a", now: new Date(SUBMITTED.getTime() - 5_000) }).leadAgeSeconds).toBe(0);
  });
});

describe("buyer configuration", () => {
  it("parses a buyer saved before ping-post unchanged", () => {
    const saved = { method: "webhook", url: "https://firm.example/leads", acceptance: { conditions: [] } };
    expect(buyerDeliverySchema.parse(saved)).toEqual(saved);
    const rules = buyerRulesSchema.parse({ timeZone: "America/Chicago", priority: 5 });
    expect(rules).not.toHaveProperty("price");
    expect(priceCentsOf(rules)).toBeNull();
  });

  it("makes a buyer with a ping URL a ping-post buyer, reading `bid` unless told otherwise", () => {
    const delivery = buyerDeliverySchema.parse({ method: "webhook", url: "https://firm.example/leads", ping: { url: "https://firm.example/ping" } });
    expect(delivery.ping).toEqual({ url: "https://firm.example/ping", bidField: "bid" });
    expect(buyerDeliverySchema.parse({ ...delivery, ping: { url: "http://firm.example/ping", bidField: "offer.usd" } }).ping?.bidField).toBe("offer.usd");
  });

  it.each([
    [{ url: "ftp://firm.example/ping" }, "ping.url"],
    [{ url: "not a url" }, "ping.url"],
    [{ url: "https://firm.example/ping", bidField: "a..b" }, "ping.bidField"],
    [{ url: "https://firm.example/ping", bidField: "" }, "ping.bidField"],
  ])("refuses the ping %j", (ping, path) => {
    const parsed = buyerDeliverySchema.safeParse({ method: "webhook", url: "https://firm.example/leads", ping });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it.each([
    [0, 0],
    [12.5, 1250],
    [35, 3500],
    [1.15, 115],
    [100_000, 10_000_000],
  ])("takes a fixed price of $%s as %i cents", (price, cents) => {
    expect(priceCentsOf(buyerRulesSchema.parse({ timeZone: "UTC", price }))).toBe(cents);
  });

  it.each([-1, 12.345, 100_000.01, Number.NaN])("refuses a price of %s", (price) => {
    expect(buyerRulesSchema.safeParse({ timeZone: "UTC", price }).success).toBe(false);
  });
});
