// One medical aid scheme's status, as the tracking page and the status lookup (its sibling
// under /track) both show it.
import type { SchemeStatus } from '../../../schema/submission-api.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { schemeStatusView } from '../statuses/status-labels.ts';

export function SchemeStatusItem({
  name,
  status,
  lastUpdated,
  requiresHardCopy,
  notes,
  providerNumber,
}: {
  name: string;
  status: SchemeStatus;
  /** Left out where the answer carries no date (the privacy-limited lookup). */
  lastUpdated?: string;
  requiresHardCopy: boolean;
  notes: string | null;
  /** The scheme's provider number once approved; the lookup never passes it. */
  providerNumber?: string | null;
}) {
  const view = schemeStatusView[status];
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-medium">{name}</h3>
        <Badge tone={view.tone}>{view.label}</Badge>
      </div>
      {lastUpdated && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Last update <time dateTime={isoDateTime(lastUpdated)}>{formatDate(lastUpdated)}</time>
        </p>
      )}
      {requiresHardCopy && (
        <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300">
          <AlertIcon className="shrink-0" />
          Certified hard copy required
        </p>
      )}
      {providerNumber && (
        <p className="mt-2 text-sm">
          Provider number <span className="font-mono font-medium">{providerNumber}</span>
        </p>
      )}
      {notes && <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{notes}</p>}
    </li>
  );
}
