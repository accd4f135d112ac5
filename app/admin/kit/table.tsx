import { createContext, useContext, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";

// The admin and buyer-portal tables: a header row of column names, rows with a rule under each,
// scrolled sideways on a narrow screen, or, `stacked`, each row a block of its own under `sm` (or,
// for wide tables, under `lg`), whose cells then name their column themselves (LabelledCell).
// Rows and cells take the table's `stacked` from it; a cell may still say otherwise.

export const cellClass = "py-2 pr-3";

/** Right-aligned figures whose digits line up; in a stacked row they stay beside their labels. */
export const figureClass = "text-right tabular-nums";

/** Below which width a stacked table's rows become blocks. */
export type StackBelow = "sm" | "lg";

type Stacked = boolean | StackBelow;

// Whole class names, so that Tailwind finds them in this file.
const STACKED = {
  sm: { head: "max-sm:sr-only", table: "max-sm:block", row: "max-sm:block max-sm:py-3", cell: "max-sm:block max-sm:p-0", labelled: "max-sm:grid max-sm:grid-cols-[7rem_1fr] max-sm:gap-2 max-sm:p-0 max-sm:py-0.5 max-sm:text-left", label: "sm:hidden", rowHead: "max-sm:font-semibold", caption: "max-sm:block" },
  lg: { head: "max-lg:sr-only", table: "max-lg:block", row: "max-lg:block max-lg:py-3", cell: "max-lg:block max-lg:p-0", labelled: "max-lg:grid max-lg:grid-cols-[7rem_1fr] max-lg:gap-2 max-lg:p-0 max-lg:py-0.5 max-lg:text-left", label: "lg:hidden", rowHead: "max-lg:font-semibold", caption: "max-lg:block" },
} as const;

const stackOf = (stacked: Stacked) => (stacked === true ? STACKED.sm : stacked ? STACKED[stacked] : null);

const TableStack = createContext<Stacked>(false);
const useStacked = (own: Stacked | undefined) => {
  const table = useContext(TableStack);
  return own ?? table;
};

export interface Column {
  label: ReactNode;
  className?: string;
}

export function Table({
  columns,
  caption,
  showCaption = false,
  label,
  stacked = false,
  className = "mt-4",
  children,
  ...table
}: {
  columns: ReadonlyArray<ReactNode | Column>;
  /** For screen readers when the heading above does not say what a row is; shown too with `showCaption`. */
  caption?: ReactNode;
  showCaption?: boolean;
  /** Names the table's scrolling box, which the keyboard can then reach to scroll it. */
  label?: string;
  /** Rows as blocks under `sm` (true) or `lg` instead of a sideways scroll; the head is then read by screen readers only. */
  stacked?: Stacked;
  className?: string;
  children: ReactNode;
} & HTMLAttributes<HTMLTableElement>) {
  const stack = stackOf(stacked);
  const head = (
    <thead className={stack?.head}>
      <tr className="border-b border-slate-200 text-slate-600">
        {columns.map((column, i) => {
          const { label: name, className: columnClass } = isColumn(column) ? column : { label: column, className: undefined };
          return (
            <th key={i} scope="col" className={`${cellClass} ${columnClass ?? ""}`}>
              {name}
            </th>
          );
        })}
      </tr>
    </thead>
  );
  const body = (
    <>
      {caption ? <caption className={showCaption ? `text-left font-semibold ${stack?.caption ?? ""}` : "sr-only"}>{caption}</caption> : null}
      {head}
      <tbody className={stack?.table}>
        <TableStack.Provider value={stacked}>{children}</TableStack.Provider>
      </tbody>
    </>
  );
  const scrollBox = label ? ({ role: "region", "aria-label": label, tabIndex: 0 } as const) : {};
  // Scrolled sideways where it is a table; a stacked table's blocks fit any width.
  return (
    <div className={`${className} overflow-x-auto focus:outline-2 focus:outline-brand`} {...scrollBox}>
      <table className={`w-full text-left text-sm ${stack?.table ?? ""}`} {...table}>
        {body}
      </table>
    </div>
  );
}

/** A table's row; a stacked table's rows become blocks below its width. */
export function Row({ stacked, className = "", ...row }: HTMLAttributes<HTMLTableRowElement> & { stacked?: Stacked }) {
  return <tr className={`border-b border-slate-100 ${stackOf(useStacked(stacked))?.row ?? ""} ${className}`} {...row} />;
}

/** A cell; in a stacked table's row, a block of its own below the table's width. */
export function Cell({ stacked, className = "", ...cell }: TdHTMLAttributes<HTMLTableCellElement> & { stacked?: Stacked }) {
  return <td className={`${cellClass} ${stackOf(useStacked(stacked))?.cell ?? ""} ${className}`} {...cell} />;
}

/** The cell that names its row (a day, a buyer, a stage); a stacked row's first line, in bold. */
export function RowHead({ stacked, className = "", ...cell }: ThHTMLAttributes<HTMLTableCellElement> & { stacked?: Stacked }) {
  const stack = stackOf(useStacked(stacked));
  return <th scope="row" className={`${cellClass} font-normal ${stack ? `${stack.cell} ${stack.rowHead}` : ""} ${className}`} {...cell} />;
}

/** A stacked table's cell that names its column where the head is hidden: "Label  value" on one line. */
export function LabelledCell({ label, stacked, className = "", children }: { label: string; stacked?: true | StackBelow; className?: string; children: ReactNode }) {
  const stack = stackOf(useStacked(stacked)) ?? STACKED.sm;
  return (
    <td className={`${cellClass} ${stack.labelled} ${className}`}>
      <span className={`font-semibold text-slate-600 ${stack.label}`}>{label}</span>
      <span>{children}</span>
    </td>
  );
}

function isColumn(column: ReactNode | Column): column is Column {
  return typeof column === "object" && column !== null && "label" in column;
}
