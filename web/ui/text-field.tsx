// A labelled text input or textarea with its hint and inline error, wired for screen readers
// (aria-describedby, aria-invalid). Native elements keep the practitioner's bundle small.
import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const fieldClass =
  'mt-1 block w-full min-h-11 rounded-md border bg-white px-3 py-2 text-base text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:bg-slate-900 dark:text-slate-100';
const borderClass = (invalid: boolean) =>
  invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-500';

type Common = { label: string; hint?: string; error?: string; optional?: boolean };

function Described({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, hint?: string, error?: string) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

function Label({ id, label, optional }: { id: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium">
      {label}
      {optional && (
        <span className="ml-1 font-normal text-slate-600 dark:text-slate-300">(optional)</span>
      )}
    </label>
  );
}

export function TextField({
  label,
  hint,
  error,
  optional,
  id: givenId,
  className = '',
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={className}>
      <Label id={id} label={label} optional={optional} />
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${fieldClass} ${borderClass(Boolean(error))}`}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  optional,
  id: givenId,
  className = '',
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={className}>
      <Label id={id} label={label} optional={optional} />
      <textarea
        {...textarea}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${fieldClass} ${borderClass(Boolean(error))}`}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}
