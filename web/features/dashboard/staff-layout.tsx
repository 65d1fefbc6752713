// The frame of every guarded dashboard page: a section nav.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const tab =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 dark:hover:bg-slate-800';
const current = { 'aria-current': 'page', className: 'bg-slate-100 dark:bg-slate-800' } as const;

/** The dashboard's sections, in the nav's order; the overview only for its own path. */
const SECTIONS = [
  { to: '/dashboard', label: 'Overview', exact: true },
  { to: '/dashboard/queue', label: 'Work queue' },
  { to: '/dashboard/insights', label: 'Where time goes' },
  { to: '/dashboard/submissions', label: 'All submissions' },
  { to: '/dashboard/practices', label: 'Practices' },
  { to: '/dashboard/catalogue', label: 'Scheme catalogue' },
  { to: '/dashboard/document-validity', label: 'Document validity' },
  { to: '/dashboard/security-log', label: 'Security log' },
  { to: '/dashboard/staff-setup', label: 'Staff sign-in' },
  { to: '/dashboard/api-keys', label: 'API keys' },
  { to: '/dashboard/webhooks', label: 'Webhooks' },
] as const;

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <nav
        aria-label="Dashboard"
        className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 pb-2 dark:border-slate-700"
      >
        {SECTIONS.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            activeOptions={{ exact: 'exact' in section }}
            className={tab}
            activeProps={current}
          >
            {section.label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
