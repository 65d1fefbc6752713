// A labelled text input with its description and error next to it (not only in a toast).
import { type InputHTMLAttributes, useId } from 'react';

export function TextField({
  label,
  description,
  error,
  className = '',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  description?: string;
  error?: string | null;
}) {
  const id = useId();
  const describedBy =
    [description ? `${id}-description` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 outline-none placeholder:text-slate-500 focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 aria-invalid:border-red-600 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        {...input}
      />
      {description && (
        <p id={`${id}-description`} className="text-sm text-slate-600 dark:text-slate-300">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
