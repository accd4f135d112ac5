import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin-suppliers";
import { supplierGate } from "../../server/suppliers/supplier-keys";
import type { ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { consoleWithOperators, type Operators } from "../support/operators";

// /admin/suppliers called with plain Requests on a real database (issue 26, docs/decisions/046): who may
// read and change it, the form's messages, a key shown once and only its hash kept, rotation, pause and
// resume, and every change in the audit log with its values before and after.

let app: ConsoleRoutes;
let roles: Operators;
consoleWithOperators((running) => ({ app, operators: roles } = running));

const page = (cookie: string, query = "") =>
  settled(loader(routeArgs(new Request(`${TEST_SITE_URL}/admin/suppliers${query}`, { headers: { cookie } }), app.context())));
const post = (fields: Record<string, string | string[]>, cookie = roles.cookies.manager) =>
  settled(action(routeArgs(formPost("/admin/suppliers", fields, { cookie }), app.context())));
const newSupplier = (name: string, extra: Record<string, string | string[]> = {}) => ({
  intent: "create",
  name,
  claimSlugs: ["mva", "pfas"],
  dailyCap: "50",
  payout: "12.50",
  ...extra,
});
const auditOf = async (action: string, supplierId: string) => {
  const rows = await app.db.selectFrom("audit_log").selectAll().where("action", "=", action).where("target_id", "=", supplierId).orderBy("at").execute();
  return rows.map((row) => ({ email: row.operator_email, detail: JSON.parse(row.detail) as { changes: Record<string, { before: unknown; after: unknown }> } }));
};
const gate = (key: string) => supplierGate(app.db, `Bearer ${key}`, "mva");

describe("/admin/suppliers", () => {
  it("lets a viewer read the list but not change it, and sends nobody without a session to log in", async () => {
    const viewer = await page(roles.cookies.viewer);
    expect(viewer.status).toBe(200);
    expect(viewer.data).toMatchObject({ canChange: false });
    const refused = await post(newSupplier("Viewer Leads"), roles.cookies.viewer);
    expect(refused.status).toBe(403);
    expect((refused.data as { error: string }).error).toMatch(/manager role or higher/);
    expect(await app.db.selectFrom("suppliers").select("id").where("name", "=", "Viewer Leads").execute()).toEqual([]);

    const nobody = await settled(loader(routeArgs(new Request(`${TEST_SITE_URL}/admin/suppliers`), app.context())));
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fsuppliers");
  });

  it("refuses a bad form field by field, in words, and keeps what was typed", async () => {
    const refused = await post({ intent: "create", name: " ", dailyCap: "ten", payout: "1.234" });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      values: { name: "", claimSlugs: [], dailyCap: "ten", payout: "1.234" },
      errors: {
        name: "Enter the supplier's name",
        claimSlugs: "Choose at least one claim the supplier may send",
        dailyCap: "Enter the daily cap as a whole number of leads, or leave it empty for no cap.",
        payout: "Enter the payout in dollars and cents, such as 12 or 12.50.",
      },
    });
    const unknownClaim = await post(newSupplier("Odd Leads", { claimSlugs: ["mva", "no-such-claim"], payout: "200000" }));
    expect(unknownClaim.status).toBe(400);
    expect((unknownClaim.data as { errors: Record<string, string> }).errors).toEqual({ claimSlugs: "Unknown claim", payout: "At most $100,000" });
  });

  it("adds a supplier and shows its key once: only its hash is kept, the list never shows it, and the API takes it", async () => {
    const added = await post(newSupplier("Acme Leads"));
    expect(added.status).toBe(200);
    const { done, key } = added.data as { done: string; key: string };
    expect(done).toBe("Acme Leads is added.");
    expect(key).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/);

    const row = await app.db.selectFrom("suppliers").selectAll().where("name", "=", "Acme Leads").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ claim_slugs: '["mva","pfas"]', daily_cap: 50, payout_cents: 1250, status: "active" });
    expect(row.api_key_sha256).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = await page(roles.cookies.viewer);
    expect(JSON.stringify(listed.data)).not.toContain(key);
    expect((listed.data as { suppliers: { id: string; keyPrefix: string; today: number; payoutCents: number }[] }).suppliers).toContainEqual(
      expect.objectContaining({ id: row.id, keyPrefix: key.slice(0, 10), today: 0, payoutCents: 1250 }),
    );
    expect(await gate(key)).toMatchObject({ ok: true, supplier: { id: row.id, payoutCents: 1250, dailyCap: 50 } });

    const [entry] = await auditOf("create-supplier", row.id);
    expect(entry!.email).toBe("manager@claims.example");
    expect(entry!.detail.changes).toMatchObject({ name: { before: null, after: "Acme Leads" }, payoutCents: { before: null, after: 1250 }, key: { before: null, after: key.slice(0, 10) } });
    expect(JSON.stringify(entry)).not.toContain(key);
  });

  it("rotates a key after asking: the new key is shown once, the old one stops at once, and the rotation is audited", async () => {
    const { key: oldKey } = (await post(newSupplier("Rotate Leads"))).data as { key: string };
    const { id } = await app.db.selectFrom("suppliers").select("id").where("name", "=", "Rotate Leads").executeTakeFirstOrThrow();

    const asked = await post({ intent: "rotate", supplierId: id });
    expect(asked.data).toEqual({
      confirm: { question: "Give Rotate Leads a new key? The current key stops working at once.", fields: { intent: "rotate", supplierId: id }, label: "Make a new key" },
    });
    expect(await gate(oldKey)).toMatchObject({ ok: true });

    const rotated = await post({ intent: "rotate", supplierId: id, confirmed: "yes" });
    const { key: newKey, done } = rotated.data as { key: string; done: string };
    expect(done).toBe("Rotate Leads has a new key; the old one no longer works.");
    expect(newKey).not.toBe(oldKey);
    expect(await gate(oldKey)).toMatchObject({ ok: false, status: 401 });
    expect(await gate(newKey)).toMatchObject({ ok: true });
    expect((await auditOf("rotate-supplier-key", id))[0]!.detail.changes).toEqual({ key: { before: oldKey.slice(0, 10), after: newKey.slice(0, 10) } });
  });

  it("edits claims, cap and payout, pauses and resumes, each audited with before and after; an unknown supplier is a 404", async () => {
    const { key } = (await post(newSupplier("Edit Leads"))).data as { key: string };
    const { id } = await app.db.selectFrom("suppliers").select("id").where("name", "=", "Edit Leads").executeTakeFirstOrThrow();

    const form = await page(roles.cookies.manager, `?edit=${id}`);
    expect(form.data).toMatchObject({ editing: { id, name: "Edit Leads" }, values: { name: "Edit Leads", claimSlugs: ["mva", "pfas"], dailyCap: "50", payout: "12.50" } });
    const saved = await post({ intent: "update", supplierId: id, name: "Edit Leads", claimSlugs: ["mva"], dailyCap: "", payout: "$1,000" });
    expect(saved.data).toEqual({ done: "Edit Leads is saved." });
    expect(await app.services.suppliers.get(id)).toMatchObject({ claimSlugs: ["mva"], dailyCap: null, payoutCents: 100_000, status: "active" });
    expect((await auditOf("update-supplier", id))[0]!.detail.changes).toEqual({
      "claimSlugs": { before: ["mva", "pfas"], after: ["mva"] },
      "dailyCap": { before: 50, after: null },
      "payoutCents": { before: 1250, after: 100_000 },
    });

    expect((await post({ intent: "pause", supplierId: id })).data).toMatchObject({ confirm: { label: "Pause supplier" } });
    expect((await post({ intent: "pause", supplierId: id, confirmed: "yes" })).data).toEqual({ done: "Edit Leads is paused: its key is refused until it is resumed." });
    expect(await gate(key)).toMatchObject({ ok: false, status: 403 });
    expect((await post({ intent: "resume", supplierId: id, confirmed: "yes" })).data).toEqual({ done: "Edit Leads is active again." });
    expect(await gate(key)).toMatchObject({ ok: true });
    expect((await auditOf("pause-supplier", id))[0]!.detail.changes).toEqual({ status: { before: "active", after: "paused" } });
    expect((await auditOf("resume-supplier", id))[0]!.detail.changes).toEqual({ status: { before: "paused", after: "active" } });

    const unknown: Record<string, string | string[]>[] = [
      { intent: "pause", supplierId: "no-such-supplier", confirmed: "yes" },
      { intent: "rotate", supplierId: "", confirmed: "yes" },
      { ...newSupplier("Ghost"), intent: "update", supplierId: "no-such-supplier" },
    ];
    for (const fields of unknown) {
      const answer = await post(fields);
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ error: "There is no such supplier." });
    }
    expect((await post({ intent: "delete", supplierId: id })).status).toBe(400);
    expect((await page(roles.cookies.manager, "?edit=no-such-supplier")).status).toBe(404);
  });
});
