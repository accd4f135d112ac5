import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { adminButton, adminCard } from "./admin-header";
import {
  LINE_TYPE_CHOICES,
  type BuyerFormErrors,
  type BuyerFormValues,
} from "./buyer-form";
import { DAY_NAMES } from "./buyer-summary";
import type { SystemBuyerView } from "./system-buyer-view";

/** Which list the operator asked for more empty rows in. */
export type MoreRows = "fields" | "conditions";

const EMPTY_ROWS = 3;
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

const inputClass =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-700";
const labelClass = "block font-semibold text-slate-800";
const helpClass = "mt-1 text-sm text-slate-600";
const choiceClass = "flex min-h-11 items-center gap-3";
const checkClass = "size-5 shrink-0 accent-brand";

interface Props {
  values: BuyerFormValues;
  errors: BuyerFormErrors;
  moreRows: MoreRows | null;
  /** On a saved buyer: the last four of its credentials, or null when it has none; undefined on a new buyer. */
  savedCredentials: string | null | undefined;
  claims: ReadonlyArray<{ caseType: string; name: string }>;
  placeholders: { lead: readonly string[]; credentials: string };
  /** A system buyer: its name and delivery are the server's, so the form says where they are set instead of offering them. */
  system: SystemBuyerView | null;
}

/**
 * The buyer form. It posts plainly, so it works without JavaScript; the server answers an error with
 * the same values and a message next to each field it is about.
 */
