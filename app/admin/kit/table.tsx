import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";

// The admin and buyer-portal tables: a header row of column names, rows with a rule under each,
// scrolled sideways on a narrow screen, or, `stacked`, each row a block of its own under `sm`.

export const cellClass = "py-2 pr-3";

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
  /** Rows as blocks under `sm` instead of a sideways scroll; the head is then read by screen readers only. */
  stacked?: boolean;
  className?: string;
  children: ReactNode;
} & HTMLAttributes<HTMLTableElement>) {
  const head = (
    <thead className={stacked ? "max-sm:sr-only" : undefined}>
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
      <tbody>{children}</tbody>
    </>
  );
  return stacked ? (
    <table className={`${className} w-full text-left text-sm`} {...table}>
      {body}
    </table>
  ) : (
    <div className={`${className} overflow-x-auto`}>
      <table className="w-full text-left text-sm" {...table}>
        {body}
      </table>
    </div>
  );
}

/** A table's row; `stacked` tables' rows become blocks under `sm`. */
export function Row({ stacked = false, className = "", ...row }: HTMLAttributes<HTMLTableRowElement> & { stacked?: boolean }) {
  return <tr className={`border-b border-slate-100 ${stacked ? "max-sm:block max-sm:py-3" : ""} ${className}`} {...row} />;
}

export function Cell({ className = "", ...cell }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`${cellClass} ${className}`} {...cell} />;
}

function isColumn(column: ReactNode | Column): column is Column {
  return typeof column === "object" && column !== null && "label" in column;
}
