import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// The admin forms' fields: a label above the control, an error in words under it (announced through
// aria-describedby and aria-invalid), then a hint. Every admin and buyer-portal form draws them so.

/** An input's look without its width, for a narrow control beside text ("Up to [3] buyers"). */
export const inputBase = "block min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-700";
export const inputClass = `${inputBase} w-full`;
export const labelClass = "block font-semibold text-slate-800";
export const hintClass = "mt-1 text-sm text-slate-600";
export const errorClass = "mt-1 text-sm font-semibold text-red-800";
export const choiceClass = "flex min-h-11 items-center gap-3";
export const checkClass = "size-5 shrink-0 accent-brand";

/** The ids a control is described by: its error first, then its hint and any help it shares. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

interface FrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The id of help shared with other fields. */
  sharedHelp?: string;
  /** Classes for the label; the kit's label by default. */
  labelClassName?: string;
}

/** The attributes that tie a control to its label, error and hint. */
function controlProps({ id, hint, error, sharedHelp }: FrameProps) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(error && `${id}-error`, hint ? `${id}-hint` : null, sharedHelp),
  } as const;
}

function Frame({ id, label, hint, error, labelClassName = labelClass, children }: FrameProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} error={error} />
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** An error under a field or a group of fields; nothing without one. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={errorClass}>
      {error}
    </p>
  ) : null;
}

type TextFieldProps = FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id">;

export function TextField({ id, label, hint, error, sharedHelp, labelClassName, type = "text", className, ...input }: TextFieldProps) {
  const frame = { id, label, hint, error, sharedHelp, labelClassName };
  return (
    <Frame {...frame}>
      <input type={type} {...controlProps(frame)} className={`mt-1 ${className ?? inputClass}`} {...input} />
    </Frame>
  );
}

type SelectFieldProps = FrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">;

export function SelectField({ id, label, hint, error, sharedHelp, labelClassName, className, children, ...select }: SelectFieldProps) {
  const frame = { id, label, hint, error, sharedHelp, labelClassName };
  return (
    <Frame {...frame}>
      <select {...controlProps(frame)} className={`mt-1 ${className ?? inputClass}`} {...select}>
        {children}
      </select>
    </Frame>
  );
}

type TextAreaFieldProps = FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">;

export function TextAreaField({ id, label, hint, error, sharedHelp, labelClassName, className, ...textarea }: TextAreaFieldProps) {
  const frame = { id, label, hint, error, sharedHelp, labelClassName };
  return (
    <Frame {...frame}>
      <textarea {...controlProps(frame)} className={`mt-1 ${className ?? inputClass}`} {...textarea} />
    </Frame>
  );
}

/**
 * A form's field props by the key its error is kept under: `field("price")` gives the id, the posted
 * name and the error; a row's field passes the posted name and id it differs by.
 */
export function fieldsOf(errors: Readonly<Record<string, string>>, idPrefix: string) {
  return (key: string, name = key, id = `${idPrefix}-${key}`) => ({ id, name, error: errors[key] });
}

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The text fields of a form kept as typed (values are strings): `field("perDay")` gives the id, the
 * posted name, the error and the value, with the browser's autofill off, as an operator's form wants.
 */
export function typedFieldsOf<V>(errors: Readonly<Record<string, string>>, idPrefix: string, values: V) {
  const field = fieldsOf(errors, idPrefix);
  return (key: StringKeys<V>) => ({ ...field(key), defaultValue: values[key] as string, autoComplete: "off" });
}

type ChoiceProps = { label: ReactNode; description?: ReactNode; boxed?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, "className">;

const boxedChoiceClass = "flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-slate-50";

/** A checkbox or radio button with its label beside it, and a line saying what it does under the label; `boxed`, a card that shows it is chosen. */
export function Choice({ label, description, boxed = false, type = "checkbox", ...input }: ChoiceProps) {
  return (
    <label className={boxed ? boxedChoiceClass : choiceClass}>
      <input type={type} className={`${checkClass} ${boxed ? "mt-0.5" : ""}`} {...input} />
      {description ? (
        <span>
          <span className="font-semibold">{label}</span>
          <span className="block text-sm text-slate-600">{description}</span>
        </span>
      ) : (
        <span>{label}</span>
      )}
    </label>
  );
}

/**
 * Checkboxes or radio buttons under one legend, with a hint under it and one error for the group,
 * tied to the fieldset (`<id>-hint`, `<id>-error`). `choicesClassName` lays the choices out.
 */
export function ChoiceGroup({
  id,
  legend,
  hint,
  error,
  legendClassName = labelClass,
  className,
  choicesClassName = "flex flex-wrap gap-x-4",
  after,
  children,
}: {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  legendClassName?: string;
  className?: string;
  choicesClassName?: string;
  /** What follows the choices inside the group, such as the fields the choice needs. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={describedBy(error && `${id}-error`, hint ? `${id}-hint` : null)} className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <div className={choicesClassName}>{children}</div>
      <FieldError id={`${id}-error`} error={error} />
      {after}
    </fieldset>
  );
}
