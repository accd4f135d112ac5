import { useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { adminButton } from "../admin-header";

/** Empty rows under the filled ones, for the operator to fill; twice as many after "more". */
export const EMPTY_ROWS = 3;

/**
 * A list of like rows (a buyer's field mapping, its acceptance conditions) with empty rows to fill.
 * Without JavaScript "more" posts the form with `moreIntent` and the action answers with the values
 * as posted and `more` set. Once the page runs, "more" adds rows in place and each row can be
 * removed, so nothing typed anywhere in the form is lost. Rows are keyed for good, not by position,
 * so removing one keeps the others' typed values.
 */
export function RowEditor<Row>({
  rows,
  empty,
  more,
  moreIntent,
  moreLabel,
  removeLabel,
  children,
}: {
  rows: readonly Row[];
  empty: Row;
  more: boolean;
  moreIntent: string;
  moreLabel: string;
  /** The remove button's name, said with the row's number: "Remove mapping row 2". */
  removeLabel: string;
  children: (row: Row, index: number) => ReactNode;
}) {
  const hydrated = useHydrated();
  const nextKey = useRef(0);
  const keyed = (row: Row) => ({ key: nextKey.current++, row });
  const [list, setList] = useState(() => [...rows, ...Array.from({ length: EMPTY_ROWS * (more ? 2 : 1) }, () => empty)].map(keyed));

  return (
    <>
      <ol className="space-y-3">
        {list.map(({ key, row }, i) => (
          <li key={key} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
            {/* At least 16rem wide: on a phone the remove button goes under the row instead of squeezing it. */}
            <div className="min-w-0 flex-1 basis-64">{children(row, i)}</div>
            {hydrated ? (
              <button
                type="button"
                onClick={() => setList((current) => current.filter((item) => item.key !== key))}
                className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}
              >
                {removeLabel} {i + 1}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <button
        type="submit"
        name="intent"
        value={moreIntent}
        onClick={(event) => {
          event.preventDefault();
          setList((current) => [...current, ...Array.from({ length: EMPTY_ROWS }, () => keyed(empty))]);
        }}
        className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}
      >
        {moreLabel}
      </button>
    </>
  );
}
