// A native checkbox whose whole label row is the touch target (at least 44 px high).
import type { InputHTMLAttributes, ReactNode } from 'react';

export function Checkbox({
  children,
  description,
  className = '',
  indeterminate = false,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  children: ReactNode;
  description?: ReactNode;
  /** The mixed state (some of what it stands for is ticked): a DOM property, not an attribute. */
  indeterminate?: boolean;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-md py-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 ${className}`}
    >
      <input
        {...input}
        ref={(element) => {
          if (element) element.indeterminate = indeterminate;
        }}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-teal-700 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 dark:accent-teal-500 dark:focus-visible:ring-offset-slate-900"
      />
      <span className="text-sm">
        <span className="block">{children}</span>
        {description && (
          <span className="mt-0.5 block text-slate-600 dark:text-slate-300">{description}</span>
        )}
      </span>
    </label>
  );
}
