import type { ReactNode } from "react";
import { Form } from "react-router";

/** The field an action reads to know the operator confirmed; without it, it asks first. */
export const CONFIRMED_FIELD = "confirmed";

/**
 * A form for an action that needs the operator's confirmation. With JavaScript the browser asks
 * (window.confirm) before posting; without it the action answers with a confirmation panel
 * (ConfirmPanel) whose button posts the same fields again, confirmed.
 */
export function ConfirmForm({
  question,
  fields,
  children,
  className,
}: {
  question: string;
  fields: Record<string, string>;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Form
      method="post"
      className={className}
      onSubmit={(event) => {
        if (!window.confirm(question)) return event.preventDefault();
        const confirmed = event.currentTarget.elements.namedItem(CONFIRMED_FIELD);
        if (confirmed instanceof HTMLInputElement) confirmed.value = "yes";
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={CONFIRMED_FIELD} value="" />
      {children}
    </Form>
  );
}

export interface PendingConfirmation {
  question: string;
  fields: Record<string, string>;
  label: string;
}

/** The no-JavaScript confirmation an action answered with: the question, Confirm and Cancel. */
export function ConfirmPanel({ confirmation, cancelHref }: { confirmation: PendingConfirmation; cancelHref: string }) {
  return (
    <section role="alertdialog" aria-labelledby="confirm-question" className="rounded-2xl border-2 border-amber-400 bg-amber-50 p-6">
      <p id="confirm-question" className="font-semibold">
        {confirmation.question}
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        {Object.entries(confirmation.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
          {confirmation.label}
        </button>
        <a href={cancelHref} className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-5 font-semibold hover:bg-slate-50">
          Cancel
        </a>
      </Form>
    </section>
  );
}
