import { describe, expect, it } from "vitest";
import { formErrorsOf } from "../../app/admin/buyer-form-errors";
import { readBuyerForm, readSystemBuyerForm } from "../../app/admin/buyer-form-read";
import { buyerFormValues, centsOfDollars, dollarsOf, equalsText, NEW_BUYER_VALUES, parseEquals, type BuyerFormValues } from "../../app/admin/buyer-form-values";
import { capsSummary, daysSummary, deliveryLabel, formatCents, priceSummary, scheduleSummary } from "../../app/admin/buyer-summary";
import type { Buyer } from "../../server/distribution/buyers/buyer-store";

/** A form as the browser posts the buyer form: repeated names in document order, unticked boxes absent. */
function posted(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
  return form;
}

const EMPTY_ROWS = { fieldName: ["", "", ""], fieldTemplate: ["", "", ""], conditionField: ["", "", ""], conditionEquals: ["", "", ""], conditionMeans: ["accepted", "accepted", "accepted"], conditionReason: ["", "", ""] };

const postBuyer = {
  name: " Acme Law ",
  active: "on",
  delivery: "post-form",
  url: " https://acme.example/leads ",
  credentialHeader: "",
  credentials: "  sk-live-12345678  ",
  fieldName: ["first_name", "", "ip", "source", ""],
  fieldTemplate: ["{fn}", "", "{ip}", "web", ""],
  conditionField: ["status", "", ""],
  conditionEquals: ["Error", "", ""],
  conditionMeans: ["rejected", "accepted", "accepted"],
  conditionReason: ["message", "", ""],
  claimTypes: ["AFFF", "MVA"],
  states: "tx, ok la",
  eligibleOnly: "on",
  maxLeadAgeMinutes: "30",
  perDay: "25",
  perMonth: "",
  timeZone: "America/Chicago",
  schedule: "hours",
  scheduleDays: ["1", "2", "3", "4", "5"],
  scheduleFrom: "08:00",
  scheduleTo: "18:00",
  priority: "10",
  weight: "3",
};

