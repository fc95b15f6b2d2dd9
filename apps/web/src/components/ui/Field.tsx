import { type ComponentProps, type ReactNode, useId } from "react";

const CONTROL =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 disabled:bg-slate-100 sm:text-sm";

type FieldFrameProps = {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** Label, control, then hint or error; the control is described by whichever is shown. */
function FieldFrame({ id, label, error, hint, className = "", children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Common = {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  fieldClassName?: string;
};

function describe(id: string, error?: string | null, hint?: ReactNode) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    className: `${CONTROL} ${error ? "border-red-400" : "border-slate-300"}`,
  } as const;
}

/**
 * A labelled input. `fieldClassName` styles the wrapper; every other prop (ref included) goes
 * to the <input>. Without an `id` one is generated, so the label always points at its control.
 */
export function TextField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  ...input
}: Common & ComponentProps<"input">) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <FieldFrame id={controlId} label={label} error={error} hint={hint} className={fieldClassName}>
      <input id={controlId} {...describe(controlId, error, hint)} {...input} />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  ...textarea
}: Common & ComponentProps<"textarea">) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <FieldFrame id={controlId} label={label} error={error} hint={hint} className={fieldClassName}>
      <textarea id={controlId} rows={5} {...describe(controlId, error, hint)} {...textarea} />
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string };

/** A labelled <select>; `placeholder` adds an empty first option (pair it with `required`). */
export function SelectField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  options,
  placeholder,
  ...select
}: Common &
  ComponentProps<"select"> & {
    options: readonly SelectOption[];
    placeholder?: string;
  }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <FieldFrame id={controlId} label={label} error={error} hint={hint} className={fieldClassName}>
      <select id={controlId} {...describe(controlId, error, hint)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
