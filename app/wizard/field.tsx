import type { ChangeEvent } from "react";
import { pastDateWindow } from "#claims/engine/schema-builders";
import type { FieldSpec } from "#claims/engine/types";
import { wizardMessages, type WizardMessages } from "~/i18n/wizard-messages";

interface FieldProps {
  /** The form's own words in its language (docs/decisions/058); English by default. */
  messages?: WizardMessages;
  field: FieldSpec;
  value: string | string[];
  error?: string;
  consentText: string;
  onChange(name: string, value: string | string[]): void;
}

const inputClass =
  "mt-1 block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/40 aria-[invalid=true]:border-red-600";
const optionClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40";

export const errorId = (name: string) => `${name}-error`;

function describedBy(field: FieldSpec, error?: string) {
  const ids = [field.hint ? `${field.name}-hint` : null, error ? errorId(field.name) : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Hint({ field }: { field: FieldSpec }) {
  return field.hint ? (
    <p id={`${field.name}-hint`} className="mt-1 text-sm text-slate-600">
      {field.hint}
    </p>
  ) : null;
}

function ErrorText({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={errorId(name)} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

function Label({ field, messages }: { field: FieldSpec; messages: WizardMessages }) {
  return (
    <>
      {field.label}
      {field.optional ? <span className="font-normal text-slate-600"> {messages.optional}</span> : null}
    </>
  );
}

/** One question of a claim form, rendered with a native control so it works without JavaScript. */
export function Field({ field, value, error, consentText, onChange, messages = wizardMessages("en") }: FieldProps) {
  const text = typeof value === "string" ? value : "";
  const list = Array.isArray(value) ? value : [];
  const invalid = error ? true : undefined;
  const onText = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    onChange(field.name, e.target.value);

  if (field.kind === "radio" || field.kind === "checkboxes") {
    const multiple = field.kind === "checkboxes";
    return (
      <fieldset className="space-y-2" aria-describedby={describedBy(field, error)} aria-invalid={invalid}>
        <legend className="mb-2 font-semibold text-slate-900">
          <Label field={field} messages={messages} />
        </legend>
        <Hint field={field} />
        {field.options!.map((option) => (
          <label key={option.value} className={optionClass}>
            <input
              type={multiple ? "checkbox" : "radio"}
              name={field.name}
              value={option.value}
              checked={multiple ? list.includes(option.value) : text === option.value}
              onChange={(e) =>
                onChange(
                  field.name,
                  multiple
                    ? e.target.checked
                      ? // An exclusive answer ('None of these') replaces the others, and any other replaces it.
                        option.exclusive
                        ? [option.value]
                        : [...list.filter((v) => !field.options!.some((o) => o.exclusive && o.value === v)), option.value]
                      : list.filter((v) => v !== option.value)
                    : option.value,
                )
              }
              className="size-5 shrink-0 accent-accent"
            />
            <span>{option.label}</span>
          </label>
        ))}
        <ErrorText name={field.name} error={error} />
      </fieldset>
    );
  }

  if (field.kind === "consent") {
    return (
      <div>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
          <input
            type="checkbox"
            name={field.name}
            id={field.name}
            checked={text === "on"}
            onChange={(e) => onChange(field.name, e.target.checked ? "on" : "")}
            aria-invalid={invalid}
            aria-describedby={describedBy(field, error)}
            className="mt-0.5 size-5 shrink-0 accent-accent"
          />
          <span>
            <span className="block font-semibold text-slate-900">{field.label}</span>
            {consentText}
          </span>
        </label>
        <ErrorText name={field.name} error={error} />
      </div>
    );
  }

  const common = {
    id: field.name,
    name: field.name,
    value: text,
    onChange: onText,
    "aria-invalid": invalid,
    "aria-describedby": describedBy(field, error),
    autoComplete: field.autoComplete,
    className: inputClass,
  };

  let control;
  if (field.kind === "select") {
    control = (
      <select {...common}>
        <option value="">{field.placeholder ?? messages.select}</option>
        {field.options!.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "textarea") {
    control = <textarea {...common} rows={4} placeholder={field.placeholder} />;
  } else if (field.kind === "date") {
    const window = pastDateWindow(field.pastDays ?? 3650);
    control = <input {...common} type="date" min={window.min} max={window.max} />;
  } else {
    const type = field.kind === "number" ? "number" : field.kind;
    control = (
      <input
        {...common}
        type={type}
        inputMode={field.kind === "tel" ? "tel" : undefined}
        placeholder={field.placeholder}
        min={field.min}
        max={field.max}
      />
    );
  }

  return (
    <div>
      <label htmlFor={field.name} className="block font-semibold text-slate-900">
        <Label field={field} messages={messages} />
      </label>
      <Hint field={field} />
      {control}
      <ErrorText name={field.name} error={error} />
    </div>
  );
}
