import type { ReactNode } from 'react';

// Named after the dashboard's badge styles (docs/product.md#states): default, secondary,
// destructive, outline;
// plus success and warning for statuses practitioners read at a glance.
const tones = {
  default: 'bg-teal-700 text-white',
  secondary: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  destructive: 'bg-red-700 text-white',
  outline: 'border border-slate-400 text-slate-800 dark:border-slate-500 dark:text-slate-200',
  success: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'default', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
