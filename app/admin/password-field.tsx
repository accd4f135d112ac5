/** A labelled password input with its error, for the invitation and account pages. */
export function PasswordField({ id, label, autoComplete, error }: { id: string; label: string; autoComplete: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="password"
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