describe("readBuyerForm", () => {
  it("turns a post buyer's form into the store's input, dropping empty rows and blank numbers", () => {
    const { input, errors, values } = readBuyerForm(posted(postBuyer), { editing: false });
    expect(errors).toEqual({});
    expect(input).toEqual({
      name: " Acme Law ",
      active: true,
      delivery: {
        method: "post",
        format: "form",
        url: "https://acme.example/leads",
        credentialHeader: undefined,
        fields: { first_name: "{fn}", ip: "{ip}", source: "web" },
        acceptance: { conditions: [{ field: "status", equals: "Error", means: "rejected", reasonField: "message" }] },
      },
      rules: {
        timeZone: "America/Chicago",
        filters: { claimTypes: ["AFFF", "MVA"], states: ["tx", "ok", "la"], eligibleOnly: true, acceptsDuplicates: false, lineTypes: [], requireAreaCodeInState: false, maxLeadAgeMinutes: 30 },
        caps: { perDay: 25, perMonth: undefined },
        schedule: { days: [1, 2, 3, 4, 5], from: "08:00", to: "18:00" },
        priority: 10,
        weight: 3,
      },
      credentials: "sk-live-12345678",
    });
    // The rows as the form shows them again: the filled ones, in order.
    expect(values.fields).toEqual([
      { name: "first_name", template: "{fn}" },
      { name: "ip", template: "{ip}" },
      { name: "source", template: "web" },
    ]);
    expect(values).not.toHaveProperty("credentials");
  });

  it("makes a signed webhook with no schedule, inactive, when those are chosen", () => {
    const { input } = readBuyerForm(posted({ ...EMPTY_ROWS, name: "Hook", delivery: "webhook", url: "https://h.example", credentialHeader: "X-Api-Key", timeZone: "America/New_York", schedule: "always", priority: "", weight: "" }), { editing: false });
    expect(input.active).toBe(false);
    expect(input.delivery).toEqual({ method: "webhook", url: "https://h.example", credentialHeader: "X-Api-Key", acceptance: { conditions: [] } });
    expect(input.rules.schedule).toBeNull();
    expect(input.rules).toMatchObject({ priority: undefined, weight: undefined });
    expect(input).not.toHaveProperty("credentials");
  });

  it("keeps saved credentials when the field is left empty on edit, and removes them when asked", () => {
    const keep = readBuyerForm(posted({ ...postBuyer, credentials: " " }), { editing: true });
    expect(keep.input).not.toHaveProperty("credentials");
    const remove = readBuyerForm(posted({ ...postBuyer, credentials: "", removeCredentials: "on" }), { editing: true });
    expect(remove.input.credentials).toBeNull();
    const both = readBuyerForm(posted({ ...postBuyer, removeCredentials: "on" }), { editing: true });
    expect(both.errors.credentials).toMatch(/not both/);
    // A new buyer has nothing saved to remove.
    expect(readBuyerForm(posted({ ...postBuyer, credentials: "", removeCredentials: "on" }), { editing: false }).input).not.toHaveProperty("credentials");
  });

  it("refuses what the store's input cannot say: text in a number field, a field mapped twice, a value without a name", () => {
    const { errors, values } = readBuyerForm(
      posted({ ...postBuyer, perDay: "ten", weight: "1.5", fieldName: ["first_name", "first_name", ""], fieldTemplate: ["{fn}", "{ln}", "{ip}"] }),
      { editing: false },
    );
    expect(errors).toEqual({
      perDay: "Enter a whole number.",
      weight: "Enter a whole number.",
      "fields.1.name": "first_name is mapped twice.",
      "fields.2.name": "Name the field this template fills.",
    });
    // Kept as typed, to be corrected.
    expect(values).toMatchObject({ perDay: "ten", weight: "1.5" });
  });

  it("reads a price in dollars, blank as none, and refuses what is not dollars and cents", () => {
    const priceOf = (price: string) => readBuyerForm(posted({ ...postBuyer, price }), { editing: false });
    expect(priceOf("45").input.rules.price).toBe(45);
    expect(priceOf(" 45.5 ").input.rules.price).toBe(45.5);
    expect(priceOf("$1,250.05").input.rules.price).toBe(1250.05);
    expect(priceOf("0").input.rules.price).toBe(0);
    expect(priceOf("").input.rules.price).toBeUndefined();
    expect(priceOf("").errors).toEqual({});
    for (const typo of ["45.125", "-5", "12,50", "ten", "4 5", "1.2.3"]) {
      const { errors, values } = priceOf(typo);
      expect(errors, typo).toEqual({ price: "Enter a price in dollars and cents, such as 45 or 45.50." });
      expect(values.price).toBe(typo);
    }
  });

  it("adds a ping to the delivery only when the buyer takes part in auctions, the bid field blank as the default", () => {
    const form = (fields: Record<string, string>) => readBuyerForm(posted({ ...postBuyer, ...fields }), { editing: false });
    const taking = form({ pinged: "on", pingUrl: " https://acme.example/ping ", pingBidField: " offer.amount " });
    expect(taking.input.delivery.ping).toEqual({ url: "https://acme.example/ping", bidField: "offer.amount" });
    expect(form({ pinged: "on", pingUrl: "https://acme.example/ping", pingBidField: "" }).input.delivery.ping).toEqual({
      url: "https://acme.example/ping",
      bidField: undefined,
    });
    // Unticked: no ping, but what was typed stays on the form.
    const notTaking = form({ pingUrl: "https://acme.example/ping", pingBidField: "bid" });
    expect(notTaking.input.delivery).not.toHaveProperty("ping");
    expect(notTaking.values).toMatchObject({ pinged: false, pingUrl: "https://acme.example/ping", pingBidField: "bid" });
  });

  it("treats an unknown method as a mistake rather than guessing", () => {
    expect(readBuyerForm(posted({ ...postBuyer, delivery: "ftp" }), { editing: false }).errors.delivery).toBe("Choose how the buyer receives leads.");
  });
});

describe("readSystemBuyerForm", () => {
  // A system buyer's form posts no name, delivery, credentials, ping, mapping or conditions.
  const { name: _name, delivery: _delivery, url: _url, credentialHeader: _header, credentials: _credentials, ...rulesOnly } = postBuyer;
  const ruleFields = Object.fromEntries(Object.entries(rulesOnly).filter(([field]) => !/^(field|condition)/.test(field)));
  const saved: BuyerFormValues = { ...NEW_BUYER_VALUES, name: "Opta.io", url: "https://not-configured.invalid/" };

  it("reads only the state and rules, with no error for the delivery it does not post", () => {
    const { input, errors, values } = readSystemBuyerForm(posted(ruleFields), saved);
    expect(errors).toEqual({});
    expect(input).toEqual({ active: true, rules: readBuyerForm(posted(postBuyer), { editing: true }).input.rules });
    // The saved name and delivery, shown again if a rule is refused.
    expect(values).toMatchObject({ name: "Opta.io", url: "https://not-configured.invalid/", delivery: "webhook", perDay: "25", states: "tx, ok la" });
  });

  it("refuses text in a number field as the buyer form does, and ignores posted delivery fields", () => {
    const { input, errors } = readSystemBuyerForm(posted({ ...postBuyer, perDay: "ten", delivery: "ftp", removeCredentials: "on" }), saved);
    expect(errors).toEqual({ perDay: "Enter a whole number." });
    expect(Object.keys(input)).toEqual(["active", "rules"]);
  });
});

