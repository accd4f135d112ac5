import { describe, expect, it } from "vitest";
import { buyerRulesSchema, type BuyerSchedule, type RoutableBuyer } from "../../server/distribution/routing/buyer-rules";
import { capPeriods } from "../../server/distribution/routing/cap-reservation";
import { buyerDayKey } from "../../server/ledger";
import {
  decideRoute,
  isWithinSchedule,
  type BuyerUsage,
  type RoutableLead,
  type RoutingUsage,
} from "../../server/distribution/routing/route-decision";

// Wednesday 2026-06-10, 11:00 in New York.
const NOW = new Date("2026-06-10T15:00:00Z");

function buyer(id: string, rules: Record<string, unknown> = {}): RoutableBuyer {
  return { id, name: `Buyer ${id}`, rules: buyerRulesSchema.parse({ timeZone: "America/New_York", ...rules }) };
}

function lead(fields: Partial<RoutableLead> = {}): RoutableLead {
  return { id: "lead-1", caseType: "AFFF", state: "TX", eligible: true, duplicateOf: null, createdAt: NOW.toISOString(), ...fields };
}

function usage(byBuyer: Record<string, Partial<BuyerUsage>> = {}, alreadyTried: string[] = []): RoutingUsage {
  const full = Object.fromEntries(Object.entries(byBuyer).map(([id, u]) => [id, { sentToday: 0, sentThisMonth: 0, ...u }]));
  return { byBuyer: full, alreadyTried };
}

const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe("a buyer's filters, caps and state", () => {
  const cases: Array<{ name: string; rules: Record<string, unknown>; lead?: Partial<RoutableLead>; usage?: Partial<BuyerUsage>; tried?: boolean; reason?: string }> = [
    { name: "no rules takes every lead", rules: {} },
    { name: "paused", rules: { active: false }, reason: "paused" },
    { name: "paused is reported before a filter", rules: { active: false, filters: { states: ["CA"] } }, reason: "paused" },
    { name: "already tried", rules: {}, tried: true, reason: "already tried" },
    { name: "another claim type", rules: { filters: { claimTypes: ["MVA", "PFAS"] } }, reason: "claim type" },
    { name: "its claim type", rules: { filters: { claimTypes: ["MVA", "AFFF"] } } },
    { name: "another state", rules: { filters: { states: ["CA", "NY"] } }, reason: "state" },
    { name: "its state, in lower case on either side", rules: { filters: { states: ["tx"] } }, lead: { state: "tx" } },
    { name: "a lead with no state when states are chosen", rules: { filters: { states: ["TX"] } }, lead: { state: null }, reason: "state" },
    { name: "a lead with no state when every state is taken", rules: {}, lead: { state: null } },
    { name: "eligible only, an ineligible lead", rules: { filters: { eligibleOnly: true } }, lead: { eligible: false }, reason: "not eligible" },
    { name: "eligible only, a lead with no verdict", rules: { filters: { eligibleOnly: true } }, lead: { eligible: null }, reason: "not eligible" },
    { name: "eligible only, an eligible lead", rules: { filters: { eligibleOnly: true } }, lead: { eligible: true } },
    { name: "an ineligible lead when eligibility does not matter", rules: {}, lead: { eligible: false } },
    { name: "a duplicate, by default", rules: {}, lead: { duplicateOf: "lead-0" }, reason: "duplicate" },
    { name: "a duplicate, to a buyer that takes them", rules: { filters: { acceptsDuplicates: true } }, lead: { duplicateOf: "lead-0" } },
    { name: "a duplicate that is also ineligible, to an eligible-only buyer that takes duplicates", rules: { filters: { eligibleOnly: true, acceptsDuplicates: true } }, lead: { duplicateOf: "lead-0", eligible: false }, reason: "not eligible" },
    { name: "not a duplicate, to a buyer that takes duplicates", rules: { filters: { acceptsDuplicates: true } } },
    { name: "a lead older than the maximum age", rules: { filters: { maxLeadAgeMinutes: 30 } }, lead: { createdAt: minutesAgo(30.5) }, reason: "lead too old" },
    { name: "a lead exactly the maximum age", rules: { filters: { maxLeadAgeMinutes: 30 } }, lead: { createdAt: minutesAgo(30) } },
    { name: "the daily cap reached", rules: { caps: { perDay: 10 } }, usage: { sentToday: 10 }, reason: "daily cap reached" },
    { name: "one below the daily cap", rules: { caps: { perDay: 10 } }, usage: { sentToday: 9 } },
    { name: "a daily cap of 0", rules: { caps: { perDay: 0 } }, reason: "daily cap reached" },
    { name: "the monthly cap reached", rules: { caps: { perDay: 10, perMonth: 100 } }, usage: { sentToday: 3, sentThisMonth: 100 }, reason: "monthly cap reached" },
    { name: "one below the monthly cap", rules: { caps: { perMonth: 100 } }, usage: { sentToday: 50, sentThisMonth: 99 } },
    { name: "out of hours", rules: { schedule: { days: [1, 2, 3, 4, 5], from: "12:00", to: "17:00" } }, reason: "out of hours" },
    { name: "in hours", rules: { schedule: { days: [1, 2, 3, 4, 5], from: "09:00", to: "17:00" } } },
    { name: "in hours on another day", rules: { schedule: { days: [0, 6], from: "09:00", to: "17:00" } }, reason: "out of hours" },
  ];

  it.each(cases)("$name", ({ rules, lead: fields, usage: used, tried, reason }) => {
    const decision = decideRoute(lead(fields), [buyer("b1", rules)], usage({ b1: used ?? {} }, tried ? ["b1"] : []), { now: NOW });
    const [considered] = decision.considered;
    if (reason) {
      expect(considered).toEqual({ buyerId: "b1", buyerName: "Buyer b1", verdict: "skipped", reason });
      expect(decision.order).toEqual([]);
    } else {
      expect(considered).toEqual({ buyerId: "b1", buyerName: "Buyer b1", verdict: "candidate" });
      expect(decision.order).toEqual(["b1"]);
    }
  });

  it("refuses a lead whose creation time cannot be read", () => {
    expect(() => decideRoute(lead({ createdAt: "yesterday" }), [buyer("b1")], usage(), { now: NOW })).toThrow(/createdAt/);
  });
});

