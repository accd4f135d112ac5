import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCertificateRetention, retentionCutoff } from "../../server/certificates/certificate-retention";
import { startConsole, type ConsoleRoutes } from "../support/console-leads";

// Certificates are kept CERTIFICATE_RETENTION_YEARS (default 5), then the worker purges them and
// records the purge (issue 12). The clock is the test's: leads are made at chosen times and the purge
// runs at a chosen 'now'.

let routes: ConsoleRoutes;
beforeEach(async () => {
  routes = await startConsole();
});
afterEach(async () => {
  await routes.close();
});

const purgeAt = (now: string, retentionYears = 5) =>
  createCertificateRetention({ db: routes.db, retentionYears, logger: routes.logger, now: () => new Date(now) });

async function certificateOf(leadId: string) {
  const lead = await routes.db.selectFrom("leads").select("certificate_id").where("id", "=", leadId).executeTakeFirstOrThrow();
  return routes.db.selectFrom("submission_certificates").selectAll().where("certificate_id", "=", lead.certificate_id!).executeTakeFirstOrThrow();
}

/** A stored page as shown and fill facts for each lead's certificate, as a form submission leaves them. */
async function givePageAsShown(leadIds: string[]) {
  await routes.db.insertInto("consent_stylesheets").values({ sha256: "c".repeat(64), href: "/assets/app-test.css", css: "body{}", created_at: "2026-01-01T00:00:00.000Z" }).execute();
  for (const leadId of leadIds) {
    const { certificate_id, created_at } = await certificateOf(leadId);
    await routes.db
      .updateTable("submission_certificates")
      .set({ fill_facts: JSON.stringify({ javascript: true }), supplier_evidence: JSON.stringify({ pageUrl: "https://partner.example/form" }) })
      .where("certificate_id", "=", certificate_id)
      .execute();
    await routes.db
      .insertInto("consent_page_snapshots")
      .values({ certificate_id, lead_id: leadId, created_at, title: "Claim form", html: "<main>…</main>", inline_css: "", stylesheet_href: "/assets/app-test.css", stylesheet_sha256: "c".repeat(64) })
      .execute();
  }
}

describe("certificate retention", () => {
  it("counts whole calendar years back from now", () => {
    expect(retentionCutoff(new Date("2031-11-23T10:00:00.000Z"), 5).toISOString()).toBe("2026-11-23T10:00:00.000Z");
    // 29 February has no anniversary in 2029: JavaScript rolls it to 1 March, one day later, never earlier.
    expect(retentionCutoff(new Date("2032-02-29T00:00:00.000Z"), 3).toISOString()).toBe("2029-03-01T00:00:00.000Z");
  });

  it("purges certificates older than the retention period and keeps the younger ones whole", async () => {
    const old = await routes.makeLead({ at: "2026-01-10T12:00:00.000Z", email: "old@example.com" });
    const edge = await routes.makeLead({ at: "2026-06-01T12:00:00.000Z", email: "edge@example.com" });
    const young = await routes.makeLead({ at: "2027-03-01T12:00:00.000Z", email: "young@example.com" });
    await givePageAsShown([old, young]);

    // Five years after the edge lead, to the millisecond: not yet older than five years.
    const run = await purgeAt("2031-06-01T12:00:00.000Z").purgeExpired();
    expect(run).toEqual({ certificates: 1, createdBefore: "2026-06-01T12:00:00.000Z" });

    const purged = await certificateOf(old);
    expect(purged).toMatchObject({
      purged_at: "2031-06-01T12:00:00.000Z",
      submission_data: "{}",
      ip_address: null,
      user_agent: null,
      page_url: null,
      fill_facts: null,
      supplier_evidence: null,
    });
    // The page as shown goes with it; the young lead's stays.
    expect(await routes.db.selectFrom("consent_page_snapshots").select("lead_id").execute()).toEqual([{ lead_id: young }]);
    // The tombstone still names its lead, claim and time, so a lead never points at nothing.
    expect(purged.lead_id).toBe(old);
    for (const kept of [edge, young]) {
      const certificate = await certificateOf(kept);
      expect(certificate.purged_at).toBeNull();
      expect(certificate.ip_address).toBe("203.0.113.7");
      if (kept === young) expect(certificate.supplier_evidence).not.toBeNull();
      expect(JSON.parse(certificate.submission_data)).toHaveProperty("em");
    }

    const records = await routes.db.selectFrom("certificate_purges").selectAll().execute();
    expect(records).toEqual([
      expect.objectContaining({
        purged_at: "2031-06-01T12:00:00.000Z",
        created_before: "2026-06-01T12:00:00.000Z",
        retention_years: 5,
        certificates: 1,
        oldest_created_at: "2026-01-10T12:00:00.000Z",
        newest_created_at: "2026-01-10T12:00:00.000Z",
      }),
    ]);

    // The public page says the certificate was purged rather than that it never existed.
    const view = await routes.services.certificates.verify(purged.certificate_id);
    expect(view).toMatchObject({ certificateId: purged.certificate_id, purgedAt: "2031-06-01T12:00:00.000Z", answers: [], ipAddress: null });
  });

  it("records nothing when nothing is due, and never purges a certificate twice", async () => {
    await routes.makeLead({ at: "2026-01-10T12:00:00.000Z" });
    expect((await purgeAt("2030-01-01T00:00:00.000Z").purgeExpired()).certificates).toBe(0);
    expect((await purgeAt("2032-01-01T00:00:00.000Z").purgeExpired()).certificates).toBe(1);
    expect((await purgeAt("2033-01-01T00:00:00.000Z").purgeExpired()).certificates).toBe(0);
    expect(await routes.db.selectFrom("certificate_purges").select("certificates").execute()).toEqual([{ certificates: 1 }]);
  });

  it("purges in batches, and two workers purging at once count each certificate once", async () => {
    const made = 1_250;
    // Copies of one real certificate, written in bulk: the purge reads certificates only.
    const template = await certificateOf(await routes.makeLead({ at: "2026-01-01T00:00:00.000Z" }));
    const copies = Array.from({ length: made - 1 }, (_, i) => ({
      ...template,
      certificate_id: `${template.certificate_id}_${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i + 1)).toISOString(),
    }));
    for (let i = 0; i < copies.length; i += 100) await routes.db.insertInto("submission_certificates").values(copies.slice(i, i + 100)).execute();
    const [first, second] = await Promise.all([purgeAt("2032-01-01T00:00:00.000Z").purgeExpired(), purgeAt("2032-01-01T00:00:00.000Z").purgeExpired()]);
    const left = purgeAt("2032-01-01T00:00:00.000Z");
    const rest = await left.purgeExpired();
    expect(first.certificates + second.certificates + rest.certificates).toBe(made);
    const { unpurged } = await routes.db
      .selectFrom("submission_certificates")
      .select((eb) => eb.fn.countAll<number>().as("unpurged"))
      .where("purged_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(unpurged)).toBe(0);
    const recorded = await routes.db.selectFrom("certificate_purges").select("certificates").execute();
    expect(recorded.reduce((sum, row) => sum + row.certificates, 0)).toBe(made);
  });
});