describe("a condition's value", () => {
  it.each([
    ["true", true],
    ["false", false],
    ["null", null],
    ["200", 200],
    ["-1.5", -1.5],
    ["Error", "Error"],
    ['"200"', "200"],
    ['"true"', "true"],
    ["  ok ", "ok"],
    ["", ""],
    ["0x10", "0x10"],
  ])("%j is %j", (text, value) => {
    expect(parseEquals(text)).toStrictEqual(value);
  });

  it.each([true, false, null, 0, 42, "Error", "200", "true", "null", " padded ", 'say "hi"', ""])("%j reads back as itself", (value) => {
    expect(parseEquals(equalsText(value))).toStrictEqual(value);
  });
});

describe("formErrorsOf", () => {
  const values: BuyerFormValues = { ...NEW_BUYER_VALUES, fields: [{ name: "first_name", template: "{fn" }, { name: "cert", template: "{cert}" }] };

  it("puts the store's messages next to the form's fields", () => {
    const errors = formErrorsOf(
      {
        name: "Name the buyer.",
        "delivery.url": "Enter an http(s) URL.",
        "delivery.fields.cert": "Unknown placeholder {cert}.",
        "delivery.acceptance.conditions.0.field": "Enter a field such as status or result.code.",
        "rules.filters.states.2": "Enter a two-letter state code.",
        "rules.caps.perMonth": "Enter a number of leads of 0 or more.",
        "rules.schedule.days": "Choose at least one day.",
        "rules.schedule.to": "Enter a time as HH:MM (24:00 for midnight).",
        "rules.timeZone": "Enter an IANA time zone such as America/New_York.",
        "rules.price": "Enter a price in dollars and cents, from $0 to $100,000.",
        "delivery.ping.url": "Enter an http(s) URL.",
        "delivery.ping.bidField": "Enter a field such as status or result.code.",
        credentials: "Credentials cannot be stored until SECRETS_KEY is set on the server.",
        "something.new": "A rule added later.",
      },
      values,
    );
    expect(errors).toEqual({
      name: "Name the buyer.",
      url: "Enter an http(s) URL.",
      "fields.1.template": "Unknown placeholder {cert}.",
      "conditions.0.field": "Enter a field such as status or result.code.",
      states: "Enter a two-letter state code.",
      perMonth: "Enter a number of leads of 0 or more.",
      scheduleDays: "Choose at least one day.",
      scheduleTo: "Enter a time as HH:MM (24:00 for midnight).",
      timeZone: "Enter an IANA time zone such as America/New_York.",
      price: "Enter a price in dollars and cents, from $0 to $100,000.",
      pingUrl: "Enter an http(s) URL.",
      pingBidField: "Enter a field such as status or result.code.",
      credentials: "Credentials cannot be stored until SECRETS_KEY is set on the server.",
      _form: "A rule added later.",
    });
  });

  it("lets the form's own message win over the store's for the same field", () => {
    expect(formErrorsOf({ "rules.caps.perDay": "Invalid input: expected number, received string" }, values, { perDay: "Enter a whole number." })).toEqual({
      perDay: "Enter a whole number.",
    });
  });
});

