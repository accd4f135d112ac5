import type { FunnelStage } from "../../server/analytics/funnel-dashboard";

// Server-rendered SVG charts (docs/decisions/029): no chart JavaScript, scaled by their viewBox to any
// width, each with a table of the exact figures beside it. The SVG is an image with a text alternative;
// the table is what screen readers and exact readers use.

const BAR = "#1d4ed8";
const TEXT = "#1e293b";
const number = (n: number) => n.toLocaleString("en-US");

/** Daily counts as columns, the first and last day named below; the table has the figures. */
/** ' (−25%)' after a stage's count: the share of the stage before that did not reach it; nothing for the first stage. */
export function dropOffNote(stage: Pick<FunnelStage, "dropOffPercent">): string {
  if (stage.dropOffPercent === null) return "";
  return stage.dropOffPercent === 0 ? " (0%)" : ` (−${stage.dropOffPercent}%)`;
}

export function DailyBars({ id, title, days, counts }: { id: string; title: string; days: string[]; counts: number[] }) {
  const max = Math.max(1, ...counts);
  const width = days.length * 10;
  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        viewBox={`0 0 ${width} 60`}
        preserveAspectRatio="none"
        className="block h-16 w-full"
        data-chart={id}
      >
        <title id={`${id}-title`}>{`${title}: ${number(counts.reduce((a, b) => a + b, 0))} in ${days.length} days, at most ${number(max)} a day`}</title>
        <line x1="0" y1="59.5" x2={width} y2="59.5" stroke="#94a3b8" strokeWidth="1" />
        {counts.map((count, i) => {
          const height = (count / max) * 56;
          return <rect key={days[i]} x={i * 10 + 1} y={59 - height} width="8" height={height} fill={BAR} />;
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-700">
        <span>{days[0]}</span>
        <span>{days.at(-1)}</span>
      </figcaption>
    </figure>
  );
}

/** One horizontal bar per stage, widest first, with its visitors and its drop-off from the stage before. */
export function FunnelBars({ id, title, stages }: { id: string; title: string; stages: FunnelStage[] }) {
  const max = Math.max(1, ...stages.map((s) => s.visitors));
  const rowHeight = 34;
  return (
    <svg role="img" aria-labelledby={`${id}-title`} viewBox={`0 0 280 ${stages.length * rowHeight}`} className="block w-full max-w-md" data-chart={id}>
      <title id={`${id}-title`}>{`${title}: ${stages.map((s) => `${s.label} ${number(s.visitors)}`).join(", ")}`}</title>
      {stages.map((stage, i) => {
        const y = i * rowHeight;
        const width = Math.max(stage.visitors ? 2 : 0, (stage.visitors / max) * 180);
        return (
          <g key={stage.label}>
            <text x="0" y={y + 12} fontSize="13" fill={TEXT}>
              {stage.label.length > 40 ? `${stage.label.slice(0, 39)}…` : stage.label}
            </text>
            <rect x="0" y={y + 17} width={width} height="12" fill={BAR} rx="2" />
            <text x={width + 6} y={y + 27} fontSize="13" fill={TEXT}>
              {number(stage.visitors)}
              {dropOffNote(stage)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A horizontal bar per row scaled to 100 (a percentage). */
export function PercentBars({ id, title, rows }: { id: string; title: string; rows: { label: string; percent: number | null }[] }) {
  const rowHeight = 34;
  return (
    <svg role="img" aria-labelledby={`${id}-title`} viewBox={`0 0 280 ${Math.max(1, rows.length) * rowHeight}`} className="block w-full max-w-md" data-chart={id}>
      <title id={`${id}-title`}>{`${title}: ${rows.map((r) => `${r.label} ${r.percent === null ? "none finished" : `${r.percent}%`}`).join(", ")}`}</title>
      {rows.map((row, i) => {
        const y = i * rowHeight;
        const width = ((row.percent ?? 0) / 100) * 180;
        return (
          <g key={row.label}>
            <text x="0" y={y + 12} fontSize="13" fill={TEXT}>
              {row.label.length > 40 ? `${row.label.slice(0, 39)}…` : row.label}
            </text>
            <rect x="0" y={y + 17} width="180" height="12" fill="#e2e8f0" rx="2" />
            <rect x="0" y={y + 17} width={width} height="12" fill="#b91c1c" rx="2" />
            <text x="186" y={y + 27} fontSize="13" fill={TEXT}>
              {row.percent === null ? "–" : `${row.percent}%`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
