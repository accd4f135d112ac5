import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../server/lead-console/lead-console";
import { encodeCursor, filteredLeads, type SearchPlan } from "../../server/lead-console/lead-query";
import { startConsole, type ConsoleRoutes, type LeadSpec } from "../support/console-leads";

// The lead list (/admin/leads) through its loader, on SQLite and on PostgreSQL: every filter, the
// search, the counts, the errors, and keyset pages while leads arrive. Dates are days in New York.

interface ListView {
  ok: boolean;
  count: number;
  leads: Array<{ id: string; name: string }>;
  errors: Record<string, string>;
  newerHref: string | null;
  olderHref: string | null;
}

async function listOf(app: ConsoleRoutes, query: string) {
  const answer = await app.listPage(query);
  return { status: answer.status, view: answer.data as ListView };
}

describe("filters, search and counts", () => {
  // Seven leads, each chosen to be told apart by one filter or search; times are UTC.
  const LEADS = {
    jose: {
      claim: "mva", // eligible: an allowed state, no attorney, treated
      firstName: "José",
      lastName: "Álvarez",
      email: "Jose.Alvarez@Example.com",
      phone: "(415) 555-0134",
      state: "CA",
      at: "2026-03-09T04:30:00Z", // 00:30 on 9 March in New York (EDT since 07:00 UTC on the 8th)
      attribution: { utm_source: "google", utm_campaign: "spring" },
    },
    zoe: {
      claim: "mva", // partial: Idaho is not an MVA state
      firstName: "Zoë",
      lastName: "Martin",
      email: "zoe@example.org",
      phone: "415.555.0199",
      state: "ID",
      at: "2026-03-11T03:30:00Z", // 23:30 on 10 March in New York (EDT)
      attribution: { utm_source: "google", utm_campaign: "summer" },
    },
    yamada: {
      claim: "mva",
      firstName: "太郎",
      lastName: "山田",
      email: "taro@example.jp",
      phone: "212-555-0101",
      state: "NY",
      answers: { driverNotAtFault: "Yes" }, // ineligible (cq2 "No")
      at: "2026-03-11T04:30:00Z", // 00:30 on 11 March in New York
      attribution: { utm_source: "facebook", utm_campaign: "spring" },
    },
    mary: {
      claim: "pfas", // no screening: outcome 'none'
      firstName: "Mary",
      lastName: "Jones",
      email: "mary.jones@example.com",
      phone: "(312) 555-0102",
      state: "IL",
      at: "2026-01-16T04:30:00Z", // 23:30 on 15 January in New York (EST)
    },
    kim: {
      claim: "pfas",
      firstName: "Kim",
      lastName: "Nguyen",
      email: "kim@example.com",
      phone: "(206) 555-0105",
      state: "WA",
      at: "2026-03-09T03:30:00Z", // 23:30 on 8 March in New York, the day of 23 hours (clocks go forward)
    },
    alex: {
      claim: "afff", // delivered to the webhook and to Legal Bridge
      firstName: "Alex",
      lastName: "Rivera",
      email: "alex@example.net",
      phone: "(303) 555-0103",
      state: "CO",
      at: "2026-03-12T18:00:00Z",
      attribution: { utm_source: "tv" },
    },
    bot: {
      claim: "mva",
      firstName: "Bot",
      lastName: "Spammer",
      email: "bot@spam.example",
      phone: "(646) 555-0104",
      state: "CA",
      at: "2026-03-12T19:00:00Z",
      spam: true,
    },
  } satisfies Record<string, LeadSpec>;
  type Name = keyof typeof LEADS;

  let app: ConsoleRoutes;
  const ids = {} as Record<Name, string>;
  const nameOf = (id: string) => (Object.keys(ids) as Name[]).find((name) => ids[name] === id) ?? id;

  beforeAll(async () => {
    app = await startConsole();
    await app.services.settings.saveWebhookUrl("http://127.0.0.1:9/hook");
    for (const [name, spec] of Object.entries(LEADS)) ids[name as Name] = await app.makeLead(spec);
    // Deliveries in every state (the worker is not running; 'sending' counts as pending).
    await app.setDeliveryStatus(ids.jose, "webhook", "delivered");
    await app.setDeliveryStatus(ids.zoe, "webhook", "dead");
    await app.setDeliveryStatus(ids.yamada, "webhook", "sending");
    await app.setDeliveryStatus(ids.alex, "webhook", "failed");
    await app.setDeliveryStatus(ids.alex, "legal-bridge", "dead");
  });
  afterAll(() => app?.close());

  /** The list of `query`: its leads newest first must be `expected` (in that order), and the count agrees. */
  async function expectLeads(query: string, expected: Name[]) {
    const { status, view } = await listOf(app, query);
    expect(status, query).toBe(200);
    const byTime = [...expected].sort((a, b) => Date.parse(LEADS[b].at) - Date.parse(LEADS[a].at));
    expect(view.leads.map((lead) => nameOf(lead.id)), query).toEqual(byTime);
    expect(view.count, query).toBe(expected.length);
  }

  const everyone: Name[] = ["jose", "zoe", "yamada", "mary", "kim", "alex", "bot"];

  it("lists every lead newest first without a filter", async () => {
    await expectLeads("", everyone);
  });

  it.each<[string, Name[]]>([
    ["?claim=MVA", ["jose", "zoe", "yamada", "bot"]],
    ["?claim=PFAS", ["mary", "kim"]],
    ["?claim=AFFF", ["alex"]],
    ["?outcome=eligible", ["jose", "bot"]],
    ["?outcome=partial", ["zoe"]],
    ["?outcome=ineligible", ["yamada"]],
    ["?outcome=none", ["mary", "kim", "alex"]],
    ["?state=CA", ["jose", "bot"]],
    ["?state=ny", ["yamada"]],
    ["?state=TX", []],
    ["?spam=yes", ["bot"]],
    ["?spam=no", ["jose", "zoe", "yamada", "mary", "kim", "alex"]],
    ["?utm_source=google", ["jose", "zoe"]],
    // As the dashboard counts them: case and spaces around do not matter (docs/decisions/042).
    ["?utm_source=Google", ["jose", "zoe"]],
    ["?utm_source=%20GOOGLE%20", ["jose", "zoe"]],
    ["?utm_campaign=Spring", ["jose", "yamada"]],
    ["?utm_campaign=spring", ["jose", "yamada"]],
    ["?delivery=webhook:delivered", ["jose"]],
    ["?delivery=webhook:dead", ["zoe"]],
    ["?delivery=webhook:failed", ["alex"]],
    ["?delivery=webhook:pending", ["yamada", "mary", "kim"]],
    ["?delivery=legal-bridge:dead", ["alex"]],
    ["?delivery=legal-bridge:delivered", []],
  ])("filters %s", async (query, expected) => {
    await expectLeads(query, expected);
  });

  it.each<[string, Name[]]>([
    // The day in New York: a lead at 23:30 on 10 March (03:30 UTC on the 11th) belongs to the 10th.
    ["?from=2026-03-10&to=2026-03-10", ["zoe"]],
    ["?to=2026-03-10", ["jose", "zoe", "mary", "kim"]],
    ["?from=2026-03-11", ["yamada", "alex", "bot"]],
    ["?from=2026-03-11&to=2026-03-11", ["yamada"]],
    // In winter too (EST, UTC-5).
    ["?from=2026-01-15&to=2026-01-15", ["mary"]],
    ["?from=2026-01-16&to=2026-03-09", ["jose", "kim"]],
    // Across the change to summer time: 8 March has 23 hours, so 04:30 UTC on the 9th is the 9th already.
    ["?from=2026-03-08&to=2026-03-08", ["kim"]],
    ["?from=2026-03-09&to=2026-03-09", ["jose"]],
  ])("filters by submission day %s", async (query, expected) => {
    await expectLeads(query, expected);
  });

  it.each<[string, Name[]]>([
    ["?claim=MVA&state=CA", ["jose", "bot"]],
    ["?claim=MVA&spam=no&outcome=eligible", ["jose"]],
    ["?utm_source=google&from=2026-03-10", ["zoe"]],
    ["?delivery=webhook:dead&from=2026-03-10&to=2026-03-10", ["zoe"]],
    ["?delivery=webhook:dead&from=2026-03-11", []],
    ["?delivery=webhook:pending&claim=PFAS", ["mary", "kim"]],
    ["?q=415&delivery=webhook:dead", ["zoe"]],
  ])("combines filters %s", async (query, expected) => {
    await expectLeads(query, expected);
  });

  it.each<[string, Name[]]>([
    ["jose", ["jose"]],
    ["JOSÉ", ["jose"]],
    ["alvarez", ["jose"]],
    ["jose alvarez", ["jose"]],
    ["Álvarez José", ["jose"]],
    ["zoe", ["zoe"]],
    ["Zoë Martin", ["zoe"]],
    ["mar", ["zoe", "mary"]],
    ["山田", ["yamada"]],
    ["太郎 山田", ["yamada"]],
    ["nobody", []],
  ])("searches names: %s", async (q, expected) => {
    await expectLeads(`?q=${encodeURIComponent(q)}`, expected);
  });

  // A search with many matches is read newest first (DENSE_SEARCH_MATCHES): the same leads in the same order.
  it.each([
    ["jose", 1],
    ["Álvarez José", 1],
    ["Zoë Martin", 1],
    ["mar", 2],
    ["太郎 山田", 1],
    ["jose.alvarez@", 1],
    ["415", 2],
    ["nobody", 0],
    ["Álvarez\u{10FFFF}", 0],
  ] as const)("finds the same leads read newest first as from the search's indexes: %s", async (q, matches) => {
    const ids = async (search: SearchPlan) => {
      const { query, order } = filteredLeads(app.db, { q }, "America/New_York", { search });
      return (await query.select("leads.id").orderBy(order.time, "desc").orderBy(order.id, "desc").execute()).map((row) => row.id);
    };
    const byIndex = await ids("by-index");
    expect(byIndex).toHaveLength(matches);
    expect(await ids("newest-first")).toEqual(byIndex);
  });

  it("searches text ending in the last code point there is (its prefix range has no next code point to end at)", async () => {
    await expectLeads(`?q=${encodeURIComponent("Álvarez\u{10FFFF}")}`, []);
  });

  it.each<[string, Name[]]>([
    ["jose.alvarez@example.com", ["jose"]],
    ["JOSE.ALVAREZ@EXAMPLE.COM", ["jose"]],
    ["jose.alvarez@", ["jose"]],
    ["alex@example", ["alex"]],
    ["mary.jones", ["mary"]],
    ["alex@example.com", []],
  ])("searches e-mail addresses: %s", async (q, expected) => {
    await expectLeads(`?q=${encodeURIComponent(q)}`, expected);
  });

  it.each<[string, Name[]]>([
    ["4155550134", ["jose"]],
    ["(415) 555-0134", ["jose"]],
    ["415-555-0134", ["jose"]],
    ["415.555.0134", ["jose"]],
    ["+1 415 555 0134", ["jose"]],
    ["1-415-555-0134", ["jose"]],
    ["+14155550134", ["jose"]],
    // A partial number is the start of the national number, with or without the country code.
    ["415-555", ["jose", "zoe"]],
    ["(415) 555-01", ["jose", "zoe"]],
    ["+1 415 555", ["jose", "zoe"]],
    ["1-415-555", ["jose", "zoe"]],
    // The last 4 to 7 digits: a prefix of the digits backwards, on their own index (docs/decisions/042).
    ["555-0134", ["jose"]],
    ["5550134", ["jose"]],
    ["0134", ["jose"]],
    ["0199", ["zoe"]],
    ["555-01", []],
    // Not the middle of one, nor its last 8 digits.
    ["55501", []],
    ["15550134", []],
  ])("searches phone numbers: %s", async (q, expected) => {
    await expectLeads(`?q=${encodeURIComponent(q)}`, expected);
  });

  it.each<[string, string, RegExp]>([
    ["claim", "?claim=BOATS", /Unknown claim type 'BOATS'/],
    ["from", "?from=2026-02-30", /YYYY-MM-DD/],
    ["to", "?to=10/03/2026", /YYYY-MM-DD/],
    ["to", "?from=2026-03-11&to=2026-03-10", /end date is before the start date/],
    ["outcome", "?outcome=maybe", /eligible, partial, ineligible, none/],
    ["state", "?state=California", /two-letter state/],
    ["delivery", "?delivery=webhook:lost", /webhook:dead/],
    ["delivery", "?delivery=fax:dead", /webhook:dead/],
    ["delivery", "?delivery=webhook", /webhook:dead/],
    ["spam", "?spam=maybe", /yes or no/],
    // PostgreSQL cannot store or compare text with a NUL character.
    ["q", "?q=jose%00", /control characters/],
    ["utm_source", "?utm_source=%00google", /control characters/],
    ["utm_campaign", "?utm_campaign=spring%07", /control characters/],
    // Days whose bounds are not four-digit years in ISO-8601 (and years 0-99, which Date reads as 19xx).
    ["to", "?to=9999-12-31", /between 1900-01-01 and 9998-12-31/],
    ["from", "?from=0099-01-01", /between 1900-01-01 and 9998-12-31/],
  ])("answers a bad %s (%s) with 400 and a message on that field", async (field, query, message) => {
    const { status, view } = await listOf(app, query);
    expect(status).toBe(400);
    expect(view.ok).toBe(false);
    expect(view.errors[field]).toMatch(message);
  });

  it("answers a search over 200 characters and a UTM value over 500 with 400 and a message", async () => {
    expect((await listOf(app, `?q=${"x".repeat(201)}`)).view.errors).toEqual({ q: "Search for at most 200 characters." });
    expect((await listOf(app, `?utm_source=${"x".repeat(501)}`)).view.errors).toEqual({ utm_source: "At most 500 characters." });
  });

  it("drops empty fields from the address, so a filtered view is a bookmark", async () => {
    const answer = await app.listPage("?q=&claim=MVA&state=&outcome=");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/leads?claim=MVA");
  });
});

