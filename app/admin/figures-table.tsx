import type { ReactNode } from "react";
import { figureClass, LabelledCell, Row, RowHead, Table } from "./kit/table";

export interface FiguresRow {
  key: string;
  name: ReactNode;
  figures: ReactNode[];
  /** Data attributes that tests and links find the row by, such as `data-source`. */
  data?: Record<`data-${string}`, string>;
}

/**
 * The dashboard's tables of figures: the first column names the row, the others hold right-aligned
 * figures. At 360 px each row is a block of labelled lines, so nothing scrolls sideways.
 */
export function FiguresTable({
  id,
  label,
  caption,
  showCaption = false,
  heads,
  rows,
  strongLast = false,
}: {
  id: string;
  /** Names the scrolling box between a phone's width and the table's. */
  label: string;
  caption: string;
  showCaption?: boolean;
  /** The row names' head, then one head per figure. */
  heads: readonly string[];
  rows: readonly FiguresRow[];
  /** The last figure (a margin, say) in bold. */
  strongLast?: boolean;
}) {
  const [nameHead, ...figureHeads] = heads;
  return (
    <Table
      stacked
      label={label}
      caption={caption}
      showCaption={showCaption}
      className="mt-3"
      data-table={id}
      columns={[nameHead, ...figureHeads.map((head) => ({ label: head, className: "text-right" }))]}
    >
      {rows.map((row) => (
        <Row key={row.key} {...row.data}>
          <RowHead>{row.name}</RowHead>
          {row.figures.map((figure, i) => (
            <LabelledCell key={i} label={figureHeads[i]!} className={`${figureClass} ${strongLast && i === row.figures.length - 1 ? "font-semibold" : ""}`}>
              {figure}
            </LabelledCell>
          ))}
        </Row>
      ))}
    </Table>
  );
}