describe("cap keys in the buyer's time zone", () => {
  it.each([
    { at: "2026-01-16T04:30:00Z", zone: "America/New_York", day: "2026-01-15", month: "2026-01", why: "23:30 in New York is the next day in UTC" },
    { at: "2026-01-16T04:30:00Z", zone: "UTC", day: "2026-01-16", month: "2026-01", why: "the same instant on a UTC buyer" },
    { at: "2026-01-16T05:00:00Z", zone: "America/New_York", day: "2026-01-16", month: "2026-01", why: "midnight in New York starts its day" },
    { at: "2026-02-01T04:59:59Z", zone: "America/New_York", day: "2026-01-31", month: "2026-01", why: "New York is still in January" },
    { at: "2026-02-01T04:59:59Z", zone: "UTC", day: "2026-02-01", month: "2026-02", why: "UTC is in February" },
    { at: "2026-01-31T15:00:00Z", zone: "Asia/Tokyo", day: "2026-02-01", month: "2026-02", why: "Tokyo is ahead of UTC" },
    { at: "2026-07-01T06:59:00Z", zone: "America/Los_Angeles", day: "2026-06-30", month: "2026-06", why: "Los Angeles in summer time (UTC-7)" },
    { at: "2026-11-01T06:30:00Z", zone: "America/New_York", day: "2026-11-01", month: "2026-11", why: "the second 01:30 of the fall-back day" },
  ])("$why", ({ at, zone, day, month }) => {
    expect(buyerDayKey(new Date(at), zone)).toBe(day);
    expect(capPeriods(zone, new Date(at))).toEqual({ day: `D:${day}`, month: `M:${month}` });
  });

  it("a lead at 23:30 New York counts on the New York day, though UTC is on the next", () => {
    // What a database of counters keyed by (buyer, day) will hold.
    const counters = new Map<string, number>([["ny|2026-01-15", 2]]);
    const ny = buyer("ny", { caps: { perDay: 2 } });
    const usageAt = (now: Date): RoutingUsage =>
      usage({ ny: { sentToday: counters.get(`ny|${buyerDayKey(now, ny.rules.timeZone)}`) ?? 0 } });

    const lateEvening = new Date("2026-01-16T04:30:00Z");
    const routed = decideRoute(lead({ createdAt: lateEvening.toISOString() }), [ny], usageAt(lateEvening), { now: lateEvening });
    expect(routed.considered[0]).toMatchObject({ verdict: "skipped", reason: "daily cap reached" });

    const afterMidnight = new Date("2026-01-16T05:30:00Z");
    const nextDay = decideRoute(lead({ createdAt: afterMidnight.toISOString() }), [ny], usageAt(afterMidnight), { now: afterMidnight });
    expect(nextDay.order).toEqual(["ny"]);
  });
});

