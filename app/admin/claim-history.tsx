import { adminButton } from "./admin-header";
import { operatorTime } from "./format";
import { FormSection } from "./kit/section";
import { Cell, LabelledCell, Row, Table } from "./kit/table";

interface Version {
  number: number;
  publishedAt: string;
  publishedBy: string | null;
  rolledBackFrom: number | null;
}

/** A claim's published versions, newest first, each but the live one with a one-click rollback. */
export function ClaimHistory({ slug, versions, liveVersion, canChange, timeZone }: { slug: string; versions: readonly Version[]; liveVersion: number | null; canChange: boolean; timeZone: string }) {
  return (
    <FormSection id="claim-history" title={`History (${versions.length})`}>
      {versions.length ? (
        <Table columns={["Version", "Published", "By", { label: <span className="sr-only">Roll back</span> }]} stacked>
          {versions.map((version) => (
            <Row key={version.number} stacked data-version={version.number}>
              <Cell stacked>
                <span className="font-semibold">Version {version.number}</span>
                {version.rolledBackFrom ? <span className="text-slate-600"> (a copy of version {version.rolledBackFrom})</span> : null}
                {version.number === liveVersion ? <span className="text-emerald-800"> runs now</span> : null}
              </Cell>
              <LabelledCell label="Published">{operatorTime(version.publishedAt, timeZone)}</LabelledCell>
              <LabelledCell label="By">{version.publishedBy ?? "-"}</LabelledCell>
              <Cell stacked>
                {canChange && version.number !== liveVersion ? (
                  <form method="post">
                    <input type="hidden" name="version" value={version.number} />
                    <button
                      type="submit"
                      name="intent"
                      value="rollback"
                      className={`${adminButton} border border-slate-300 text-slate-800 hover:bg-slate-50`}
                      aria-label={`Roll back ${slug} to version ${version.number}`}
                    >
                      Roll back to this
                    </button>
                  </form>
                ) : null}
              </Cell>
            </Row>
          ))}
        </Table>
      ) : (
        <p className="text-sm text-slate-700">Nothing published yet.</p>
      )}
    </FormSection>
  );
}
