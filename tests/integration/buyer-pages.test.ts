import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimByCaseType } from "#claims/registry";
import { NO_SECRETS_KEY, openBuyerCredentials } from "../../server/distribution/buyers/buyer-store";
import { syncSystemBuyers, WEBHOOK_BUYER_ID } from "../../server/distribution/buyers/system-buyers";
import { createSecretBox } from "../../server/secrets/secret-box";
import { startBuyerPages, type BuyerPages } from "../support/buyer-pages";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";

// /admin/buyers and the buyer form through their loaders and actions, on a real database: what the
// operator sees, what a save stores, that credentials never come back out, and that nobody without
// the operator's session sees or changes anything.

const SECRET = "sk-live-very-secret-9f8e7d6c";

/** The form as a browser posts it for a form-post buyer with every section filled in. */
const acmeForm = (overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> => ({
  intent: "save",
  name: "Acme Law",
  active: "on",
  price: "45",
  delivery: "post-form",
  url: "https://acme.example/leads",
  credentialHeader: "X-Api-Key",
  credentials: SECRET,
  fieldName: ["first_name", "ip", "cert", "diagnosis", "source", "", ""],
  fieldTemplate: ["{fn}", "{ip}", "{certificateUrl}", "{answers.diagnosis}", "web", "", ""],
  conditionField: ["status", "", ""],
  conditionEquals: ["false", "", ""],
  conditionMeans: ["rejected", "accepted", "accepted"],
  conditionReason: ["message", "", ""],
  claimTypes: ["AFFF", "PFAS"],
  states: "tx, ok",
  eligibleOnly: "on",
  maxLeadAgeMinutes: "60",
  perDay: "25",
  perMonth: "500",
  timeZone: "America/Chicago",
  schedule: "hours",
  scheduleDays: ["1", "2", "3", "4", "5"],
  scheduleFrom: "08:00",
  scheduleTo: "18:00",
  priority: "10",
  weight: "3",
  ...overrides,
});

const claimName = (caseType: string) => claimByCaseType(caseType)!.landing.card.title;

interface FormAnswer {
  values: Record<string, unknown> & { fields: Array<{ name: string; template: string }> };
  errors: Record<string, string>;
  moreRows: string | null;
}
interface ListView {
  buyers: Array<Record<string, unknown> & { id: string; name: string; active: boolean; credentials: string | null }>;
  toast?: { title: string; description: string };
}

const LEGAL_BRIDGE_URL = "https://legal-bridge.example/leads";

let app: BuyerPages;
beforeAll(async () => {
  // Legal Bridge's URL without its key: not enough to send to it.
  app = await startBuyerPages({ env: { LEGAL_BRIDGE_URL } });
});
beforeEach(async () => {
  await app.db.deleteFrom("buyers").execute();
});
afterAll(() => app?.close());

async function createAcme(overrides: Record<string, string | string[]> = {}) {
  const answer = await app.formAction(undefined, acmeForm(overrides));
  expect(answer.status, JSON.stringify(answer.data)).toBe(302);
  const id = new URL(answer.headers.get("location")!, "https://x.example").searchParams.get("saved")!;
  return { id, location: answer.headers.get("location") };
}

describe("anonymous requests", () => {
  const forged = "__Host-admin_session=forged.AAAA";

  it.each([null, forged])("are sent to the login page from the list and the forms (cookie: %s)", async (cookie) => {
    const saved = await app.buyers.create(buyerInput("Hook"));
    if (!saved.ok) throw new Error("not saved");
    const answers = [await app.listPage("", cookie), await app.formPage(undefined, cookie), await app.formPage(saved.buyer.id, cookie)];
    expect(answers.map((a) => [a.status, a.headers.get("location")])).toEqual([
      [302, "/admin/login?next=%2Fadmin%2Fbuyers"],
      [302, "/admin/login?next=%2Fadmin%2Fbuyers%2Fnew"],
      [302, `/admin/login?next=${encodeURIComponent(`/admin/buyers/${saved.buyer.id}`)}`],
    ]);
  });

  it.each([null, forged])("are refused with 401 by every action, which change nothing (cookie: %s)", async (cookie) => {
    const saved = await app.buyers.create(buyerInput("Hook"));
    if (!saved.ok) throw new Error("not saved");
    const answers = [
      await app.formAction(undefined, acmeForm(), cookie),
      await app.formAction(saved.buyer.id, acmeForm(), cookie),
      await app.listAction({ intent: "pause", buyerId: saved.buyer.id, confirmed: "yes" }, cookie),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(await app.buyers.list()).toEqual([saved.buyer]);
  });
});

describe("/admin/buyers", () => {
  it("lists every buyer, paused ones too, with its rules in words and its credentials as their last four only", async () => {
    const hook = await app.buyers.create(buyerInput("Hook", { priority: 5 }));
    const acme = await createAcme();
    if (!hook.ok) throw new Error("not saved");
    await app.buyers.setActive(hook.buyer.id, false);

    const answer = await app.listPage();
    expect(answer.status).toBe(200);
    const view = answer.data as ListView;
    expect(view.buyers).toEqual([
      {
        id: acme.id,
        name: "Acme Law",
        active: true,
        autoPause: null,
        delivery: "Form post",
        system: null,
        pingPost: false,
        price: "$45.00 / lead",
        credentials: "••••7d6c",
        claims: `${claimName("AFFF")}, ${claimName("PFAS")}`,
        states: "TX, OK",
        caps: "25 / day, 500 / month",
        schedule: "Mon–Fri 08:00–18:00",
        timeZone: "America/Chicago",
        priority: 10,
        weight: 3,
      },
      {
        id: hook.buyer.id,
        name: "Hook",
        active: false,
        autoPause: null,
        delivery: "Signed webhook",
        system: null,
        pingPost: false,
        price: "No price",
        credentials: null,
        claims: "All claims",
        states: "All states",
        caps: "No cap",
        schedule: "Always open",
        timeZone: "America/New_York",
        priority: 5,
        weight: 1,
      },
    ]);
    expect(JSON.stringify(view)).not.toContain(SECRET);
    expect(view.toast).toBeUndefined();
  });

  it("names the buyer just saved in a toast", async () => {
    const { location } = await createAcme();
    expect(location).toMatch(/^\/admin\/buyers\?saved=/);
    const view = (await app.listPage(location!.slice("/admin/buyers".length))).data as ListView;
    expect(view.toast).toMatchObject({ title: "Buyer saved", description: "Acme Law is saved." });
    expect(((await app.listPage("?saved=nobody")).data as ListView).toast).toBeUndefined();
  });

  it("pauses and resumes a buyer after the operator confirms, with a toast", async () => {
    const { id } = await createAcme();
    const asked = await app.listAction({ intent: "pause", buyerId: id });
    expect(asked.data).toMatchObject({ confirm: { fields: { intent: "pause", buyerId: id }, label: "Pause buyer" } });
    expect((await app.buyers.get(id))!.active).toBe(true);

    const paused = await app.listAction({ intent: "pause", buyerId: id, confirmed: "yes" });
    expect(paused).toMatchObject({ status: 200, data: { toast: { title: "Buyer paused", tone: "success" } } });
    expect((await app.buyers.get(id))!.active).toBe(false);
    expect(((await app.listPage()).data as ListView).buyers[0]!.active).toBe(false);

    const resumed = await app.listAction({ intent: "resume", buyerId: id, confirmed: "yes" });
    expect(resumed.data).toMatchObject({ toast: { title: "Buyer resumed" } });
    expect((await app.buyers.get(id))!.active).toBe(true);
  });

  it("answers an unknown buyer or action with a 4xx message", async () => {
    expect(await app.listAction({ intent: "pause", buyerId: "nobody", confirmed: "yes" })).toMatchObject({
      status: 404,
      data: { toast: { description: "There is no such buyer." } },
    });
    expect(await app.listAction({ intent: "delete", buyerId: "nobody" })).toMatchObject({ status: 400, data: { toast: { description: "Unknown action." } } });
  });
});

describe("the buyer form", () => {
  it("creates a post buyer with its mapping, acceptance rule, credentials, filters, caps and schedule", async () => {
    const { id } = await createAcme();
    const buyer = (await app.buyers.get(id))!;
    expect(buyer).toMatchObject({
      name: "Acme Law",
      active: true,
      credentialsLast4: "••••7d6c",
      delivery: {
        method: "post",
        format: "form",
        url: "https://acme.example/leads",
        credentialHeader: "X-Api-Key",
        acceptance: { conditions: [{ field: "status", equals: false, means: "rejected", reasonField: "message" }] },
      },
      rules: {
        timeZone: "America/Chicago",
        filters: { claimTypes: ["AFFF", "PFAS"], states: ["TX", "OK"], eligibleOnly: true, maxLeadAgeMinutes: 60 },
        caps: { perDay: 25, perMonth: 500 },
        schedule: { days: [1, 2, 3, 4, 5], from: "08:00", to: "18:00" },
        priority: 10,
        weight: 3,
        price: 45,
      },
    });
    expect(buyer.delivery).not.toHaveProperty("ping");
    expect(buyer.delivery.method === "post" && Object.entries(buyer.delivery.fields)).toEqual([
      ["first_name", "{fn}"],
      ["ip", "{ip}"],
      ["cert", "{certificateUrl}"],
      ["diagnosis", "{answers.diagnosis}"],
      ["source", "web"],
    ]);
    // Sealed in the database, and opened only with the key.
    const [row] = await app.buyerRows();
    expect(row!.credentials_sealed).not.toContain(SECRET);
    expect(await openBuyerCredentials(app.db, createSecretBox(TEST_SECRETS_KEY), id)).toBe(SECRET);

    // The edit page shows the buyer as saved, without its credentials.
    const page = await app.formPage(id);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      buyer: { id, name: "Acme Law", credentialsLast4: "••••7d6c" },
      values: { delivery: "post-form", price: "45.00", pinged: false, pingBidField: "bid", states: "TX, OK", perDay: "25", scheduled: true, conditions: [{ equals: "false", means: "rejected" }] },
    });
    expect(JSON.stringify(page.data)).not.toContain(SECRET);
    expect(JSON.stringify(page.data)).not.toContain(row!.credentials_sealed!);
  });

  it("offers every claim type of the registry, the placeholders and New York time on a new buyer", async () => {
    const page = await app.formPage();
    expect(page.status).toBe(200);
    const view = page.data as { buyer: null; values: { timeZone: string; priority: string }; claims: Array<{ caseType: string; name: string }>; placeholders: { lead: string[]; credentials: string } };
    expect(view.buyer).toBeNull();
    expect(view.values).toMatchObject({ timeZone: "America/New_York", priority: "100" });
    expect(view.claims.map((c) => c.caseType)).toEqual(expect.arrayContaining(["MVA", "AFFF", "PFAS"]));
    expect(view.claims.every((c) => c.name.length > 0)).toBe(true);
    expect(view.placeholders.lead).toEqual(expect.arrayContaining(["fn", "ip", "certificateUrl"]));
    expect(view.placeholders.credentials).toBe("credentials");
  });

  it("answers mistakes with 400, a message next to each field and the values as typed, and saves nothing", async () => {
    const answer = await app.formAction(
      undefined,
      acmeForm({
        name: " ",
        url: "ftp://acme.example",
        fieldName: ["first_name", "cert", "first_name", ""],
        fieldTemplate: ["{fn}", "{cert}", "{ln}", ""],
        conditionField: ["has space", ""],
        conditionEquals: ["x", ""],
        conditionMeans: ["accepted", "accepted"],
        conditionReason: ["", ""],
        states: "TX, Texas",
        timeZone: "Mars/Olympus",
        perDay: "lots",
        scheduleDays: [],
        scheduleFrom: "9am",
      }),
    );
    expect(answer.status).toBe(400);
    const { errors, values } = answer.data as FormAnswer;
    expect(errors).toEqual({
      name: "Name the buyer.",
      url: "Enter an http(s) URL.",
      "fields.1.template": "Unknown placeholder {cert}.",
      "fields.2.name": "first_name is mapped twice.",
      "conditions.0.field": "Enter a field such as status or result.code.",
      states: "Enter a two-letter state code.",
      timeZone: "Enter an IANA time zone such as America/New_York.",
      perDay: "Enter a whole number.",
      scheduleDays: "Choose at least one day.",
      scheduleFrom: "Enter a time as HH:MM.",
    });
    expect(values).toMatchObject({ name: " ", url: "ftp://acme.example", states: "TX, Texas", perDay: "lots", timeZone: "Mars/Olympus", scheduleFrom: "9am" });
    expect(values.fields).toEqual([
      { name: "first_name", template: "{fn}" },
      { name: "cert", template: "{cert}" },
      { name: "first_name", template: "{ln}" },
    ]);
    expect(values).not.toHaveProperty("credentials");
    expect(JSON.stringify(answer.data)).not.toContain(SECRET);
    expect(await app.buyerRows()).toEqual([]);
  });

  it("saves a ping-post buyer with its ping URL and bid field and a price in cents, and the list says so", async () => {
    const { id } = await createAcme({ price: "$1,250.5", pinged: "on", pingUrl: "https://acme.example/ping", pingBidField: "" });
    expect(await app.buyers.get(id)).toMatchObject({
      delivery: { ping: { url: "https://acme.example/ping", bidField: "bid" } },
      rules: { price: 1250.5 },
    });
    expect(((await app.listPage()).data as ListView).buyers[0]).toMatchObject({ pingPost: true, price: "$1,250.50 / lead" });
    expect((await app.formPage(id)).data).toMatchObject({ values: { price: "1250.50", pinged: true, pingUrl: "https://acme.example/ping", pingBidField: "bid" } });

    // Unticked, the ping goes and the price can be cleared.
    expect((await app.formAction(id, acmeForm({ credentials: "", price: "", pingUrl: "https://acme.example/ping" }))).status).toBe(302);
    const saved = (await app.buyers.get(id))!;
    expect(saved.delivery).not.toHaveProperty("ping");
    expect(saved.rules.price).toBeUndefined();
  });

  it("puts a price or ping mistake next to its field", async () => {
    const answer = await app.formAction(undefined, acmeForm({ price: "45.999", pinged: "on", pingUrl: "ftp://acme.example", pingBidField: "a b" }));
    expect(answer.status).toBe(400);
    expect((answer.data as FormAnswer).errors).toEqual({
      price: "Enter a price in dollars and cents, such as 45 or 45.50.",
      pingUrl: "Enter an http(s) URL.",
      pingBidField: "Enter a field such as status or result.code.",
    });
    const tooDear = await app.formAction(undefined, acmeForm({ price: "100000.01" }));
    expect(tooDear).toMatchObject({ status: 400, data: { errors: { price: "Enter a price in dollars and cents, from $0 to $100,000." } } });
    expect(await app.buyerRows()).toEqual([]);
  });

  it("says a post needs at least one mapped field", async () => {
    const answer = await app.formAction(undefined, acmeForm({ fieldName: ["", ""], fieldTemplate: ["", ""] }));
    expect(answer).toMatchObject({ status: 400, data: { errors: { fields: "Map at least one field." } } });
  });

  it("adds empty rows on request without saving", async () => {
    const answer = await app.formAction(undefined, acmeForm({ intent: "more-fields", name: "" }));
    expect(answer).toMatchObject({ status: 200, data: { moreRows: "fields", errors: {} } });
    expect((answer.data as FormAnswer).values.fields).toHaveLength(5);
    expect(await app.buyerRows()).toEqual([]);
  });

  it("gives back the credentials just typed with more rows, so the form drawn again keeps them, and only then", async () => {
    const more = await app.formAction(undefined, acmeForm({ intent: "more-fields" }));
    expect(more).toMatchObject({ status: 200, data: { moreRows: "fields", typedCredentials: SECRET } });
    const { id } = await createAcme();
    const blank = await app.formAction(id, acmeForm({ intent: "more-conditions", credentials: "" }));
    expect(blank).toMatchObject({ status: 200, data: { moreRows: "conditions" } });
    expect(blank.data).not.toHaveProperty("typedCredentials");
    const mistake = await app.formAction(undefined, acmeForm({ perDay: "lots" }));
    expect(JSON.stringify(mistake.data)).not.toContain(SECRET);
  });

  it("says in words what a number below its least should be, not zod's 'Too small: expected number to be >=0'", async () => {
    const answer = await app.formAction(undefined, acmeForm({ perDay: "-1", perMonth: "-5", weight: "0", maxLeadAgeMinutes: "0" }));
    expect(answer.status).toBe(400);
    expect((answer.data as FormAnswer).errors).toMatchObject({
      perDay: "Enter a number of leads of 0 or more.",
      perMonth: "Enter a number of leads of 0 or more.",
      weight: "Enter a weight above 0.",
      maxLeadAgeMinutes: "Enter a number of minutes above 0.",
    });
    expect(await app.buyerRows()).toEqual([]);
  });

  it("keeps the saved credentials when the field is left empty, and removes them when asked", async () => {
    const { id } = await createAcme();
    const renamed = await app.formAction(id, acmeForm({ name: "Acme Law LLP", credentials: "" }));
    expect(renamed).toMatchObject({ status: 302 });
    expect(await app.buyers.get(id)).toMatchObject({ name: "Acme Law LLP", credentialsLast4: "••••7d6c" });
    expect(await openBuyerCredentials(app.db, createSecretBox(TEST_SECRETS_KEY), id)).toBe(SECRET);

    const both = await app.formAction(id, acmeForm({ removeCredentials: "on" }));
    expect(both).toMatchObject({ status: 400, data: { errors: { credentials: expect.stringMatching(/not both/) } } });

    const removed = await app.formAction(id, acmeForm({ credentials: "", removeCredentials: "on" }));
    expect(removed.status).toBe(302);
    expect((await app.buyers.get(id))!.credentialsLast4).toBeNull();
    expect(await openBuyerCredentials(app.db, createSecretBox(TEST_SECRETS_KEY), id)).toBeNull();

    const replaced = await app.formAction(id, acmeForm({ credentials: "new-key-0000abcd" }));
    expect(replaced.status).toBe(302);
    expect((await app.buyers.get(id))!.credentialsLast4).toBe("••••abcd");
  });

  it("changes a post buyer into a paused signed webhook with no schedule", async () => {
    const { id } = await createAcme();
    const answer = await app.formAction(id, acmeForm({ delivery: "webhook", active: [], schedule: "always", credentials: "" }));
    expect(answer.status).toBe(302);
    expect(await app.buyers.get(id)).toMatchObject({
      active: false,
      delivery: { method: "webhook", url: "https://acme.example/leads" },
      rules: { schedule: null },
    });
  });

  it("answers an unknown buyer with 404, on the page and on a save, and creates nothing", async () => {
    expect((await app.formPage("00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await app.formAction("00000000-0000-0000-0000-000000000000", acmeForm())).status).toBe(404);
    expect(await app.buyerRows()).toEqual([]);
  });

  it("refuses a body that is not a form with 400", async () => {
    const request = new Request("https://claims.example/admin/buyers/new", {
      method: "POST",
      headers: { cookie: app.operator, "content-type": "multipart/form-data" },
      body: "no boundary",
    });
    const { action } = await import("../../app/routes/admin-buyer");
    const answer = await action({ request, context: app.context(), params: {}, url: new URL(request.url), pattern: "/admin/buyers/new" } as never).catch((thrown: unknown) => thrown);
    expect((answer as { init: ResponseInit }).init.status).toBe(400);
  });
});

describe("without SECRETS_KEY", () => {
  let keyless: BuyerPages;
  beforeAll(async () => {
    keyless = await startBuyerPages({ secretsKey: false });
  });
  afterAll(() => keyless?.close());

  it("says why credentials cannot be saved, next to the field, and saves a buyer without them", async () => {
    const refused = await keyless.formAction(undefined, acmeForm());
    expect(refused).toMatchObject({ status: 400, data: { errors: { credentials: NO_SECRETS_KEY } } });
    expect(await keyless.buyerRows()).toEqual([]);
    expect((await keyless.formAction(undefined, acmeForm({ credentials: "" }))).status).toBe(302);
    expect(await keyless.buyerRows()).toHaveLength(1);
  });
});

describe("system buyers", () => {
  const LEGAL_BRIDGE_ID = "system-legal-bridge";
  /** The rules part of the form, as a system buyer's form posts it: no name, delivery, credentials, ping, mapping or conditions. */
  const rulesForm = (overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> => ({
    intent: "save",
    active: "on",
    price: "30",
    claimTypes: ["AFFF"],
    states: "TX",
    maxLeadAgeMinutes: "",
    perDay: "40",
    perMonth: "",
    timeZone: "America/Chicago",
    schedule: "always",
    priority: "5",
    weight: "2",
    ...overrides,
  });

  beforeEach(async () => {
    await app.db.deleteFrom("settings").where("key", "=", "webhook_url").execute();
    await syncSystemBuyers(app.db, app.config);
  });

  it("are marked System in the list, with where their delivery is set and whether it is", async () => {
    await createAcme();
    const systemOf = async () => Object.fromEntries(((await app.listPage()).data as ListView).buyers.map((buyer) => [buyer.id, buyer.system]));
    const before = await systemOf();
    expect(Object.values(before)).toContain(null);
    expect(before[LEGAL_BRIDGE_ID]).toEqual({ label: "Legal Bridge (LEGAL_BRIDGE_URL)", href: null, configured: false });
    // The setup page's webhook is the operator's own copy of every lead, no buyer (docs/decisions/038).
    expect(Object.keys(before)).not.toContain(WEBHOOK_BUYER_ID);
  });

  it("show on their page where the delivery and the name come from, instead of delivery fields", async () => {
    const page = await app.formPage(LEGAL_BRIDGE_ID);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      buyer: {
        id: LEGAL_BRIDGE_ID,
        name: "Legal Bridge",
        system: {
          label: "Legal Bridge (LEGAL_BRIDGE_URL)",
          href: null,
          configured: false,
          explanation: expect.stringContaining("LEGAL_BRIDGE_API_KEY"),
          toConfigure: "Set LEGAL_BRIDGE_URL and LEGAL_BRIDGE_API_KEY on the server.",
        },
      },
      values: { name: "Legal Bridge", claimTypes: ["AFFF"] },
    });
  });

  it.each([LEGAL_BRIDGE_ID])("save their rules without delivery fields, keeping their name, delivery and credentials (%s)", async (id) => {
    const before = (await app.buyers.get(id))!;
    // A name or a delivery posted anyway is not the operator's to change.
    const answer = await app.formAction(id, rulesForm({ name: "Renamed", delivery: "post-form", url: "https://evil.example/", credentials: "sk-nope-1234" }));
    expect(answer.status, JSON.stringify(answer.data)).toBe(302);
    expect(answer.headers.get("location")).toBe(`/admin/buyers?saved=${id}`);
    const after = (await app.buyers.get(id))!;
    expect(after).toMatchObject({ name: before.name, system: before.system, delivery: before.delivery, credentialsLast4: null, active: true });
    expect(after.rules).toMatchObject({
      timeZone: "America/Chicago",
      filters: { claimTypes: ["AFFF"], states: ["TX"] },
      caps: { perDay: 40 },
      schedule: null,
      priority: 5,
      weight: 2,
      price: 30,
    });

    // Paused from its form too.
    expect((await app.formAction(id, rulesForm({ active: [] }))).status).toBe(302);
    expect((await app.buyers.get(id))!.active).toBe(false);
  });

  it("answer a mistake in their rules with 400 next to the field, saving nothing", async () => {
    const before = await app.buyers.get(LEGAL_BRIDGE_ID);
    const answer = await app.formAction(LEGAL_BRIDGE_ID, rulesForm({ perDay: "lots", timeZone: "Mars/Olympus" }));
    expect(answer.status).toBe(400);
    expect((answer.data as FormAnswer).errors).toEqual({ perDay: "Enter a whole number.", timeZone: "Enter an IANA time zone such as America/New_York." });
    expect((answer.data as FormAnswer).values).toMatchObject({ name: "Legal Bridge", perDay: "lots" });
    // Rows for the mapping they do not have: the form again, nothing saved.
    expect(await app.formAction(LEGAL_BRIDGE_ID, rulesForm({ intent: "more-fields" }))).toMatchObject({ status: 200, data: { moreRows: null, errors: {} } });
    expect(await app.buyers.get(LEGAL_BRIDGE_ID)).toEqual(before);
  });

  it("refuse anonymous saves with 401", async () => {
    const before = await app.buyers.get(LEGAL_BRIDGE_ID);
    expect((await app.formAction(LEGAL_BRIDGE_ID, rulesForm({ perDay: "1" }), null)).status).toBe(401);
    expect(await app.buyers.get(LEGAL_BRIDGE_ID)).toEqual(before);
  });
});