describe("schedules across time zones and DST changes", () => {
  const weekdays = [1, 2, 3, 4, 5];
  const officeHours: BuyerSchedule = { days: weekdays, from: "09:00", to: "17:00" };
  const cases: Array<{ name: string; schedule: BuyerSchedule | null; zone: string; at: string; open: boolean }> = [
    { name: "no schedule is always open", schedule: null, zone: "America/New_York", at: "2026-06-14T03:00:00Z", open: true },
    // A Los Angeles buyer read on a UTC clock.
    { name: "LA 08:59 PDT (15:59 UTC)", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-06-10T15:59:00Z", open: false },
    { name: "LA 09:00 PDT (16:00 UTC)", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-06-10T16:00:00Z", open: true },
    { name: "LA 16:59 PDT (23:59 UTC)", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-06-10T23:59:00Z", open: true },
    { name: "LA 17:00 PDT, already Thursday in UTC", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-06-11T00:00:00Z", open: false },
    { name: "LA Friday 16:30 PDT, Saturday in UTC", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-06-12T23:30:00Z", open: true },
    { name: "LA Saturday 11:00", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-06-13T18:00:00Z", open: false },
    { name: "LA 09:00 PST in winter is 17:00 UTC", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-01-14T17:00:00Z", open: true },
    { name: "LA 08:59 PST in winter", schedule: officeHours, zone: "America/Los_Angeles", at: "2026-01-14T16:59:00Z", open: false },
    { name: "the same instant for a UTC buyer", schedule: officeHours, zone: "UTC", at: "2026-01-14T16:59:00Z", open: true },
    // 2026-03-08, a Sunday: New York's clocks go from 01:59:59 EST to 03:00 EDT.
    { name: "spring forward: 02:00–03:00 does not exist, 01:59 EST", schedule: { days: [0], from: "02:00", to: "03:00" }, zone: "America/New_York", at: "2026-03-08T06:59:00Z", open: false },
    { name: "spring forward: 02:00–03:00 does not exist, 03:00 EDT", schedule: { days: [0], from: "02:00", to: "03:00" }, zone: "America/New_York", at: "2026-03-08T07:00:00Z", open: false },
    { name: "spring forward: a window from 02:30 opens at 03:00 EDT", schedule: { days: [0], from: "02:30", to: "04:00" }, zone: "America/New_York", at: "2026-03-08T07:00:00Z", open: true },
    { name: "spring forward: 08:59 EDT", schedule: { days: [0], from: "09:00", to: "17:00" }, zone: "America/New_York", at: "2026-03-08T12:59:00Z", open: false },
    { name: "spring forward: 09:00 EDT is 13:00 UTC", schedule: { days: [0], from: "09:00", to: "17:00" }, zone: "America/New_York", at: "2026-03-08T13:00:00Z", open: true },
    { name: "a week earlier 09:00 EST was 14:00 UTC", schedule: { days: [0], from: "09:00", to: "17:00" }, zone: "America/New_York", at: "2026-03-01T13:30:00Z", open: false },
    // 2026-11-01, a Sunday: New York's clocks go from 01:59:59 EDT back to 01:00 EST.
    { name: "fall back: 00:59 EDT", schedule: { days: [0], from: "01:00", to: "02:00" }, zone: "America/New_York", at: "2026-11-01T04:59:00Z", open: false },
    { name: "fall back: the first 01:30 (EDT)", schedule: { days: [0], from: "01:00", to: "02:00" }, zone: "America/New_York", at: "2026-11-01T05:30:00Z", open: true },
    { name: "fall back: the second 01:30 (EST)", schedule: { days: [0], from: "01:00", to: "02:00" }, zone: "America/New_York", at: "2026-11-01T06:30:00Z", open: true },
    { name: "fall back: 02:00 EST", schedule: { days: [0], from: "01:00", to: "02:00" }, zone: "America/New_York", at: "2026-11-01T07:00:00Z", open: false },
    { name: "fall back: 09:00 EST is 14:00 UTC", schedule: { days: [0], from: "09:00", to: "17:00" }, zone: "America/New_York", at: "2026-11-01T14:00:00Z", open: true },
    { name: "fall back: 08:59 EST", schedule: { days: [0], from: "09:00", to: "17:00" }, zone: "America/New_York", at: "2026-11-01T13:59:00Z", open: false },
    // Friday 22:00 to 06:00 in New York (EDT, UTC-4): the hours after midnight belong to Friday.
    { name: "overnight: Friday 21:59", schedule: { days: [5], from: "22:00", to: "06:00" }, zone: "America/New_York", at: "2026-06-13T01:59:00Z", open: false },
    { name: "overnight: Friday 22:00", schedule: { days: [5], from: "22:00", to: "06:00" }, zone: "America/New_York", at: "2026-06-13T02:00:00Z", open: true },
    { name: "overnight: Saturday 03:00, Friday's window", schedule: { days: [5], from: "22:00", to: "06:00" }, zone: "America/New_York", at: "2026-06-13T07:00:00Z", open: true },
    { name: "overnight: Saturday 06:00 closes", schedule: { days: [5], from: "22:00", to: "06:00" }, zone: "America/New_York", at: "2026-06-13T10:00:00Z", open: false },
    { name: "overnight: Saturday 22:00, Saturday not listed", schedule: { days: [5], from: "22:00", to: "06:00" }, zone: "America/New_York", at: "2026-06-14T02:00:00Z", open: false },
    { name: "overnight: Friday 03:00 belongs to Thursday", schedule: { days: [5], from: "22:00", to: "06:00" }, zone: "America/New_York", at: "2026-06-12T07:00:00Z", open: false },
    { name: "until 24:00: Wednesday 23:59", schedule: { days: [3], from: "18:00", to: "24:00" }, zone: "America/New_York", at: "2026-06-11T03:59:00Z", open: true },
    { name: "until 24:00: Thursday 00:00", schedule: { days: [3], from: "18:00", to: "24:00" }, zone: "America/New_York", at: "2026-06-11T04:00:00Z", open: false },
    { name: "all day: 00:00–24:00 on a listed day", schedule: { days: [3], from: "00:00", to: "24:00" }, zone: "America/New_York", at: "2026-06-10T04:00:00Z", open: true },
  ];

  it.each(cases)("$name", ({ schedule, zone, at, open }) => {
    expect(isWithinSchedule(schedule, zone, new Date(at))).toBe(open);
  });
});

describe("the order among candidates", () => {
  function route(buyers: RoutableBuyer[], sent: Record<string, number>, options: Parameters<typeof decideRoute>[3] = { now: NOW }, tried: string[] = []) {
    const byBuyer = Object.fromEntries(Object.entries(sent).map(([id, sentToday]) => [id, { sentToday }]));
    return decideRoute(lead(), buyers, usage(byBuyer, tried), options);
  }

  /** Routes `leads` leads one after another, counting each on the buyer that took it. */
  function simulate(buyers: RoutableBuyer[], leads: number): Record<string, number> {
    const sent: Record<string, number> = Object.fromEntries(buyers.map((b) => [b.id, 0]));
    for (let i = 0; i < leads; i++) {
      const [first] = route(buyers, sent).order;
      if (first) sent[first]! += 1;
    }
    return sent;
  }

  it.each([
    { name: "3:1 splits 100 leads 75/25", weights: { a: 3, b: 1 }, split: { a: 75, b: 25 } },
    { name: "1:3 with the heavier buyer second by id", weights: { a: 1, b: 3 }, split: { a: 25, b: 75 } },
    { name: "2:1:1 splits 100 leads 50/25/25", weights: { a: 2, b: 1, c: 1 }, split: { a: 50, b: 25, c: 25 } },
    { name: "equal weights alternate", weights: { a: 1, b: 1 }, split: { a: 50, b: 50 } },
  ])("weights $name", ({ weights, split }) => {
    const buyers = Object.entries(weights).map(([id, weight]) => buyer(id, { weight }));
    expect(simulate(buyers, 100)).toEqual(split);
  });

  it("3:1 interleaves rather than sending a run to one buyer", () => {
    const buyers = [buyer("a", { weight: 3 }), buyer("b", { weight: 1 })];
    const sent = { a: 0, b: 0 };
    const sequence = Array.from({ length: 8 }, () => {
      const [first] = route(buyers, sent).order as ["a" | "b"];
      sent[first] += 1;
      return first;
    });
    expect(sequence.join("")).toBe("abaaabaa");
  });

  it("a lower priority number goes first whatever the counts; capped buyers give way to the next priority", () => {
    const buyers = [buyer("late", { priority: 2, weight: 10 }), buyer("first", { priority: 1, caps: { perDay: 10 } })];
    expect(route(buyers, { first: 9, late: 0 }).order).toEqual(["first", "late"]);
    const capped = route(buyers, { first: 10, late: 0 });
    expect(capped.order).toEqual(["late"]);
    expect(capped.considered).toEqual([
      { buyerId: "first", buyerName: "Buyer first", verdict: "skipped", reason: "daily cap reached" },
      { buyerId: "late", buyerName: "Buyer late", verdict: "candidate" },
    ]);
  });

  it("ties go by id, whatever order the buyers come in", () => {
    const buyers = [buyer("b-2"), buyer("b-10"), buyer("a-1", { filters: { states: ["CA"] } }), buyer("b-1")];
    const orders = [buyers, [...buyers].reverse(), [buyers[2]!, buyers[0]!, buyers[3]!, buyers[1]!]].map((list) => route(list, {}));
    for (const decision of orders) {
      expect(decision.order).toEqual(["b-1", "b-10", "b-2"]);
      expect(decision.considered.map((c) => c.buyerId)).toEqual(["b-1", "b-10", "b-2", "a-1"]);
    }
  });

  it("cascades after rejections until no buyer is left, then the lead is unsold", () => {
    const buyers = [
      buyer("p1-a", { priority: 1 }),
      buyer("p1-b", { priority: 1, weight: 2 }),
      buyer("p2", { priority: 2 }),
      buyer("ca-only", { priority: 3, filters: { states: ["CA"] } }),
    ];
    const sent = { "p1-a": 4, "p1-b": 4, p2: 0 };
    const tried: string[] = [];
    const decisions = [];
    for (;;) {
      const decision = route(buyers, sent, { now: NOW }, tried);
      decisions.push(decision);
      const [next] = decision.order;
      if (!next) break;
      tried.push(next);
    }
    expect(tried).toEqual(["p1-b", "p1-a", "p2"]);
    expect(decisions[1]!.considered).toEqual([
      { buyerId: "p1-a", buyerName: "Buyer p1-a", verdict: "candidate" },
      { buyerId: "p1-b", buyerName: "Buyer p1-b", verdict: "skipped", reason: "already tried" },
      { buyerId: "p2", buyerName: "Buyer p2", verdict: "candidate" },
      { buyerId: "ca-only", buyerName: "Buyer ca-only", verdict: "skipped", reason: "state" },
    ]);
    expect(decisions.at(-1)!.order).toEqual([]);
  });

  it.each([
    { maxBuyers: 2, order: ["a", "b"] },
    { maxBuyers: 3, order: ["a", "b", "c"] },
    { maxBuyers: 10, order: ["a", "b", "c"] },
    { maxBuyers: 0, order: [] },
  ])("shared mode sends to the first $maxBuyers of the order", ({ maxBuyers, order }) => {
    const buyers = [buyer("c", { priority: 2 }), buyer("b", { priority: 1 }), buyer("a", { priority: 1 }), buyer("off", { active: false })];
    const decision = route(buyers, {}, { now: NOW, mode: "shared", maxBuyers });
    expect(decision.order).toEqual(order);
    expect(decision.considered).toHaveLength(4);
    expect(decision.considered.find((c) => c.buyerId === "off")).toMatchObject({ verdict: "skipped", reason: "paused" });
  });

  it("exclusive mode is the default and lists every candidate to cascade through", () => {
    const buyers = [buyer("c", { priority: 2 }), buyer("b", { priority: 1 }), buyer("a", { priority: 1 })];
    expect(route(buyers, {}).order).toEqual(["a", "b", "c"]);
    expect(route(buyers, {}, { now: NOW, mode: "exclusive" }).order).toEqual(["a", "b", "c"]);
  });
});

describe("the rules' schema", () => {
  const valid = { timeZone: "America/Chicago" };

  it("fills in defaults: active, every claim and state, no caps, always open", () => {
    expect(buyerRulesSchema.parse(valid)).toEqual({
      active: true,
      timeZone: "America/Chicago",
      filters: { claimTypes: [], states: [], eligibleOnly: false, acceptsDuplicates: false, lineTypes: [], requireAreaCodeInState: false },
      caps: {},
      schedule: null,
      priority: 100,
      weight: 1,
      deliveryDeadlineSeconds: 120,
      pauseAfterFailures: 5,
    });
  });

  it("upper-cases states", () => {
    expect(buyerRulesSchema.parse({ ...valid, filters: { states: ["ca", " ny "] } }).filters.states).toEqual(["CA", "NY"]);
  });

  it.each([
    { name: "an unknown time zone", rules: { timeZone: "Mars/Olympus" } },
    { name: "a weight of 0", rules: { ...valid, weight: 0 } },
    { name: "a fractional weight", rules: { ...valid, weight: 1.5 } },
    { name: "a negative cap", rules: { ...valid, caps: { perDay: -1 } } },
    { name: "a state name", rules: { ...valid, filters: { states: ["Texas"] } } },
    { name: "a lead age of 0", rules: { ...valid, filters: { maxLeadAgeMinutes: 0 } } },
    { name: "day 7", rules: { ...valid, schedule: { days: [7], from: "09:00", to: "17:00" } } },
    { name: "no days", rules: { ...valid, schedule: { days: [], from: "09:00", to: "17:00" } } },
    { name: "a day twice", rules: { ...valid, schedule: { days: [1, 1], from: "09:00", to: "17:00" } } },
    { name: "from 24:00", rules: { ...valid, schedule: { days: [1], from: "24:00", to: "06:00" } } },
    { name: "to 24:30", rules: { ...valid, schedule: { days: [1], from: "09:00", to: "24:30" } } },
    { name: "9:00 without a leading zero", rules: { ...valid, schedule: { days: [1], from: "9:00", to: "17:00" } } },
    { name: "from equal to to", rules: { ...valid, schedule: { days: [1], from: "09:00", to: "09:00" } } },
    { name: "00:00 to 00:00", rules: { ...valid, schedule: { days: [1], from: "00:00", to: "00:00" } } },
    { name: "a delivery deadline under 10 seconds", rules: { ...valid, deliveryDeadlineSeconds: 9 } },
    { name: "a delivery deadline over a day", rules: { ...valid, deliveryDeadlineSeconds: 86_401 } },
    { name: "a fractional delivery deadline", rules: { ...valid, deliveryDeadlineSeconds: 30.5 } },
    { name: "negative failures before a pause", rules: { ...valid, pauseAfterFailures: -1 } },
  ])("refuses $name", ({ rules }) => {
    expect(buyerRulesSchema.safeParse(rules).success).toBe(false);
  });
});