describe("in another operator time zone (OPERATOR_TIME_ZONE)", () => {
  let app: ConsoleRoutes;
  beforeAll(async () => {
    app = await startConsole({ OPERATOR_TIME_ZONE: "Asia/Tokyo" });
  });
  afterAll(() => app?.close());

  it("takes days in that zone", async () => {
    const leadId = await app.makeLead({ at: "2026-03-10T16:30:00Z" }); // 01:30 on 11 March in Tokyo
    const idsOf = async (query: string) => (await listOf(app, query)).view.leads.map((lead) => lead.id);
    expect(await idsOf("?from=2026-03-11&to=2026-03-11")).toEqual([leadId]);
    expect(await idsOf("?to=2026-03-10")).toEqual([]);
  });
});

describe("keyset pages", () => {
  const LEADS = 2 * PAGE_SIZE + 20;
  let app: ConsoleRoutes;
  beforeAll(async () => {
    app = await startConsole();
    await app.services.settings.saveWebhookUrl("http://127.0.0.1:9/hook");
    // Three leads to each second, so that pages must tell leads of the same instant apart by id.
    const start = Date.parse("2026-06-01T12:00:00.000Z");
    const at = (i: number) => new Date(start + Math.floor(i / 3) * 1000);
    for (let i = 0; i < LEADS; i += 10) {
      await Promise.all(Array.from({ length: Math.min(10, LEADS - i) }, (_, j) => app.makeLead({ firstName: "Page", lastName: "Walker", at: at(i + j) })));
    }
  });
  afterAll(() => app?.close());

  /** Every lead, in the list's order (newest first, then by id); each has a pending webhook delivery. */
  async function allInOrder(query: string) {
    const leads = await app.db.selectFrom("leads").select(["id"]).orderBy("created_at", "desc").orderBy("id", "desc").execute();
    expect((await listOf(app, query)).view.count).toBe(leads.length);
    return leads.map((lead) => lead.id);
  }

  /** Follows 'Older' (or 'Newer') links from `start` to the end, calling `between` before each next page. */
  async function walk(start: string, link: "olderHref" | "newerHref", between: () => Promise<unknown>) {
    const pages: Array<{ href: string; ids: string[] }> = [];
    let href: string | null = start;
    while (href !== null) {
      const { status, view } = await listOf(app, href);
      expect(status).toBe(200);
      pages.push({ href, ids: view.leads.map((lead) => lead.id) });
      href = view[link];
      if (href) await between();
    }
    return pages;
  }

  it.each(["", "?delivery=webhook:pending"])("walks '%s' back and forth without gaps or repeats while new leads arrive", async (query) => {
    const before = await allInOrder(query);
    expect(before.length).toBeGreaterThan(2 * PAGE_SIZE);
    const newLead = () => app.makeLead({ firstName: "Late", lastName: "Arrival" });

    const older = await walk(query, "olderHref", newLead);
    expect(older.map((page) => page.ids.length)).toEqual([PAGE_SIZE, PAGE_SIZE, before.length - 2 * PAGE_SIZE]);
    expect(older.flatMap((page) => page.ids)).toEqual(before);

    // Back from the last page: 'Newer' goes on past the first page to the leads that arrived meanwhile.
    const newer = await walk(older.at(-1)!.href, "newerHref", newLead);
    expect(newer[0]!.ids).toEqual(older.at(-1)!.ids);
    expect(newer.reverse().flatMap((page) => page.ids)).toEqual(await allInOrder(query));
  });

  it.each([
    ["?before=not-a-cursor"],
    ["?after=%%%"],
    [`?before=${encodeCursor({ createdAt: "yesterday", id: "x" })}`],
    [`?after=${Buffer.from("2026-06-01T12:00:00.000Z|").toString("base64url")}`],
  ])("answers the page link %s with 400 and a message", async (query) => {
    const { status, view } = await listOf(app, query);
    expect(status).toBe(400);
    expect(view.errors.page).toMatch(/^This page link is not valid/);
  });
});
