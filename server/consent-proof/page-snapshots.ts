import type { Kysely } from "kysely";
import { sha256Hex } from "../certificates/canonical-json";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";
import { recordedViewport } from "./fill-facts";

/**
 * The consent step as the form route rendered it for a submission (docs/decisions/026): the markup of
 * the form's heading and its consent step, made by the same components and the same build that served
 * the visitor, with the submitted answers in it. Not a recording of the visitor's screen.
 */
export interface ConsentPageCapture {
  /** The page's title. */
  title: string;
  /** The markup of the page's main content at the consent step. */
  html: string;
  /** The site stylesheet's fingerprinted asset URL, which names its version. */
  stylesheetHref: string;
  /** That stylesheet's text, as built. */
  stylesheetCss: string;
  /** The claim's colours, which the page sets in an inline style element. */
  inlineCss: string;
}

// The site's stylesheet is the same text for every lead a build serves: hashing it each time was a
// tenth of a form submission's own work.
let lastStylesheet: { css: string; sha256: string } | null = null;

function stylesheetDigest(css: string): string {
  if (lastStylesheet?.css !== css) lastStylesheet = { css, sha256: sha256Hex(css) };
  return lastStylesheet.sha256;
}

/** Saves a consent page (in the lead's transaction); the stylesheet is stored once per version. */
export async function saveConsentPage(
  trx: Kysely<Database>,
  row: { certificateId: string; leadId: string; createdAt: string },
  capture: ConsentPageCapture,
) {
  const stylesheetSha256 = stylesheetDigest(capture.stylesheetCss);
  const known = await trx.selectFrom("consent_stylesheets").select("sha256").where("sha256", "=", stylesheetSha256).executeTakeFirst();
  if (!known) {
    await trx
      .insertInto("consent_stylesheets")
      .values({ sha256: stylesheetSha256, href: capture.stylesheetHref, css: capture.stylesheetCss, created_at: row.createdAt })
      .onConflict((oc) => oc.column("sha256").doNothing())
      .execute();
  }
  await trx
    .insertInto("consent_page_snapshots")
    .values({
      certificate_id: row.certificateId,
      lead_id: row.leadId,
      created_at: row.createdAt,
      title: capture.title,
      html: capture.html,
      inline_css: capture.inlineCss,
      stylesheet_href: capture.stylesheetHref,
      stylesheet_sha256: stylesheetSha256,
    })
    .execute();
}

/**
 * The stored page of a lead's certificate, with its stylesheet and the visitor's viewport (from the
 * certificate's fill facts; null when not recorded), or undefined when there is none.
 */
export async function consentPageOfLead(db: Db, leadId: string) {
  const page = await db
    .selectFrom("consent_page_snapshots")
    .innerJoin("consent_stylesheets", "consent_stylesheets.sha256", "consent_page_snapshots.stylesheet_sha256")
    .leftJoin("submission_certificates", "submission_certificates.certificate_id", "consent_page_snapshots.certificate_id")
    .select([
      "consent_page_snapshots.certificate_id",
      "consent_page_snapshots.created_at",
      "consent_page_snapshots.title",
      "consent_page_snapshots.html",
      "consent_page_snapshots.inline_css",
      "consent_page_snapshots.stylesheet_href",
      "consent_stylesheets.css",
      "submission_certificates.fill_facts",
    ])
    .where("consent_page_snapshots.lead_id", "=", leadId)
    .executeTakeFirst();
  if (!page) return undefined;
  const { fill_facts, ...stored } = page;
  return { ...stored, viewport: recordedViewport(fill_facts) };
}
