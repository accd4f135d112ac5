import { Link } from "react-router";
import type { Dashboard } from "../../server/analytics/funnel-dashboard";
import type { MarginFigures } from "../../server/campaigns/campaign-margin";
import { adminCard } from "./admin-header";
import { signedCents } from "./buyer-summary";
import { figureClass, LabelledCell, Row, RowHead, Table } from "./kit/table";

const HEADS = ["Leads", "Sold leads", "Spend", "Cost per lead", "Cost per sold lead", "Revenue", "Margin"];
const number = (n: number) => n.toLocaleString("en-US");
const perUnit = (cents: number | null) => (cents === null ? "–" : signedCents(cents));

function FigureCells({ row }: { row: MarginFigures }) {
  const figures = [
    number(row.leads),
    number(row.soldLeads),
    signedCents(row.spendCents),
    perUnit(row.costPerLeadCents),
    perUnit(row.costPerSoldLeadCents),
    signedCents(row.revenueCents),
    signedCents(row.marginCents),
  ];
  return figures.map((figure, i) => (
    <LabelledCell key={HEADS[i]} label={HEADS[i]!} className={`${figureClass} ${i === figures.length - 1 ? "font-semibold" : ""}`}>
      {figure}
    </LabelledCell>
  ));
}

function MarginTable({ id, label, head, rows, total }: { id: string; label: string; head: string[]; rows: { key: string; names: string[]; figures: MarginFigures }[]; total?: MarginFigures }) {
  return (
    <Table
      stacked
      label={label}
      caption={label}
      showCaption
      className="mt-3"
      data-table={id}
      columns={[...head, ...HEADS.map((name) => ({ label: name, className: "text-right" }))]}
    >
      {rows.map((row) => (
        <Row key={row.key} data-key={row.key}>
          {row.names.map((name, i) =>
            i === 0 ? (
              <RowHead key={i} className="break-all">
                {name}
              </RowHead>
            ) : (
              <LabelledCell key={i} label={head[i]!} className="break-all">
                {name}
              </LabelledCell>
            ),
          )}
          <FigureCells row={row.figures} />
        </Row>
      ))}
      {total ? (
        <Row className="border-t-2 border-slate-300" data-key="total">
          <RowHead colSpan={head.length}>
            <strong>Total</strong>
          </RowHead>
          <FigureCells row={total} />
        </Row>
      ) : null}
    </Table>
  );
}

/** Spend against what it brought, per campaign and per claim (docs/decisions/062). */
export function CampaignMarginSection({ margin }: { margin: Dashboard["campaigns"] }) {
  const untagged = "(none)";
  return (
    <section aria-labelledby="campaigns-title" className={adminCard} data-testid="campaign-margin">
      <h2 id="campaigns-title" className="text-lg font-bold">
        Campaign margin
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Spend as recorded on the <Link to="/admin/spend" className="font-semibold text-brand underline">Spend</Link> page, for the period&apos;s days.
        Leads that arrived in the period (spam apart), by the utm_source and utm_campaign of their first visit; sold leads and revenue from the sales
        ledger as written in the period (sales less returns and credits), for those leads&apos; campaigns; margin is revenue less spend. A
        claim&apos;s spend is its campaigns&apos; spend shared by their leads of each claim.
      </p>
      {margin.campaigns.length ? (
        <MarginTable
          id="campaign-margin"
          label="Per campaign"
          head={["Source", "Campaign"]}
          rows={margin.campaigns.map((row) => ({ key: `${row.source}|${row.campaign}`, names: [row.source || untagged, row.campaign || untagged], figures: row }))}
          total={margin.total}
        />
      ) : (
        <p className="mt-3 text-slate-700">No spend, leads or sales in this period.</p>
      )}
      {margin.claims.length ? (
        <MarginTable id="claim-margin" label="Per claim" head={["Claim"]} rows={margin.claims.map((row) => ({ key: row.caseType, names: [row.title], figures: row }))} />
      ) : null}
      {margin.unallocatedSpendCents ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="unallocated-spend">
          Spend of campaigns that brought no lead in the period, so no claim carries it: {signedCents(margin.unallocatedSpendCents)}.
        </p>
      ) : null}
    </section>
  );
}
