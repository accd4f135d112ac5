import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";
import { LINE_TYPE_CHOICES } from "./buyer-form-values";
import { buyerTextOf } from "./buyer-field-errors";
import { DAY_NAMES } from "./buyer-summary";
import { Choice, ChoiceGroup, hintClass, TextField } from "./kit/field";
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
  const text = buyerTextOf(errors, values);
  const group = (name: string) => ({ id: `buyer-${name}`, error: errors[name] });
  return (
    <>
      <Section id="buyer-filters" title="Filters">
        <ChoiceGroup {...group("claimTypes")} legend="Claim types" hint="None ticked takes every claim." choicesClassName="mt-1 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {claims.map((claim) => (
            <Choice key={claim.caseType} name="claimTypes" value={claim.caseType} defaultChecked={values.claimTypes.includes(claim.caseType)} label={claim.name} />
          ))}
        </ChoiceGroup>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...text("states")} label="States" placeholder="TX, OK, LA" hint="Two-letter codes separated by commas; empty takes every state." />
          <TextField {...text("maxLeadAgeMinutes")} label="Maximum lead age in minutes" inputMode="numeric" hint="Empty takes leads of any age." />
        </div>
        <Choice name="eligibleOnly" defaultChecked={values.eligibleOnly} label="Eligible leads only" />
        <Choice name="acceptsDuplicates" defaultChecked={values.acceptsDuplicates} label="Also take duplicates: a person's repeat lead of the same claim, which other buyers do not get" />
        <ChoiceGroup {...group("lineTypes")} legend="Phone line types (none ticked: every type)" legendClassName="text-sm font-semibold" className="mt-3">
          {LINE_TYPE_CHOICES.map((type) => (
            <Choice key={type} name="lineTypes" value={type} defaultChecked={values.lineTypes.includes(type)} label={type.replaceAll("_", " ")} />
          ))}
        </ChoiceGroup>
        <Choice name="requireAreaCodeInState" defaultChecked={values.requireAreaCodeInState} label="Only leads whose phone's area code lies in their stated state" />
      </Section>

      <Section id="buyer-caps" title="Caps and hours">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...text("perDay")} label="Leads per day" inputMode="numeric" hint="Empty: no cap." />
          <TextField {...text("perMonth")} label="Leads per month" inputMode="numeric" hint="Empty: no cap." />
          <TextField {...text("timeZone")} label="Time zone" list="us-time-zones" hint="The buyer's days, months and hours. An IANA name such as America/Chicago." />
          <datalist id="us-time-zones">
            {US_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
        <ChoiceGroup {...group("schedule")} legend="Hours" choicesClassName="">
          <Choice type="radio" name="schedule" value="always" defaultChecked={!values.scheduled} label="Always open" />
          <Choice type="radio" name="schedule" value="hours" defaultChecked={values.scheduled} label="Only on these days and hours" />
        </ChoiceGroup>
        <ChoiceGroup
          {...group("scheduleDays")}
          legend="Open days"
          legendClassName="font-semibold text-slate-800"
          className="rounded-lg bg-slate-50 p-3"
          after={
            <>
              <div className="mt-2 grid grid-cols-2 gap-4 sm:max-w-md">
                <TextField {...text("scheduleFrom")} label="Opens at" placeholder="09:00" />
                <TextField {...text("scheduleTo")} label="Closes at" placeholder="17:00" />
              </div>
              <p className={hintClass}>
                Times as HH:MM on the buyer&apos;s clock. A window that closes before it opens runs past midnight (22:00 to 06:00); 00:00 to 24:00 is
                the whole day.
              </p>
            </>
          }
        >
          {MONDAY_FIRST.map((day) => (
            <Choice key={day} name="scheduleDays" value={day} defaultChecked={values.scheduleDays.includes(day)} label={DAY_NAMES[day]} />
          ))}
        </ChoiceGroup>
      </Section>

      <Section id="buyer-order" title="Order">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...text("priority")} label="Priority" inputMode="numeric" hint="Lower goes first; 100 unless set." />
          <TextField {...text("weight")} label="Weight" inputMode="numeric" hint="The buyer's share of leads among buyers of equal priority; 1 unless set." />
        </div>
      </Section>

      <Section id="buyer-failures" title="When the buyer fails">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...text("deliveryDeadlineSeconds")}
            label="Delivery deadline (seconds)"
            inputMode="numeric"
            hint="A lead the buyer has not taken by then moves on to the next buyer and its cap slot is given back; a later yes is recorded but is not a sale. 120 unless set."
          />
          <TextField
            {...text("pauseAfterFailures")}
            label="Pause after failures in a row"
            inputMode="numeric"
            hint="Attempts with no answer or an answer other than 2xx, in a row, that pause the buyer; any 2xx answer starts the count again. 0 never pauses it; 5 unless set."
          />
        </div>
      </Section>
    </>
  );
}