describe("buyerFormValues", () => {
  it("shows a saved buyer as the form posts it, so that saving it unchanged saves the same buyer", () => {
    const buyer: Buyer = {
      id: "b1",
      name: "Acme Law",
      active: false,
      credentialsLast4: "••••5678",
      apiKey: null,
      system: null,
      autoPause: null,
      failuresInARow: 0,
      createdAt: "2026-11-23T15:00:00.000Z",
      updatedAt: "2026-11-23T15:00:00.000Z",
      delivery: {
        method: "post",
        format: "json",
        url: "https://acme.example/leads",
        credentialHeader: "X-Api-Key",
        fields: { first_name: "{fn}", cert: "{certificateUrl}" },
        acceptance: { conditions: [{ field: "ok", equals: "true", means: "accepted" }] },
        ping: { url: "https://acme.example/ping", bidField: "offer.amount" },
      },
      rules: {
        active: false,
        timeZone: "America/Denver",
        filters: { claimTypes: ["PFAS"], states: ["CO", "UT"], eligibleOnly: false, acceptsDuplicates: true, lineTypes: [], requireAreaCodeInState: false },
        caps: { perMonth: 0 },
        schedule: { days: [0, 6], from: "22:00", to: "06:00" },
        priority: 5,
        weight: 2,
        deliveryDeadlineSeconds: 300,
        pauseAfterFailures: 0,
        price: 1.15,
      },
    };
    const values = buyerFormValues(buyer);
    expect(values).toMatchObject({ delivery: "post-json", states: "CO, UT", perDay: "", perMonth: "0", scheduled: true, scheduleDays: [0, 6] });
    expect(values).toMatchObject({ price: "1.15", pinged: true, pingUrl: "https://acme.example/ping", pingBidField: "offer.amount" });
    expect(values.conditions[0]!.equals).toBe('"true"');

    const form = posted({
      ...EMPTY_ROWS,
      name: values.name,
      delivery: values.delivery,
      url: values.url,
      credentialHeader: values.credentialHeader,
      fieldName: values.fields.map((f) => f.name),
      fieldTemplate: values.fields.map((f) => f.template),
      conditionField: values.conditions.map((c) => c.field),
      conditionEquals: values.conditions.map((c) => c.equals),
      conditionMeans: values.conditions.map((c) => c.means),
      conditionReason: values.conditions.map((c) => c.reasonField),
      claimTypes: values.claimTypes,
      states: values.states,
      ...(values.acceptsDuplicates ? { acceptsDuplicates: "on" } : {}),
      perDay: values.perDay,
      perMonth: values.perMonth,
      timeZone: values.timeZone,
      schedule: "hours",
      scheduleDays: values.scheduleDays.map(String),
      scheduleFrom: values.scheduleFrom,
      scheduleTo: values.scheduleTo,
      priority: values.priority,
      weight: values.weight,
      maxLeadAgeMinutes: values.maxLeadAgeMinutes,
      price: values.price,
      pinged: "on",
      pingUrl: values.pingUrl,
      pingBidField: values.pingBidField,
    });
    const { input } = readBuyerForm(form, { editing: true });
    expect(input.delivery).toEqual({ ...buyer.delivery, acceptance: { conditions: [{ field: "ok", equals: "true", means: "accepted", reasonField: undefined }] } });
    expect(input.rules).toEqual({
      timeZone: "America/Denver",
      filters: { claimTypes: ["PFAS"], states: ["CO", "UT"], eligibleOnly: false, acceptsDuplicates: true, lineTypes: [], requireAreaCodeInState: false, maxLeadAgeMinutes: undefined },
      caps: { perDay: undefined, perMonth: 0 },
      schedule: { days: [0, 6], from: "22:00", to: "06:00" },
      priority: 5,
      weight: 2,
      price: 1.15,
    });
    expect(input).not.toHaveProperty("credentials");
  });
});

describe("prices", () => {
  it.each([
    ["45", 45],
    ["45.50", 45.5],
    ["$ 45.5", 45.5],
    ["1,234.56", 1234.56],
    ["100000", 100000],
    ["45.", undefined],
    [".5", undefined],
    ["1,23", undefined],
    ["45.505", undefined],
  ])("%j reads as %j dollars", (text, dollars) => {
    expect(dollarsOf(text)).toBe(dollars);
  });

  it("shows stored dollars as whole cents, grouped", () => {
    // 1.15 × 100 is 114.99999999999999 as a float: rounding gives the cents the store kept.
    expect([0.07, 1.15, 19.99, 100000].map(centsOfDollars)).toEqual([7, 115, 1999, 10000000]);
    expect([0, 7, 4500, 123450, 10000000].map(formatCents)).toEqual(["$0.00", "$0.07", "$45.00", "$1,234.50", "$100,000.00"]);
    expect(priceSummary(4500)).toBe("$45.00 / lead");
    expect(priceSummary(null)).toBe("No price");
  });
});

describe("buyer summaries", () => {
  it.each([
    [[1, 2, 3, 4, 5], "Mon–Fri"],
    [[0, 1, 2, 3, 4, 5, 6], "Every day"],
    [[0, 6], "Sat, Sun"],
    [[1, 3, 5], "Mon, Wed, Fri"],
    [[5, 6, 0], "Fri–Sun"],
    [[1, 2, 4, 5, 6], "Mon, Tue, Thu–Sat"],
  ])("days %j read %s", (days, text) => {
    expect(daysSummary(days)).toBe(text);
  });

  it("say a schedule, caps and method in a few words", () => {
    expect(scheduleSummary(null)).toBe("Always open");
    expect(scheduleSummary({ days: [1, 2, 3, 4, 5], from: "08:00", to: "18:00" })).toBe("Mon–Fri 08:00–18:00");
    expect(capsSummary({})).toBe("No cap");
    expect(capsSummary({ perDay: 25, perMonth: 1500 })).toBe("25 / day, 1,500 / month");
    expect(capsSummary({ perMonth: 0 })).toBe("0 / month");
    expect(deliveryLabel({ method: "webhook", url: "https://h.example", acceptance: { conditions: [] } })).toBe("Signed webhook");
    expect(deliveryLabel({ method: "post", format: "json", url: "https://h.example", fields: { a: "b" }, acceptance: { conditions: [] } })).toBe("JSON post");
    expect(deliveryLabel({ method: "post", format: "form", url: "https://h.example", fields: { a: "b" }, acceptance: { conditions: [] } })).toBe("Form post");
  });
});
