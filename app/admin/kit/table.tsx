import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";

// The admin and buyer-portal tables: a header row of column names, rows with a rule under each,
// scrolled sideways on a narrow screen, or, `stacked`, each row a block of its own under `sm` (or,
// for wide tables, under `lg`), whose cells then name their column themselves (LabelledCell).

export const cellClass = "py-2 pr-3";

/** Below which width a stacked table's rows become blocks. */
export type StackBelow = "sm" | "lg";

// Whole class names, so that Tailwind finds them in this file.
const STACKED = {
  sm: { head: "max-sm:sr-only", table: "max-sm:block", row: "max-sm:block max-sm:py-3", cell: "max-sm:block max-sm:p-0", labelled: "max-sm:grid max-sm:grid-cols-[7rem_1fr] max-sm:gap-2 max-sm:p-0 max-sm:py-0.5", label: "sm:hidden" },
  lg: { head: "max-lg:sr-only", table: "max-lg:block", row: "max-lg:block max-lg:py-3", cell: "max-lg:block max-lg:p-0", labelled: "max-lg:grid max-lg:grid-cols-[7rem_1fr] max-lg:gap-2 max-lg:p-0 max-lg:py-0.5", label: "lg:hidden" },
} as const;

const stackOf = (stacked: boolean | StackBelow) => (stacked === true ? STACKED.sm : stacked ? STACKED[stacked] : null);

export interface Column {
  label: ReactNode;
  className?: string;
}

export function Table({
  columns,
  caption,
  stacked = false,
  className = "mt-4",
  children,
  ...table
}: {
  columns: ReadonlyArray<ReactNode | Column>;
  /** For screen readers when the heading above does not say what a row is. */
  caption?: string;
  /** Rows as blocks under `sm` (true) or `lg` instead of a sideways scroll; the head is then read by screen readers only. */
  stacked?: boolean | StackBelow;
  className?: string;
  children: ReactNode;
} & HTMLAttributes<HTMLTableElement>) {
  const stack = stackOf(stacked);
  const head = (
    <thead className={stack?.head}>
      <tr className="border-b border-slate-200 text-slate-600">
        {columns.map((column, i) => {
          const { label, className: columnClass } = isColumn(column) ? column : { label: column, className: undefined };
          return (
            <th key={i} scope="col" className={`${cellClass} ${columnClass ?? ""}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
  const body = (
    <>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      {head}
      <tbody className={stack?.table}>{children}</tbody>
    </>
  );
  // Scrolled sideways where it is a table; a stacked table's blocks fit any width.
  return (
    <div className={`${className} overflow-x-auto`}>
      <table className={`w-full text-left text-sm ${stack?.table ?? ""}`} {...table}>
        {body}
      </table>
    </div>
  );
}

/** A table's row; a stacked table's rows become blocks below its width. */
export function Row({ stacked = false, className = "", ...row }: HTMLAttributes<HTMLTableRowElement> & { stacked?: boolean | StackBelow }) {
  return <tr className={`border-b border-slate-100 ${stackOf(stacked)?.row ?? ""} ${className}`} {...row} />;
}

/** A cell; in a stacked table's row, a block of its own below the table's width. */
export function Cell({ stacked = false, className = "", ...cell }: TdHTMLAttributes<HTMLTableCellElement> & { stacked?: boolean | StackBelow }) {
  return <td className={`${cellClass} ${stackOf(stacked)?.cell ?? ""} ${className}`} {...cell} />;
}

/** A stacked table's cell that names its column where the head is hidden: "Label  value" on one line. */
export function LabelledCell({ label, stacked = true, children }: { label: string; stacked?: true | StackBelow; children: ReactNode }) {
  const stack = stackOf(stacked)!;
  return (
    <td className={`${cellClass} ${stack.labelled}`}>
      <span className={`font-semibold text-slate-600 ${stack.label}`}>{label}</span>
      <span>{children}</span>
    </td>
  );
}

function isColumn(column: ReactNode | Column): column is Column {
  return typeof column === "object" && column !== null && "label" in column;
}
