// The overview's title and welcome line (docs/product.md#screens-and-routes).
import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.ts';

const staff = getRouteApi('/dashboard/_staff');

export function DashboardHeader() {
  const { email } = staff.useLoaderData();
  usePageTitle('Admin Dashboard');
  return (
    <header>
      <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Welcome back{email ? `, ${email}` : ''}. Review practitioner submissions and manage the
        registration forms practitioners download.
      </p>
    </header>
  );
}
