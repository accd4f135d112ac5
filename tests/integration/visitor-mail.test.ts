import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as visitorMailPage from "../../app/routes/admin-visitor-mail";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { withOperators } from "../support/operators";
import { startSmtpServer } from "../support/smtp-server";

// The visitor's confirmation e-mail (issue 29 item 4, docs/decisions/062), on both engines: turned on per
// claim through the page's action, queued in the alert mail queue by the alerts' periodic work, sent over
// SMTP to a real server on 127.0.0.1, once per lead, and holding none of the visitor's answers.

let app: ConsoleRoutes;
let team: Awaited<ReturnType<typeof withOperators>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startConsole({ SMTP_URL: smtp.url, ALERT_FROM: "hello@claims.example" });
  team = await withOperators(app);
}, 60_000);
afterAll(async () => {
  app?.services.alerts.close();
  await team?.close();
  await app?.close();
  await smtp?.close();
});

const save = (claims: string[], cookie = app.operator) =>
  settled(Promise.resolve(visitorMailPage.action(routeArgs(formPost("/admin/visitor-mail", { claim: claims }, { cookie }), app.context()) as never)));
const page = (cookie = app.operator) =>
  settled(Promise.resolve(visitorMailPage.loader(routeArgs(new Request(TEST_SITE_URL + "/admin/visitor-mail", { headers: { cookie } }), app.context()) as never)));
/** What the worker's alerts task does for visitors: queue what is due, then send the queue. */
const queueAndSend = async () => ({ queued: await app.services.visitorMail.queueDue(), sent: await app.services.alerts.sendDue() });
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** Every text the visitor typed or chose, as stored: none may be in the mail. */
async function answersOf(leadId: string): Promise<string[]> {
  const row = await app.db.selectFrom("leads").select(["form_data", "fn", "ln", "ph", "st", "cq1", "cq2", "cq3"]).where("id", "=", leadId).executeTakeFirstOrThrow();
  const values: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === "string") values.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect(JSON.parse(row.form_data ?? "{}"));
  collect([row.fn, row.ln, row.ph, row.st, row.cq1, row.cq2, row.cq3]);
  // Short choices ("Yes", "No", a state's two letters) are words of any sentence; longer ones are the visitor's.
  return [...new Set(values.map((value) => value.trim()).filter((value) => value.length >= 4))];
}

describe("the visitor's confirmation e-mail", () => {
  it("is off until an operator turns it on for a claim; a viewer may not", async () => {
    const before = await app.makeLead({ email: "before@example.com" });
    expect(await queueAndSend()).toEqual({ queued: 0, sent: 0 });
    expect(await page()).toMatchObject({ status: 200, data: { sending: true, canChange: true, preview: { subject: "We received your request" } } });
    expect(await save(["MVA"], team.cookies.viewer)).toMatchObject({ status: 403 });
    expect(await page(team.cookies.viewer)).toMatchObject({ status: 403 });

    expect(await save(["MVA", "not-a-claim"], team.cookies.manager)).toMatchObject({ status: 200 });
    expect(await app.db.selectFrom("visitor_mail_claims").select("case_type").execute()).toEqual([{ case_type: "MVA" }]);
    const audit = await app.db.selectFrom("audit_log").select(["operator_email", "detail"]).where("action", "=", "save-visitor-mail-claims").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ on: ["MVA"], off: [], now: ["MVA"] });
    // A lead from before it was turned on gets nothing.
    expect(await queueAndSend()).toEqual({ queued: 0, sent: 0 });
    expect(before).toBeTruthy();
  });

  it("sends one mail per lead with the promise and the opt-out link, and none of the visitor's answers", async () => {
    const leadId = await app.makeLead({
      email: "zebediah@example.com",
      firstName: "Zebediah",
      lastName: "Quillfeather",
      phone: "(415) 555-0187",
      state: "WY",
    });
    // Others that get none: spam, a repeat of the same person's claim, a claim without confirmations.
    await app.makeLead({ email: "spammer@example.com", spam: true });
    await app.makeLead({ email: "zebediah@example.com", phone: "(415) 555-0187" });
    await app.makeLead({ claim: "pfas", email: "pfas-visitor@example.com" });

    expect(await queueAndSend()).toEqual({ queued: 1, sent: 1 });
    const [mail, ...more] = mailsTo("zebediah@example.com");
    expect(more).toEqual([]);
    expect(smtp.received.filter((m) => ["spammer@example.com", "pfas-visitor@example.com", "before@example.com"].some((to) => m.to.includes(to)))).toEqual([]);
    expect(mail).toMatchObject({ from: "hello@claims.example", subject: "We received your request" });
    expect(mail!.text).toContain("A law firm may contact you about it by phone or e-mail.");
    expect(mail!.text).toContain(`${TEST_SITE_URL}/opt-out`);

    const answers = await answersOf(leadId);
    expect(answers).toEqual(expect.arrayContaining(["Zebediah", "Quillfeather", "zebediah@example.com"]));
    const shown = `${mail!.subject}\n${mail!.text}`.toLowerCase();
    for (const answer of answers) expect(shown, `the mail holds the answer "${answer}"`).not.toContain(answer.toLowerCase());
    // Nor the claim it is about.
    expect(shown).not.toMatch(/motor|vehicle|accident|mva/);

    // Once per lead: nothing more on the next rounds.
    expect(await queueAndSend()).toEqual({ queued: 0, sent: 0 });
    const rows = await app.db.selectFrom("alert_mails").select(["lead_id", "status", "kind"]).where("lead_id", "=", leadId).execute();
    expect(rows).toEqual([{ lead_id: leadId, status: "sent", kind: "visitor-confirmation" }]);
  });

  it("writes to a visitor of a Spanish form in Spanish, with the Spanish opt-out page", async () => {
    await app.makeLead({ email: "lucia@example.com", language: "es" });
    expect(await queueAndSend()).toEqual({ queued: 1, sent: 1 });
    const [mail] = mailsTo("lucia@example.com");
    expect(mail).toMatchObject({ subject: "Recibimos su solicitud" });
    expect(mail!.text).toContain("Es posible que un bufete de abogados se comunique con usted");
    expect(mail!.text).toContain(`${TEST_SITE_URL}/es/opt-out`);
  });

  it("stops for a claim turned off, and does not mail its earlier leads when turned on again", async () => {
    expect(await save([])).toMatchObject({ status: 200 });
    await app.makeLead({ email: "while-off@example.com" });
    expect(await queueAndSend()).toEqual({ queued: 0, sent: 0 });
    expect(await save(["MVA"])).toMatchObject({ status: 200 });
    expect(await queueAndSend()).toEqual({ queued: 0, sent: 0 });
    await app.makeLead({ email: "after@example.com" });
    expect(await queueAndSend()).toEqual({ queued: 1, sent: 1 });
    expect(mailsTo("while-off@example.com")).toEqual([]);
    expect(mailsTo("after@example.com")).toHaveLength(1);
  });
});
