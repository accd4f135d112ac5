import { describe, expect, it } from "vitest";
import { buyerReportView, capLeftSummary, dayLabel } from "../../app/admin/buyer-report-view";
import { readRoutingForm, routingFormValues, routingModeLabel } from "../../app/admin/routing-form";
import type { BuyerReportEntry } from "../../server/distribution/buyers/buyer-store";

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("the routing form", () => {
  it("reads a claim's choice, passing text in the number field on as text for the store to refuse", () => {
    expect(readRoutingForm(posted({ caseType: " MVA ", mode: "shared", maxBuyers: " 3 " }))).toEqual({
      caseType: "MVA",
      values: { mode: "shared", maxBuyers: "3", auction: false },
      input: { mode: "shared", maxBuyers: 3, auction: false },
    });
    expect(readRoutingForm(posted({ caseType: "MVA", mode: "shared", maxBuyers: "three" })).input).toEqual({ mode: "shared", maxBuyers: "three", auction: false });
    expect(readRoutingForm(posted({ caseType: "MVA", mode: "exclusive", maxBuyers: "" })).input).toEqual({ mode: "exclusive", maxBuyers: "", auction: false });
    // An unknown mode reaches the store as posted rather than being taken for exclusive.
    const odd = readRoutingForm(posted({ caseType: "MVA", mode: "auction" }));
    expect(odd.input.mode).toBe("auction");
    expect(odd.values.mode).toBe("exclusive");
  });

  it("reads the auction box as ticked when posted at all, as a browser posts a checkbox", () => {
    const ticked = readRoutingForm(posted({ caseType: "MVA", mode: "exclusive", maxBuyers: "2", auction: "on" }));
    expect([ticked.values.auction, ticked.input.auction]).toEqual([true, true]);
  });

  it("shows a mode in words and as the form's values", () => {
    expect(routingModeLabel({ mode: "exclusive" })).toBe("One buyer (exclusive)");
    expect(routingModeLabel({ mode: "shared", maxBuyers: 3 })).toBe("Shared with up to 3 buyers");
    expect(routingModeLabel({ mode: "shared", maxBuyers: 3 }, true)).toBe("Shared with up to 3 buyers · auction first");
    expect(routingFormValues({ mode: "exclusive" }, false)).toEqual({ mode: "exclusive", maxBuyers: "2", auction: false });
    expect(routingFormValues({ mode: "shared", maxBuyers: 4 }, true)).toEqual({ mode: "shared", maxBuyers: "4", auction: true });
  });
});

describe("the buyer report's view", () => {
  const entry = (overrides: Partial<BuyerReportEntry> = {}): BuyerReportEntry => ({
    buyerId: "b1",
    name: "Acme Law",
    active: true,
    capLeftToday: 3,
    perDay: 10,
    priceCents: 21225,
    timeZone: "America/Chicago",
    days: [
      { day: "2026-11-23", sent: 4, accepted: 2, rejected: 1, pending: 1, revenueCents: 42450, priced: true },
      { day: "2026-11-22", sent: 0, accepted: 0, rejected: 0, pending: 0, revenueCents: 0, priced: true },
      { day: "2026-11-21", sent: 5, accepted: 4, rejected: 1, pending: 0, revenueCents: 84900, priced: true },
    ],
    ...overrides,
  });

  it("gives each day and the week the revenue its accepted leads were sold for", () => {
    expect(buyerReportView(entry())).toEqual({
      id: "b1",
      name: "Acme Law",
      active: true,
      timeZone: "America/Chicago",
      price: "$212.25 / lead",
      capLeft: "3 of 10 left today",
      days: [
        { day: "2026-11-23", label: "Mon, Nov 23", sent: 4, accepted: 2, rejected: 1, waiting: 1, revenue: "$424.50" },
        { day: "2026-11-22", label: "Sun, Nov 22", sent: 0, accepted: 0, rejected: 0, waiting: 0, revenue: "$0.00" },
        { day: "2026-11-21", label: "Sat, Nov 21", sent: 5, accepted: 4, rejected: 1, waiting: 0, revenue: "$849.00" },
      ],
      total: { sent: 9, accepted: 6, rejected: 2, waiting: 1, revenue: "$1,273.50" },
    });
  });

  it("shows no revenue when no lead had a price, and no cap without a daily cap", () => {
    const unpriced = entry().days.map((day) => ({ ...day, revenueCents: 0, priced: false }));
    const view = buyerReportView(entry({ priceCents: null, capLeftToday: null, perDay: null, days: unpriced }));
    expect(view.days.map((day) => day.revenue)).toEqual(["—", "—", "—"]);
    expect(view.total.revenue).toBe("—");
    expect([view.price, view.capLeft]).toEqual(["No price", "No daily cap"]);
  });

  it("says a cap in grouped numbers, and a day as it is on the buyer's calendar", () => {
    expect(capLeftSummary(0, 1500)).toBe("0 of 1,500 left today");
    expect(dayLabel("2026-03-08")).toBe("Sun, Mar 8");
    expect(dayLabel("2026-12-31")).toBe("Thu, Dec 31");
  });
});
