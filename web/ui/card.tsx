import type { HTMLAttributes, ReactNode } from 'react';

/** `padded={false}` for cards whose content brings its own padding (class order does not
 * decide between two Tailwind paddings, so the card must not set one). */
export function Card({
  className = '',
  padded = true,
  ...props
}: HTMLAttributes<HTMLElement> & { padded?: boolean }) {
  return (
    <section
      {...props}
      className={`rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900 ${padded ? 'p-4 sm:p-6' : ''} ${className}`}
    />
  );
}

export function CardTitle({
  children,
  id,
  className = '',
}: {
  children: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <h2 id={id} className={`text-lg font-semibold ${className}`}>
      {children}
    </h2>
  );
}
