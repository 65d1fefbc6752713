// /dashboard (docs/product.md#screens-and-routes): title, welcome line, four stat cards, Recent
// Submissions, and the
// medical aid documents manager.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { DashboardHeader } from './dashboard-header.tsx';
import { DeleteSubmissionDialog, type SubmissionToDelete } from './delete-submission-dialog.tsx';
import { errorMessage, RECENT_LIMIT, recentSubmissionsNote } from './presentation.ts';
import { RegistrationFormsManager } from './registration-forms.tsx';
import type { DashboardData } from './staff-api.ts';
import { SubmissionsTable } from './submissions-table.tsx';

const overview = getRouteApi('/dashboard/_staff/');

export function DashboardPage() {
  const { stats, recent, forms, catalogue } = overview.useLoaderData();
  return (
    <div className="space-y-6">
      <DashboardHeader />
      <StatCards stats={stats} />
      <RecentSubmissions recent={recent} />
      <RegistrationFormsManager forms={forms} catalogue={catalogue} />
    </div>
  );
}

function StatCards({ stats }: { stats: DashboardData['stats'] }) {
  const data = stats.ok ? stats.data : undefined;
  const cards = [
    { label: 'Total Submissions', value: data?.totalSubmissions },
    { label: 'Pending Review', value: data?.pendingSubmissions },
    { label: 'Approved', value: data?.approvedSubmissions },
    { label: 'Practitioners', value: data?.totalPractitioners },
  ];
  return (
    <section aria-label="Statistics">
      {!stats.ok && (
        <div className="mb-3">
          <Alert tone="error" title="Could not load the statistics">
            {errorMessage(stats.error, 'Please try again.')}
          </Alert>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div
            key={card.label}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{card.label}</dt>
            <dd className="mt-1 text-3xl font-bold" aria-busy={card.value === undefined}>
              {card.value ?? '–'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RecentSubmissions({ recent }: { recent: DashboardData['recent'] }) {
  const [toDelete, setToDelete] = useState<SubmissionToDelete | null>(null);
  const items = recent.ok ? recent.data.items : [];
  const note = recent.ok ? recentSubmissionsNote(recent.data.total) : null;
  return (
    <Card aria-labelledby="recent-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="recent-title">Recent Submissions</CardTitle>
        <span className="flex flex-wrap gap-4">
          <Link
            to="/dashboard/queue"
            className="rounded-sm text-sm font-medium text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
          >
            Work queue
          </Link>
          <Link
            to="/dashboard/submissions"
            className="rounded-sm text-sm font-medium text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
          >
            All submissions
          </Link>
        </span>
      </div>
      <div className="mt-4">
        {!recent.ok ? (
          <Alert tone="error" title="Could not load the submissions">
            {errorMessage(recent.error, 'Please try again.')}
          </Alert>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
            No submissions yet
          </p>
        ) : (
          <SubmissionsTable
            items={items.slice(0, RECENT_LIMIT)}
            caption="Recent submissions, newest first"
            onDelete={setToDelete}
          />
        )}
        {note && <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{note}</p>}
      </div>
      <DeleteSubmissionDialog target={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
