import { Form } from "react-router";
import { adminButton, adminCard } from "./admin-header";
import type { RoutingFormErrors, RoutingFormValues } from "./routing-form";
import { checkClass, choiceClass, inputBase } from "./kit/field";

export interface ClaimRouting {
  caseType: string;
  name: string;
  /** The saved mode in words. */
  label: string;
  values: RoutingFormValues;
}

/** The claim a save was refused for, with the values as posted and a message by field. */
export interface RoutingAnswer {
  caseType: string;
  values: RoutingFormValues;
  errors: RoutingFormErrors;
}


/**
 * How each claim's leads are sold, with a small form per claim: one save changes one claim, and a
 * mistake is shown on that claim's row only. The forms post plainly, so they work without JavaScript.
 */
export function RoutingSection({ claims, answer }: { claims: readonly ClaimRouting[]; answer: RoutingAnswer | undefined }) {
  return (
    <section aria-labelledby="routing-title" className={`${adminCard} max-sm:p-4`}>
      <h2 id="routing-title" className="text-lg font-bold">
        Routing per claim
      </h2>
      <p id="routing-help" className="mt-2 text-sm text-slate-700">
        Exclusive: each lead goes to one buyer, and to the next only when a buyer does not take it. Shared: each lead goes to up to that
        many buyers at once, from 2 to 10.
      </p>
      <p id="auction-help" className="mt-2 text-sm text-slate-700">
        Auction first: the worker pings the matching ping-post buyers without contact details, offers the lead to the best bid, then the
        next; with no bid the lead is routed as usual.
      </p>
      <ul className="mt-4 divide-y divide-slate-100">
        {claims.map((claim, i) => {
          const refused = answer?.caseType === claim.caseType ? answer : undefined;
          return <ClaimRoutingForm key={claim.caseType} id={`routing-${i}`} claim={claim} refused={refused} />;
        })}
      </ul>
    </section>
  );
}

function ClaimRoutingForm({ id, claim, refused }: { id: string; claim: ClaimRouting; refused: RoutingAnswer | undefined }) {
  const values = refused?.values ?? claim.values;
  const errors = refused?.errors ?? {};
  const formError = errors.caseType ?? errors.mode;
  const maxBuyersError = errors.maxBuyers;
  const described = [maxBuyersError ? `${id}-max-error` : null, "routing-help"].filter(Boolean).join(" ");
  return (
    <li className="py-4" data-case-type={claim.caseType}>
      {/* Fixed columns, so that the claims line up whatever a message next to one of them takes. */}
      <Form method="post" className="grid gap-2 lg:grid-cols-[minmax(0,1fr)_20rem_18rem] lg:items-start lg:gap-6">
        <input type="hidden" name="intent" value="routing" />
        <input type="hidden" name="caseType" value={claim.caseType} />
        <div>
          <h3 id={`${id}-title`} className="font-semibold">
            {claim.name}
          </h3>
          <p className="text-sm text-slate-600" data-testid="routing-mode">
            {claim.label}
          </p>
        </div>
        <div>
          <fieldset aria-labelledby={`${id}-title`} aria-describedby={formError ? `${id}-error` : undefined}>
            <div className="flex flex-wrap gap-x-4">
              <label className={choiceClass}>
                <input type="radio" name="mode" value="exclusive" defaultChecked={values.mode === "exclusive"} className={checkClass} />
                <span>One buyer (exclusive)</span>
              </label>
              <label className={choiceClass}>
                <input type="radio" name="mode" value="shared" defaultChecked={values.mode === "shared"} className={checkClass} />
                <span>Shared</span>
              </label>
            </div>
            {formError ? (
              <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
                {formError}
              </p>
            ) : null}
          </fieldset>
          <label className={choiceClass}>
            <input type="checkbox" name="auction" defaultChecked={values.auction} aria-describedby="auction-help" className={checkClass} />
            <span>
              Auction to ping-post buyers first<span className="sr-only"> for {claim.name}</span>
            </span>
          </label>
        </div>
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-max`}>
              Up to<span className="sr-only"> how many buyers {claim.name} leads are shared with</span>
            </label>
            <input
              id={`${id}-max`}
              name="maxBuyers"
              defaultValue={values.maxBuyers}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={maxBuyersError ? true : undefined}
              aria-describedby={described}
              className={`${inputBase} w-16`}
            />
            <span aria-hidden="true">buyers</span>
            <button
              type="submit"
              aria-label={`Save routing for ${claim.name}`}
              className={`${adminButton} ml-2 border border-slate-300 bg-white hover:bg-slate-50`}
            >
              Save
            </button>
          </div>
          {maxBuyersError ? (
            <p id={`${id}-max-error`} className="mt-1 text-sm font-semibold text-red-800">
              {maxBuyersError}
            </p>
          ) : null}
        </div>
      </Form>
    </li>
  );
}
