// The security log for staff (worker/services/security-log/security-log.ts): every link issued, every sign-in
// and account change, every CLI action, newest first, page by page; exported whole as CSV or
// JSON. Entries outlive the submissions they name, so an id may lead nowhere any more.
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { SecurityLogEntry } from '../../../schema/security-log-api.ts';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { Card } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { actionLabel, actorLabel, detailsLabel } from './security-log-entry.ts';
import { loadSecurityLogPage, securityLogExportUrl } from './security-log-load.ts';

const route = getRouteApi('/dashboard/_staff/security-log');

function EntryRow({ entry }: { entry: SecurityLogEntry }) {
  const details = detailsLabel(entry);
  return (
    <li className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-4">
      <time dateTime={isoDateTime(entry.createdAt)} className="text-slate-600 dark:text-slate-300">
        {formatDateTime(entry.createdAt)}
      </time>
      <div>
        <p className="font-medium">{actionLabel(entry.action)}</p>
        <p className="break-words text-slate-600 dark:text-slate-300">{actorLabel(entry)}</p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-slate-600 dark:text-slate-300">
        <dt>{entry.entityType.replace(/_/g, ' ')}</dt>
        <dd className="font-mono text-xs leading-5 break-all">{entry.entityId}</dd>
        {entry.submissionId && entry.submissionId !== entry.entityId ? (
          <>
            <dt>submission</dt>
            <dd className="font-mono text-xs leading-5 break-all">{entry.submissionId}</dd>
          </>
        ) : null}
        {details ? (
          <>
            <dt>details</dt>
            <dd className="break-words">{details}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

export function SecurityLogPage() {
  const first = route.useLoaderData();
  const [older, setOlder] = useState<SecurityLogEntry[]>([]);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [loading, setLoading] = useState(false);
  const entries = [...first.entries, ...older];

  async function showOlder() {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await loadSecurityLogPage(cursor);
      setOlder((shown) => [...shown, ...page.entries]);
      setCursor(page.nextCursor);
    } catch (error) {
      toast({
        title: 'Could not load older entries',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold">Security log</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Every document link issued, every sign-in and account change, and every command-line
            action, newest first. Entries cannot be changed or removed and stay after a submission
            is deleted; they hold ids, never personal details.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={securityLogExportUrl('csv')} download className={buttonClass('secondary')}>
            Export CSV
          </a>
          <a href={securityLogExportUrl('json')} download className={buttonClass('secondary')}>
            Export JSON
          </a>
        </div>
      </div>
      <Card padded={false}>
        {entries.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-300">No entries yet.</p>
        ) : (
          <ol
            aria-label="Security log entries"
            className="divide-y divide-slate-200 dark:divide-slate-700"
          >
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </Card>
      {cursor ? (
        <Button variant="secondary" isDisabled={loading} onPress={() => void showOlder()}>
          {loading ? 'Loading…' : 'Show older entries'}
        </Button>
      ) : null}
    </div>
  );
}
