// The submission's audit trail, newest first.

import { timelineTitle } from '../../../schema/rules.ts';
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { Card, CardTitle } from '../../ui/card.tsx';

function describeDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

export function AuditCard({ data }: { data: StaffSubmissionDetail }) {
  // Oldest first from the API (insertion order within a millisecond): newest first here.
  const entries = [...data.auditLog].reverse();
  return (
    <Card aria-labelledby="audit-title">
      <CardTitle id="audit-title">Audit trail</CardTitle>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No entries yet.</p>
      ) : (
        <section
          className="mt-3 overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
          aria-label="Audit trail, scrolls sideways"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, and a keyboard must reach it to scroll it
          tabIndex={0}
        >
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Audit trail, newest first</caption>
            <thead className="text-left text-xs uppercase text-slate-600 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  Who
                </th>
                <th scope="col" className="py-2 pr-3">
                  Action
                </th>
                <th scope="col" className="py-2">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                  <td className="py-2 pr-3 break-all">{entry.actor}</td>
                  <td className="py-2 pr-3">{timelineTitle(entry.action)}</td>
                  <td className="py-2 break-all">{describeDetails(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Card>
  );
}
