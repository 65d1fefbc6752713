// /dashboard (SPEC §2): title, welcome line, four stat cards, Recent Submissions, and the
// medical aid documents manager.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { DeleteSubmissionDialog, type SubmissionToDelete } from './delete-submission-dialog.tsx';
import { errorMessage, RECENT_LIMIT, recentSubmissionsNote } from './presentation.ts';
import { RegistrationFormsManager } from './registration-forms.tsx';
import { fetchStats, fetchSubmissions, STATS_KEY, submissionsKey } from './staff-api.ts';
import { useCached } from './staff-cache.ts';
import { SubmissionsTable } from './submissions-table.tsx';

const recentQuery = { limit: RECENT_LIMIT };

export function DashboardPage() {
  const session = useSession();
  const email = session.status === 'authenticated' ? session.user.email : '';
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Welcome back{email ? `, ${email}` : ''}. Review practitioner submissions and manage the
          registration forms practitioners download.
        </p>
      </header>
      <StatCards />
      <RecentSubmissions />
      <RegistrationFormsManager />
    </div>
  );
}

function StatCards() {
  const stats = useCached(STATS_KEY, fetchStats);
  const cards = [
    { label: 'Total Submissions', value: stats.data?.totalSubmissions },
    { label: 'Pending Review', value: stats.data?.pendingSubmissions },
    { label: 'Approved', value: stats.data?.approvedSubmissions },
    { label: 'Practitioners', value: stats.data?.totalPractitioners },
  ];
  return (
    <section aria-label="Statistics">
      {stats.error !== undefined && !stats.data && (
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

function RecentSubmissions() {
  const recent = useCached(submissionsKey(recentQuery), () => fetchSubmissions(recentQuery));
  const [toDelete, setToDelete] = useState<SubmissionToDelete | null>(null);
  const items = recent.data?.items ?? [];
  const note = recent.data ? recentSubmissionsNote(recent.data.total) : null;
  return (
    <Card aria-labelledby="recent-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="recent-title">Recent Submissions</CardTitle>
        <Link
          to="/dashboard/submissions"
          className="rounded-sm text-sm font-medium text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
        >
          All submissions
        </Link>
      </div>
      <div className="mt-4">
        {recent.error !== undefined && !recent.data ? (
          <Alert tone="error" title="Could not load the submissions">
            {errorMessage(recent.error, 'Please try again.')}
          </Alert>
        ) : !recent.data ? (
          <p role="status" className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
            Loading submissions...
          </p>
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
