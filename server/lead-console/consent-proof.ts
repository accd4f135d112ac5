import { allFields } from "#claims/engine/form-values";
import type { ClaimDefinition } from "#claims/engine/types";
import { consentTextVersion } from "../consent-proof/consent-version";
import type { FillFacts } from "../consent-proof/fill-facts";
import type { Db } from "../db/database";
import type { SubmissionCertificatesTable } from "../db/schema";
import type { Selectable } from "kysely";

type CertificateRow = Pick<Selectable<SubmissionCertificatesTable>, "consent_text" | "fill_facts" | "consent_text_version" | "consent_text_sha256">;

/** A duration as an operator reads it: "850 ms", "12.4 s", "2 min 14 s". */
export function durationInWords(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3_600)} h ${Math.floor((seconds % 3_600) / 60)} min`;
}

const NO_SCRIPT = "Not known: JavaScript was off";

/** The fill facts in words, as [term, words] rows for the lead's page. */
export function fillFactsInWords(facts: FillFacts | null, definition: ClaimDefinition | undefined): Array<[string, string]> {
  if (!facts) return [["Fill facts", "Not recorded (saved before fill facts were kept, or made by the seed)"]];
  if (facts.channel === "api") {
    return [
      ["Sent through", "The JSON API: no page was shown and no form was filled in"],
      ["Render time", facts.renderToken === "forged" ? "A render time that was not ours: marked as spam" : "None (not judged)"],
    ];
  }
  const stepTitle = (i: number) => definition?.steps[i]?.title ?? `Step ${i + 1}`;
  const label = (name: string) => (definition ? allFields(definition).find((f) => f.name === name)?.label : undefined) ?? name;
  const rows: Array<[string, string]> = [
    [
      "Sent through",
      facts.javascript === true
        ? "The claim form, with JavaScript on"
        : facts.javascript === false
          ? "The claim form, with JavaScript off"
          : "The claim form (the browser's report could not be read)",
    ],
    [
      "Time to submit",
      facts.renderToken === "valid" && facts.totalMs !== null
        ? `${durationInWords(facts.totalMs)} from the form's first display to Submit (server clock)`
        : facts.renderToken === "forged"
          ? "Not known: the form's render time was not ours (marked as spam)"
          : "Not known: the form carried no render time",
    ],
    [
      "Time per step",
      facts.stepMs
        ? `${facts.stepMs.map((ms, i) => `${stepTitle(i)}: ${durationInWords(ms)}`).join(" · ")} (${facts.stepTimesFrom === "server" ? "from the step posts, server clock" : "measured in the browser"})`
        : facts.javascript === false
          ? "Not known: the form was sent in one post"
          : "Not reported",
    ],
    ["Viewport", facts.viewport ? `${facts.viewport.width} × ${facts.viewport.height} px` : facts.javascript === false ? NO_SCRIPT : "Not reported"],
    [
      "Contact details",
      facts.entry && Object.keys(facts.entry).length
        ? Object.entries(facts.entry)
            .map(([name, ways]) => `${label(name)} ${ways.join(" and ")}`)
            .join(" · ")
        : facts.javascript === false
          ? NO_SCRIPT
          : "Not entered on this page (restored from earlier, or not reported)",
    ],
  ];
  if (facts.rejected.length) rows.push(["Left out of the report", `${facts.rejected.join(", ")} (failed the checks)`]);
  return rows;
}

/** The lead page's Consent proof section: the consent text's version and hash, the fill facts in words, the page as shown. */
export async function consentProofOf(db: Db, leadId: string, certificate: CertificateRow | undefined, definition: ClaimDefinition | undefined) {
  if (!certificate) return null;
  const snapshot = await db.selectFrom("consent_page_snapshots").select("certificate_id").where("lead_id", "=", leadId).executeTakeFirst();
  // Certificates saved before versions were kept have their text: the version is derived from it the same way.
  const derived = consentTextVersion(certificate.consent_text);
  const facts = certificate.fill_facts ? (JSON.parse(certificate.fill_facts) as FillFacts) : null;
  return {
    textVersion: certificate.consent_text_version ?? derived.version,
    textSha256: certificate.consent_text_sha256 ?? derived.sha256,
    versionDerivedLater: certificate.consent_text_version === null,
    facts: fillFactsInWords(facts, definition),
    pageAsShownHref: snapshot ? `/admin/leads/${encodeURIComponent(leadId)}/page-as-shown` : null,
    noPageReason: snapshot
      ? null
      : facts?.channel === "api"
        ? "Sent through the JSON API: there was no page."
        : "No page was stored for this certificate.",
  };
}

export type ConsentProofView = NonNullable<Awaited<ReturnType<typeof consentProofOf>>>;
