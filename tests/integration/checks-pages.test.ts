import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  action as checksAction,
  loader as checksLoader,
} from "../../app/routes/admin-checks";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";
import { startFakeReceiver, waitFor } from "../support/fake-receiver";
import {
  formPost,
  routeArgs,
  settled,
  TEST_SITE_URL,
} from "../support/load-context";
import { buyerInput, TEST_SECRETS_KEY } from "../support/routing-fixtures";

// /admin/checks and the lead page's checks, called with plain Requests on a real database: an operator
// adds a check, a lead it blocks is held with the reason, the operator releases it (audited), and the
// export carries the result.

let app: ConsoleRoutes;
const receivers: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  app = await startConsole({ SECRETS_KEY: TEST_SECRETS_KEY });
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  await app?.close();
});

const checkForm = (url: string) => ({
  name: "Litigator scrub",
  active: "on",
  url,
  method: "post-json",
  fields: "phone = {ph}\nkey = {credentials}",
  conditions: "status | litigator | block | reason\nstatus | clean | pass",
  budgetMs: "2000",
  priceCents: "1",
  cacheDays: "30",
  whenUnavailable: "hold",
  credentials: "provider-secret-9876",
});

const postChecks = (
  fields: Record<string, string>,
  cookie: string | null = app.operator,
) =>
  settled(
    checksAction(
      routeArgs(
        formPost("/admin/checks", fields, cookie ? { cookie } : {}),
        app.context(),
      ),
    ),
  );

describe("checks on the admin pages", () => {
  it("an operator adds a check: the key is sealed and shown by its last four, the change audited; bad input is refused field by field", async () => {
    const refused = await postChecks({
      ...checkForm("ftp://nowhere"),
      budgetMs: "99999",
    });
    expect(refused.status).toBe(400);
    expect(
      Object.keys(
        (refused.data as { errors: Record<string, string> }).errors,
      ).sort(),
    ).toEqual(["config.budgetMs", "config.url"]);

    const saved = await postChecks(checkForm("https://provider.example/scrub"));
    expect(saved.status).toBe(302);
    const row = await app.db
      .selectFrom("checks")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.credentials_last4).toBe("••••9876");
    expect(row.credentials_sealed).not.toContain("provider-secret");
    const page = await settled(
      checksLoader(
        routeArgs(
          new Request(`${TEST_SITE_URL}/admin/checks`, {
            headers: { cookie: app.operator },
          }),
          app.context(),
        ),
      ),
    );
    expect(
      (page.data as { checks: { name: string; credentialsLast4: string }[] })
        .checks,
    ).toEqual([
      expect.objectContaining({
        name: "Litigator scrub",
        credentialsLast4: "••••9876",
      }),
    ]);
    const audit = await app.db
      .selectFrom("audit_log")
      .select(["action", "target_type"])
      .where("action", "=", "create-check")
      .execute();
    expect(audit).toEqual([{ action: "create-check", target_type: "check" }]);
    expect(
      (await postChecks(checkForm("https://provider.example/scrub"), null))
        .status,
    ).not.toBe(302);
  });

  it("a blocked lead is held with its reason on its page; a confirmed release routes it and is audited; the export says why", async () => {
    const provider = await startFakeReceiver({
      status: 200,
      json: { status: "litigator", reason: "Known TCPA litigator" },
    });
    receivers.push(provider);
    const buyer = await app.services.buyers.create(
      buyerInput(
        "Acme",
        {},
        { delivery: { method: "webhook", url: "http://127.0.0.1:9/never" } },
      ),
    );
    expect(buyer.ok).toBe(true);
    expect((await postChecks(checkForm(provider.url))).status).toBe(302);
    const leadId = await app.makeLead({ state: "TX", phone: "(415) 555-0142" });
    await waitFor(async () => {
      await app.services.deliveryWorker.runOnce();
      const row = await app.db
        .selectFrom("deliveries")
        .select("status")
        .where("lead_id", "=", leadId)
        .where("target", "=", "checks")
        .executeTakeFirst();
      return row?.status === "delivered";
    }, "the checks to run");

    const page = (await app.leadPage(leadId)).data as {
      lead: {
        heldReason: string;
        saleChecks: { outcome: string; priceCents: number; cached: boolean }[];
        phoneFacts: { areaCodeInState: boolean };
      };
    };
    expect(page.lead.heldReason).toContain(
      "Litigator scrub blocked it: Known TCPA litigator",
    );
    expect(page.lead.saleChecks).toEqual([
      expect.objectContaining({
        outcome: "block",
        priceCents: 1,
        cached: false,
      }),
    ]);
    expect(page.lead.phoneFacts.areaCodeInState).toBe(false);

    const csv = await (await app.exportResponse()).text();
    expect(csv).toContain("Litigator scrub: block");

    const asked = (await app.leadAction(leadId, { intent: "release-held" }))
      .data as { confirm?: unknown };
    expect(asked.confirm).toBeTruthy();
    expect(
      (
        await app.db
          .selectFrom("leads")
          .select("buyer_status")
          .where("id", "=", leadId)
          .executeTakeFirstOrThrow()
      ).buyer_status,
    ).toBe("held");
    const released = (
      await app.leadAction(leadId, { intent: "release-held", confirmed: "yes" })
    ).data as { toast: { title: string } };
    expect(released.toast.title).toBe("Released");
    const sent = await app.db
      .selectFrom("deliveries")
      .select("buyer_id")
      .where("lead_id", "=", leadId)
      .where("target", "=", "buyer")
      .execute();
    expect(sent).toHaveLength(1);
    expect(
      await app.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "release-held-lead")
        .execute(),
    ).toHaveLength(1);
    const again = (
      await app.leadAction(leadId, { intent: "release-held", confirmed: "yes" })
    ).data as { toast: { title: string } };
    expect(again.toast.title).toBe("Error");
  });
});
