import type { ReactNode } from "react";

/** A table cell that, on a narrow screen where the table's head is hidden, says what it holds. */
export function LabelledCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="py-3 pr-3 max-lg:grid max-lg:grid-cols-[7rem_1fr] max-lg:gap-2 max-lg:p-0 max-lg:py-0.5">
      <span className="font-semibold text-slate-600 lg:hidden">{label}</span>
      <span>{children}</span>
    </td>
  );
}