export function BuyerEditor({
  values,
  errors,
  moreRows,
  savedCredentials,
  claims,
  placeholders,
  system,
}: Props) {
  const editing = savedCredentials !== undefined;
  const errorCount = Object.keys(errors).length;
  const summary = useRef<HTMLDivElement>(null);
  // Drawn afresh for every answer (keyed by it), so this runs once per answer with errors.
  useEffect(() => {
    if (errorCount) summary.current?.focus();
  }, [errorCount]);

  const field = fieldProps(errors);
  const fieldRows = withEmptyRows(values.fields, moreRows === "fields", {
    name: "",
    template: "",
  });
  const conditionRows = withEmptyRows(
    values.conditions,
    moreRows === "conditions",
    { field: "", equals: "", means: "accepted", reasonField: "" },
  );

  return (
    <Form method="post" noValidate className="space-y-6">
      {errorCount ? (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          className="rounded-2xl border-2 border-red-300 bg-red-50 p-4 text-red-900"
        >
          <p className="font-semibold">
            The buyer is not saved: please correct the{" "}
            {errorCount === 1 ? "field" : `${errorCount} fields`} marked below.
          </p>
          {errors._form ? <p className="mt-1">{errors._form}</p> : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/admin/buyers"
          className="inline-flex min-h-11 items-center font-semibold text-brand underline"
        >
          ← All buyers
        </Link>
        {/* First in the form, so that Enter in a field saves rather than adding rows. */}
        <SaveButton />
      </div>

      <Section id="buyer-basics" title="Buyer">
        {system ? (
          <div>
            <p className={labelClass}>Name</p>
            <p className="mt-1">{values.name}</p>
            <p className={helpClass}>{system.nameSource}</p>
          </div>
        ) : (
          <TextField
            {...field("name")}
            label="Name"
            defaultValue={values.name}
            autoComplete="off"
          />
        )}
        <label className={choiceClass}>
          <input
            type="checkbox"
            name="active"
            defaultChecked={values.active}
            className={checkClass}
          />
          <span>
            <span className="font-semibold">Active</span>
            <span className="block text-sm text-slate-600">
              A paused buyer gets no new leads.
            </span>
          </span>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...field("price")}
            label="Price per lead ($)"
            defaultValue={values.price}
            inputMode="decimal"
            placeholder="45.00"
            autoComplete="off"
            help="What the buyer pays for each lead it takes outside an auction, for the report's revenue. Empty: no price."
          />
        </div>
      </Section>

      {system ? (
        <SystemDeliverySection system={system} />
      ) : (
        <>
          <Section id="buyer-delivery" title="Delivery">
            <fieldset aria-describedby={describedBy(errors, "delivery")}>
              <legend className={labelClass}>Method</legend>
              <div className="mt-1 grid gap-1 sm:grid-cols-3">
                {(
                  [
                    [
                      "webhook",
                      "Signed JSON webhook",
                      "Our lead payload, signed like the operator's webhook.",
                    ],
                    [
                      "post-json",
                      "JSON post",
                      "The mapped fields below as a JSON object.",
                    ],
                    [
                      "post-form",
                      "Form post",
                      "The mapped fields below as a form.",
                    ],
                  ] as const
                ).map(([value, title, help]) => (
                  <label
                    key={value}
                    className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-slate-50"
                  >
                    <input
                      type="radio"
                      name="delivery"
                      value={value}
                      defaultChecked={values.delivery === value}
                      className={`${checkClass} mt-0.5`}
                    />
                    <span>
                      <span className="font-semibold">{title}</span>
                      <span className="block text-sm text-slate-600">
                        {help}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError errors={errors} name="delivery" />
            </fieldset>
            <TextField
              {...field("url")}
              label="URL"
              type="url"
              defaultValue={values.url}
              placeholder="https://buyer.example/leads"
              autoComplete="off"
            />
            <TextField
              {...field("credentialHeader")}
              label="Credential header (optional)"
              defaultValue={values.credentialHeader}
              placeholder="X-Api-Key"
              autoComplete="off"
              help="Sends the credentials in this request header. Leave it empty when a mapped field carries them as {credentials}."
            />
            <TextField
              {...field("revocationUrl")}
              label="Revocation URL (optional)"
              type="url"
              defaultValue={values.revocationUrl}
              placeholder="https://buyer.example/revocations"
              autoComplete="off"
              help="Where the signed lead.consent_revoked notice goes, with the credential header, when a person revokes consent for a lead this buyer was sent. Empty: the URL above."
            />
            <TextField
              {...field("credentials")}
              label="Credentials"
              type="password"
              defaultValue=""
              autoComplete="new-password"
              help={
                editing
                  ? savedCredentials
                    ? `Saved: ${savedCredentials}. Leave empty to keep them; they are stored encrypted and never shown again.`
                    : "None saved. They are stored encrypted and never shown again."
                  : "An API key or token, if the buyer needs one. It is stored encrypted and never shown again."
              }
            />
            {editing && savedCredentials ? (
              <label className={choiceClass}>
                <input
                  type="checkbox"
                  name="removeCredentials"
                  defaultChecked={values.removeCredentials}
                  className={checkClass}
                />
                <span>Remove the saved credentials</span>
              </label>
            ) : null}
          </Section>

          <Section id="buyer-ping" title="Ping-post">
            <label className={choiceClass}>
              <input
                type="checkbox"
                name="pinged"
                defaultChecked={values.pinged}
                className={checkClass}
              />
              <span>
                <span className="font-semibold">
                  Takes part in ping-post auctions
                </span>
                <span className="block text-sm text-slate-600">
                  The buyer is asked for a bid on each lead without its contact
                  details; the full lead goes to the URL above when it wins.
                </span>
              </span>
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                {...field("pingUrl")}
                label="Ping URL"
                type="url"
                defaultValue={values.pingUrl}
                placeholder="https://buyer.example/ping"
                autoComplete="off"
                help="Where the bid request goes. Needed when the buyer takes part."
              />
              <TextField
                {...field("pingBidField")}
                label="Bid field"
                defaultValue={values.pingBidField}
                placeholder="bid"
                autoComplete="off"
                help="Where the buyer's JSON answer holds its bid in dollars, such as bid or offer.amount."
              />
            </div>
          </Section>

          <Section id="buyer-mapping" title="Field mapping">
            <div id="mapping-help" className="space-y-2 text-sm text-slate-700">
              <p>
                For JSON and form posts: each of the buyer&apos;s fields, in the
                order sent, with its value. A value is a constant (
                <code>web</code>), a placeholder (<code>{"{fn}"}</code>) or text
                around placeholders (<code>{"{fn} {ln}"}</code>). Rows left
                empty are ignored.
              </p>
              <p>
                Placeholders:{" "}
                {[...placeholders.lead, placeholders.credentials].map(
                  (name, i) => (
                    <span key={name}>
                      {i ? " " : ""}
                      <code className="rounded bg-slate-100 px-1">{`{${name}}`}</code>
                    </span>
                  ),
                )}{" "}
                and{" "}
                <code className="rounded bg-slate-100 px-1">
                  {"{answers.<field>}"}
                </code>{" "}
                for an answer of the claim&apos;s form, such as{" "}
                <code>{"{answers.diagnosis}"}</code>.
              </p>
            </div>
            <FieldError errors={errors} name="fields" />
            <ol className="space-y-3">
              {fieldRows.map((row, i) => (
                <li
                  key={i}
                  className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-2"
                >
                  <TextField
                    {...field(
                      `fields.${i}.name`,
                      "fieldName",
                      `field-name-${i}`,
                    )}
                    label={`Buyer field ${i + 1}`}
                    defaultValue={row.name}
                    placeholder={i === 0 ? "first_name" : undefined}
                    autoComplete="off"
                  />
                  <TextField
                    {...field(
                      `fields.${i}.template`,
                      "fieldTemplate",
                      `field-template-${i}`,
                    )}
                    label={`Value ${i + 1}`}
                    defaultValue={row.template}
                    placeholder={i === 0 ? "{fn}" : undefined}
                    autoComplete="off"
                    describedBy="mapping-help"
                  />
                </li>
              ))}
            </ol>
            <MoreRowsButton intent="more-fields">
              More mapping rows
            </MoreRowsButton>
          </Section>

          <Section id="buyer-acceptance" title="Acceptance">
            <p id="acceptance-help" className="text-sm text-slate-700">
              Any 2xx answer is accepted and anything else rejected, unless a
              condition on the buyer&apos;s JSON answer says otherwise; the
              first condition that matches decides. Once a condition says what
              acceptance looks like, an answer matching none is rejected. The
              field is a dot path such as <code>status</code> or{" "}
              <code>result.code</code>. The value <code>true</code>,{" "}
              <code>false</code>, <code>null</code> or a number is compared as
              that JSON value, anything else as text; put text that looks like
              one in quotes (<code>&quot;200&quot;</code>).
            </p>
            <ol className="space-y-3">
              {conditionRows.map((row, i) => (
                <li
                  key={i}
                  className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-2 lg:grid-cols-4"
                >
                  <TextField
                    {...field(
                      `conditions.${i}.field`,
                      "conditionField",
                      `condition-field-${i}`,
                    )}
                    label={`Answer field ${i + 1}`}
                    defaultValue={row.field}
                    placeholder={i === 0 ? "status" : undefined}
                    autoComplete="off"
                  />
                  <TextField
                    {...field(
                      `conditions.${i}.equals`,
                      "conditionEquals",
                      `condition-equals-${i}`,
                    )}
                    label={`Equals ${i + 1}`}
                    defaultValue={row.equals}
                    placeholder={i === 0 ? "Error" : undefined}
                    autoComplete="off"
                  />
                  <div>
                    <label
                      htmlFor={`condition-means-${i}`}
                      className={labelClass}
                    >
                      Means {i + 1}
                    </label>
                    <select
                      id={`condition-means-${i}`}
                      name="conditionMeans"
                      defaultValue={row.means}
                      className={inputClass}
                    >
                      <option value="accepted">Accepted</option>
                      <option value="rejected">Rejected</option>
                    </select>
                  </div>
                  <TextField
                    {...field(
                      `conditions.${i}.reasonField`,
                      "conditionReason",
                      `condition-reason-${i}`,
                    )}
                    label={`Reason field ${i + 1} (optional)`}
                    defaultValue={row.reasonField}
                    placeholder={i === 0 ? "message" : undefined}
                    autoComplete="off"
                  />
                </li>
              ))}
            </ol>
            <MoreRowsButton intent="more-conditions">
              More conditions
            </MoreRowsButton>
          </Section>
        </>
      )}

      <Section id="buyer-filters" title="Filters">
        <fieldset
          aria-describedby={describedBy(
            errors,
            "claimTypes",
            "claim-types-help",
          )}
        >
          <legend className={labelClass}>Claim types</legend>
          <p id="claim-types-help" className={helpClass}>
            None ticked takes every claim.
          </p>
          <div className="mt-1 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
            {claims.map((claim) => (
              <label key={claim.caseType} className={choiceClass}>
                <input
                  type="checkbox"
                  name="claimTypes"
                  value={claim.caseType}
                  defaultChecked={values.claimTypes.includes(claim.caseType)}
                  className={checkClass}
                />
                <span>{claim.name}</span>
              </label>
            ))}
          </div>
          <FieldError errors={errors} name="claimTypes" />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...field("states")}
            label="States"
            defaultValue={values.states}
            placeholder="TX, OK, LA"
            autoComplete="off"
            help="Two-letter codes separated by commas; empty takes every state."
          />
          <TextField
            {...field("maxLeadAgeMinutes")}
            label="Maximum lead age in minutes"
            defaultValue={values.maxLeadAgeMinutes}
            inputMode="numeric"
            autoComplete="off"
            help="Empty takes leads of any age."
          />
        </div>
        <label className={choiceClass}>
          <input
            type="checkbox"
            name="eligibleOnly"
            defaultChecked={values.eligibleOnly}
            className={checkClass}
          />
          <span>Eligible leads only</span>
        </label>
        <label className={choiceClass}>
          <input
            type="checkbox"
            name="acceptsDuplicates"
            defaultChecked={values.acceptsDuplicates}
            className={checkClass}
          />
          <span>
            Also take duplicates: a person&apos;s repeat lead of the same claim,
            which other buyers do not get
          </span>
        </label>
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold">
            Phone line types (none ticked: every type)
          </legend>
          <div className="flex flex-wrap gap-x-4">
            {LINE_TYPE_CHOICES.map((type) => (
              <label key={type} className={choiceClass}>
                <input
                  type="checkbox"
                  name="lineTypes"
                  value={type}
                  defaultChecked={values.lineTypes.includes(type)}
                  className={checkClass}
                />
                <span>{type.replaceAll("_", " ")}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className={choiceClass}>
          <input
            type="checkbox"
            name="requireAreaCodeInState"
            defaultChecked={values.requireAreaCodeInState}
            className={checkClass}
          />
          <span>
            Only leads whose phone&apos;s area code lies in their stated state
          </span>
        </label>
      </Section>

      <Section id="buyer-caps" title="Caps and hours">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            {...field("perDay")}
            label="Leads per day"
            defaultValue={values.perDay}
            inputMode="numeric"
            autoComplete="off"
            help="Empty: no cap."
          />
          <TextField
            {...field("perMonth")}
            label="Leads per month"
            defaultValue={values.perMonth}
            inputMode="numeric"
            autoComplete="off"
            help="Empty: no cap."
          />
          <TextField
            {...field("timeZone")}
            label="Time zone"
            defaultValue={values.timeZone}
            list="us-time-zones"
            autoComplete="off"
            help="The buyer's days, months and hours. An IANA name such as America/Chicago."
          />
          <datalist id="us-time-zones">
            {US_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
        <fieldset aria-describedby={describedBy(errors, "schedule")}>
          <legend className={labelClass}>Hours</legend>
          <label className={choiceClass}>
            <input
              type="radio"
              name="schedule"
              value="always"
              defaultChecked={!values.scheduled}
              className={checkClass}
            />
            <span>Always open</span>
          </label>
          <label className={choiceClass}>
            <input
              type="radio"
              name="schedule"
              value="hours"
              defaultChecked={values.scheduled}
              className={checkClass}
            />
            <span>Only on these days and hours</span>
          </label>
          <FieldError errors={errors} name="schedule" />
        </fieldset>
        <fieldset
          aria-describedby={describedBy(errors, "scheduleDays")}
          className="rounded-lg bg-slate-50 p-3"
        >
          <legend className="font-semibold text-slate-800">Open days</legend>
          <div className="flex flex-wrap gap-x-4">
            {MONDAY_FIRST.map((day) => (
              <label key={day} className={choiceClass}>
                <input
                  type="checkbox"
                  name="scheduleDays"
                  value={day}
                  defaultChecked={values.scheduleDays.includes(day)}
                  className={checkClass}
                />
                <span>{DAY_NAMES[day]}</span>
              </label>
            ))}
          </div>
          <FieldError errors={errors} name="scheduleDays" />
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
          <p className={helpClass}>
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
            help="Lower goes first; 100 unless set."
          />
          <TextField
            {...field("weight")}
            label="Weight"
            defaultValue={values.weight}
            inputMode="numeric"
            autoComplete="off"
            help="The buyer's share of leads among buyers of equal priority; 1 unless set."
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
            help="A lead the buyer has not taken by then moves on to the next buyer and its cap slot is given back; a later yes is recorded but is not a sale. 120 unless set."
          />
          <TextField
            {...field("pauseAfterFailures")}
            label="Pause after failures in a row"
            defaultValue={values.pauseAfterFailures}
            inputMode="numeric"
            autoComplete="off"
            help="Attempts with no answer or an answer other than 2xx, in a row, that pause the buyer; any 2xx answer starts the count again. 0 never pauses it; 5 unless set."
          />
        </div>
      </Section>

      <div className="flex flex-wrap gap-2">
        <SaveButton />
        <Link
          to="/admin/buyers"
          className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** Instead of the delivery, credentials, ping, mapping and acceptance fields, which a system buyer does not use. */
function SystemDeliverySection({ system }: { system: SystemBuyerView }) {
  return (
    <Section id="buyer-delivery" title="Delivery">
      <p className="text-slate-700">{system.explanation}</p>
      <p data-testid="system-delivery">
        {system.href ? (
          <Link
            to={system.href}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline"
          >
            {system.label}
          </Link>
        ) : (
          <span className="font-semibold">{system.label}</span>
        )}
        {": "}
        {system.configured ? (
          "configured."
        ) : (
          <span className="font-semibold text-amber-900">
            not configured. {system.toConfigure}
          </span>
        )}
      </p>
    </Section>
  );
}

function SaveButton() {
  return (
    <button
      type="submit"
      name="intent"
      value="save"
      className={`${adminButton} bg-brand text-white hover:bg-slate-800`}
    >
      Save buyer
    </button>
  );
}

function MoreRowsButton({
  intent,
  children,
}: {
  intent: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`${adminButton} border border-slate-300 bg-white hover:bg-slate-50`}
    >
      {children}
    </button>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`${adminCard} space-y-4`}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface TextFieldProps extends Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "id" | "name"
> {
  id: string;
  name: string;
  label: string;
  help?: string;
  error?: string;
  /** The id of help shared with other fields. */
  describedBy?: string;
}

function TextField({
  id,
  label,
  help,
  error,
  describedBy,
  type = "text",
  ...input
}: TextFieldProps) {
  const described =
    [error ? `${id}-error` : null, help ? `${id}-help` : null, describedBy]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`mt-1 ${inputClass}`}
        {...input}
      />
      {error ? (
        <p
          id={`${id}-error`}
          className="mt-1 text-sm font-semibold text-red-800"
        >
          {error}
        </p>
      ) : null}
      {help ? (
        <p id={`${id}-help`} className={helpClass}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** A text field's id, name and error: `key` is the error's key, the posted name and the id default to it. */
function fieldProps(errors: BuyerFormErrors) {
  return (key: string, name = key, id = `buyer-${key}`) => ({
    id,
    name,
    error: errors[key],
  });
}

function FieldError({
  errors,
  name,
}: {
  errors: BuyerFormErrors;
  name: string;
}) {
  return errors[name] ? (
    <p
      id={`buyer-${name}-error`}
      className="mt-1 text-sm font-semibold text-red-800"
    >
      {errors[name]}
    </p>
  ) : null;
}

function describedBy(
  errors: BuyerFormErrors,
  name: string,
  help?: string,
): string | undefined {
  return (
    [errors[name] ? `buyer-${name}-error` : null, help]
      .filter(Boolean)
      .join(" ") || undefined
  );
}

function withEmptyRows<Row>(rows: Row[], more: boolean, empty: Row): Row[] {
  return [
    ...rows,
    ...Array.from({ length: EMPTY_ROWS * (more ? 2 : 1) }, () => empty),
  ];
}
