import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";
import { LINE_TYPE_CHOICES } from "./buyer-form-values";
import { buyerFieldsOf, GroupError, groupDescribedBy } from "./buyer-field-errors";
import { DAY_NAMES } from "./buyer-summary";
import { Choice, hintClass, labelClass, TextField } from "./kit/field";
import { FormSection as Section } from "./kit/section";

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
const US_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
] as const;

/** What every buyer has, a system buyer too: which leads it takes, how many and when, its order, and when it is paused. */
export function BuyerRuleFields({
  values,
  errors,
  claims,
}: {
  values: BuyerFormValues;
  errors: BuyerFormErrors;
  claims: ReadonlyArray<{ caseType: string; name: string }>;
}) {
  const field = buyerFieldsOf(errors);
  return (
    <>
      <Section id="buyer-filters" title="Filters">
        <fieldset
          aria-describedby={groupDescribedBy(errors,
            "claimTypes",
            "claim-types-help",
          )}
        >
          <legend className={labelClass}>Claim types</legend>
          <p id="claim-types-help" className={hintClass}>
            None ticked takes every claim.
          </p>
          <div className="mt-1 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
            {claims.map((claim) => (
              <Choice key={claim.caseType} name="claimTypes" value={claim.caseType} defaultChecked={values.claimTypes.includes(claim.caseType)} label={claim.name} />
            ))}
          </div>
          <GroupError errors={errors} name="claimTypes" />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...field("states")}
            label="States"
            defaultValue={values.states}
            placeholder="TX, OK, LA"
            autoComplete="off"
            hint="Two-letter codes separated by commas; empty takes every state."
          />
          <TextField
            {...field("maxLeadAgeMinutes")}
            label="Maximum lead age in minutes"
            defaultValue={values.maxLeadAgeMinutes}
            inputMode="numeric"
            autoComplete="off"
            hint="Empty takes leads of any age."
          />
        </div>
        <Choice name="eligibleOnly" defaultChecked={values.eligibleOnly} label="Eligible leads only" />
        <Choice name="acceptsDuplicates" defaultChecked={values.acceptsDuplicates} label="Also take duplicates: a person's repeat lead of the same claim, which other buyers do not get" />
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold">
            Phone line types (none ticked: every type)
          </legend>
          <div className="flex flex-wrap gap-x-4">
            {LINE_TYPE_CHOICES.map((type) => (
              <Choice key={type} name="lineTypes" value={type} defaultChecked={values.lineTypes.includes(type)} label={type.replaceAll("_", " ")} />
            ))}
          </div>
        </fieldset>
        <Choice name="requireAreaCodeInState" defaultChecked={values.requireAreaCodeInState} label="Only leads whose phone's area code lies in their stated state" />
      </Section>

      <Section id="buyer-caps" title="Caps and hours">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            {...field("perDay")}
            label="Leads per day"
            defaultValue={values.perDay}
            inputMode="numeric"
            autoComplete="off"
            hint="Empty: no cap."
          />
          <TextField
            {...field("perMonth")}
            label="Leads per month"
            defaultValue={values.perMonth}
            inputMode="numeric"
            autoComplete="off"
            hint="Empty: no cap."
          />
          <TextField
            {...field("timeZone")}
            label="Time zone"
            defaultValue={values.timeZone}
            list="us-time-zones"
            autoComplete="off"
            hint="The buyer's days, months and hours. An IANA name such as America/Chicago."
          />
          <datalist id="us-time-zones">
            {US_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
        <fieldset aria-describedby={groupDescribedBy(errors, "schedule")}>
          <legend className={labelClass}>Hours</legend>
          <Choice type="radio" name="schedule" value="always" defaultChecked={!values.scheduled} label="Always open" />
          <Choice type="radio" name="schedule" value="hours" defaultChecked={values.scheduled} label="Only on these days and hours" />
          <GroupError errors={errors} name="schedule" />
        </fieldset>
        <fieldset
          aria-describedby={groupDescribedBy(errors, "scheduleDays")}
          className="rounded-lg bg-slate-50 p-3"
        >
          <legend className="font-semibold text-slate-800">Open days</legend>
          <div className="flex flex-wrap gap-x-4">
            {MONDAY_FIRST.map((day) => (
              <Choice key={day} name="scheduleDays" value={day} defaultChecked={values.scheduleDays.includes(day)} label={DAY_NAMES[day]} />
            ))}
          </div>
          <GroupError errors={errors} name="scheduleDays" />
          <div className="mt-2 grid grid-cols-2 gap-4 sm:max-w-md">
            <TextField
              {...field("scheduleFrom")}
              label="Opens at"
              defaultValue={values.scheduleFrom}
              placeholder="09:00"
              autoComplete="off"
            />
            <TextField
              {...field("scheduleTo")}
              label="Closes at"
              defaultValue={values.scheduleTo}
              placeholder="17:00"
              autoComplete="off"
            />
          </div>
          <p className={hintClass}>
            Times as HH:MM on the buyer&apos;s clock. A window that closes
            before it opens runs past midnight (22:00 to 06:00); 00:00 to 24:00
            is the whole day.
          </p>
        </fieldset>
      </Section>

      <Section id="buyer-order" title="Order">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...field("priority")}
            label="Priority"
            defaultValue={values.priority}
            inputMode="numeric"
            autoComplete="off"
            hint="Lower goes first; 100 unless set."
          />
          <TextField
            {...field("weight")}
            label="Weight"
            defaultValue={values.weight}
            inputMode="numeric"
            autoComplete="off"
            hint="The buyer's share of leads among buyers of equal priority; 1 unless set."
          />
        </div>
      </Section>

      <Section id="buyer-failures" title="When the buyer fails">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...field("deliveryDeadlineSeconds")}
            label="Delivery deadline (seconds)"
            defaultValue={values.deliveryDeadlineSeconds}
            inputMode="numeric"
            autoComplete="off"
            hint="A lead the buyer has not taken by then moves on to the next buyer and its cap slot is given back; a later yes is recorded but is not a sale. 120 unless set."
          />
          <TextField
            {...field("pauseAfterFailures")}
            label="Pause after failures in a row"
            defaultValue={values.pauseAfterFailures}
            inputMode="numeric"
            autoComplete="off"
            hint="Attempts with no answer or an answer other than 2xx, in a row, that pause the buyer; any 2xx answer starts the count again. 0 never pauses it; 5 unless set."
          />
        </div>
      </Section>
    </>
  );
}
