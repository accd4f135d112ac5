import type { ReactNode } from "react";
import { adminCard } from "../admin-header";

/** A titled card of a long admin form, named by its heading for screen readers. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`${adminCard} space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
