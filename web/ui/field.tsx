// The one field primitive: a label, a control, a hint and an inline error wired together for
// screen readers (aria-describedby, aria-invalid). The control is passed in, so native inputs,
// selects and text areas all fit; TextField and TextAreaField are the common cases. Native
// elements keep the practitioner's bundle small; 16 px text stops iOS zooming on focus.
import {
  cloneElement,
  type InputHTMLAttributes,
  type ReactElement,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

export const inputClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 outline-none focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 aria-[invalid=true]:border-red-600 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

type FieldText = {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
  className?: string;
  id?: string;
};

export function Field({
  label,
  error,
  hint,
  optional,
  children,
  className = '',
  id: givenId,
}: FieldText & { children: ReactElement<Record<string, unknown>> }) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
        {optional && (
          <span className="ml-1 font-normal text-slate-600 dark:text-slate-300">(optional)</span>
        )}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  optional,
  className,
  id,
  ...input
}: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'>) {
  return (
    <Field {...{ label, error, hint, optional, className, id }}>
      <input {...input} className={inputClass} />
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  className,
  id,
  ...textarea
}: FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'id'>) {
  return (
    <Field {...{ label, error, hint, optional, className, id }}>
      <textarea {...textarea} className={inputClass} />
    </Field>
  );
}
