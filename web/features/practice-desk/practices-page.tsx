// /dashboard/practices (decision 127): the practices that onboarded together, newest first, with
// how many practitioners were invited and how many sent their part; each opens its page.
import { getRouteApi, Link } from '@tanstack/react-router';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { practiceTypeLabel } from '../statuses/status-labels.ts';

const route = getRouteApi('/dashboard/_staff/practices/');
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase';
const td = 'px-3 py-2 align-middle';

export function PracticesPage() {
  usePageTitle('Practices');
  const read = route.useLoaderData();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold sm:text-3xl">Practices</h1>
      <p className="text-slate-600 dark:text-slate-300">
        Practices whose manager invited their practitioners to apply together. Each practitioner's
        application is also in All submissions.
      </p>
      {!read.ok ? (
        <Alert tone="error" title="Could not load the practices">
          {errorMessage(read.error, 'Please try again.')}
        </Alert>
      ) : read.data.practices.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">
          No practice has applied together yet.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Practices, newest first</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                {['Practice', 'Practice number', 'Type', 'Invited', 'Submitted', 'Started'].map(
                  (name) => (
                    <th key={name} scope="col" className={th}>
                      {name}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {read.data.practices.map((p) => (
                <tr key={p.id}>
                  <td className={`${td} font-medium`}>
                    <Link
                      to="/dashboard/practices/$id"
                      params={{ id: p.id }}
                      className="inline-flex min-h-11 items-center rounded-sm underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
                    >
                      {p.name}
                    </Link>
                  </td>
                  <td className={`${td} font-mono`}>{p.practiceNumber ?? '—'}</td>
                  <td className={td}>{practiceTypeLabel(p.practiceType)}</td>
                  <td className={td}>{p.invited}</td>
                  <td className={td}>{p.submitted}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={isoDateTime(p.createdAt)}>{formatDate(p.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
