import { CheckIcon } from "~/components/icons";
import type { StepPanel as StepPanelSpec } from "#claims/engine/types";

/** A step's information panel (the spec's 'What happens next?' and 'Next Steps'). */
export function StepPanel({ panel }: { panel: StepPanelSpec }) {
  return (
    <section aria-labelledby="step-panel-title" className="mt-5 rounded-xl bg-accent-soft p-4 sm:p-5">
      <h3 id="step-panel-title" className="font-semibold text-accent-strong">
        {panel.title}
      </h3>
      <ul className="mt-2 space-y-2 text-sm text-slate-800">
        {panel.points.map((point) => (
          <li key={point} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
