// The frame of every guarded dashboard page: a section nav.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const tab =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 dark:hover:bg-slate-800';

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <nav
        aria-label="Dashboard"
        className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 pb-2 dark:border-slate-700"
      >
        <Link
          to="/dashboard"
          activeOptions={{ exact: true }}
          className={tab}
          activeProps={{ 'aria-current': 'page', className: 'bg-slate-100 dark:bg-slate-800' }}
        >
          Overview
        </Link>
        <Link
          to="/dashboard/queue"
          className={tab}
          activeProps={{ 'aria-current': 'page', className: 'bg-slate-100 dark:bg-slate-800' }}
        >
          Work queue
        </Link>
        <Link
          to="/dashboard/insights"
          className={tab}
          activeProps={{ 'aria-current': 'page', className: 'bg-slate-100 dark:bg-slate-800' }}
        >
          Where time goes
        </Link>
        <Link
          to="/dashboard/submissions"
          className={tab}
          activeProps={{ 'aria-current': 'page', className: 'bg-slate-100 dark:bg-slate-800' }}
        >
          All submissions
        </Link>
        <Link
          to="/dashboard/catalogue"
          className={tab}
          activeProps={{ 'aria-current': 'page', className: 'bg-slate-100 dark:bg-slate-800' }}
        >
          Scheme catalogue
        </Link>
        <Link
          to="/dashboard/security-log"
          className={tab}
          activeProps={{ 'aria-current': 'page', className: 'bg-slate-100 dark:bg-slate-800' }}
        >
          Security log
        </Link>
      </nav>
      {children}
    </div>
  );
}
