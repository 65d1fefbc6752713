// /dashboard/practices (decision 127): the practices that onboarded together, newest first, with
// how many practitioners were invited and how many sent their part; each opens its page.
import { getRouteApi, Link } from '@tanstack/react-router';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { DataTable, dataCell, dataRowLink } from '../../ui/data-table.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { practiceTypeLabel } from '../statuses/status-labels.ts';

const route = getRouteApi('/dashboard/_staff/practices/');

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
        <DataTable
          caption="Practices, newest first"
          columns={['Practice', 'Practice number', 'Type', 'Invited', 'Submitted', 'Started']}
          minWidth="min-w-[40rem]"
        >
          {read.data.practices.map((p) => (
            <tr key={p.id}>
              <td className={`${dataCell} font-medium`}>
                <Link to="/dashboard/practices/$id" params={{ id: p.id }} className={dataRowLink}>
                  {p.name}
                </Link>
              </td>
              <td className={`${dataCell} font-mono`}>{p.practiceNumber ?? '—'}</td>
              <td className={dataCell}>{practiceTypeLabel(p.practiceType)}</td>
              <td className={dataCell}>{p.invited}</td>
              <td className={dataCell}>{p.submitted}</td>
              <td className={`${dataCell} whitespace-nowrap`}>
                <time dateTime={isoDateTime(p.createdAt)}>{formatDate(p.createdAt)}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
