// Label, control and error message wired together for screen readers; the control is passed
// in so native inputs, selects and text areas all fit.
import { cloneElement, type ReactElement, useId } from 'react';

export const inputClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 aria-[invalid=true]:border-red-600 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100';

export function Field({
  label,
  error,
  hint,
  children,
  className = '',
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
