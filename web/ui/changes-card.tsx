// A staff page's history of changes, newest first as given: each in words, with its source where
// it has one, who made it and when. The catalogue and the validity rules keep theirs this way.
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/dates.ts';
import { Card, CardTitle } from './card.tsx';

export type ChangeEntry = {
  id: string;
  what: ReactNode;
  /** The published page a change rests on, if any. */
  source?: string | null | undefined;
  actor: string;
  createdAt: string;
};

export function ChangesCard({
  id,
  empty,
  changes,
}: {
  /** The title's id, unique on the page. */
  id: string;
  /** Said when there are no changes yet. */
  empty: string;
  changes: readonly ChangeEntry[];
}) {
  return (
    <Card aria-labelledby={id}>
      <CardTitle id={id}>Changes</CardTitle>
      {changes.length === 0 ? (
        <p className="mt-2 text-sm">{empty}</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {changes.map((change) => (
            <li key={change.id} className="py-2">
              <p>{change.what}</p>
              {change.source && (
                <p className="break-all text-slate-600 dark:text-slate-300">
                  Source:{' '}
                  <a href={change.source} target="_blank" rel="noreferrer" className="underline">
                    {change.source}
                  </a>
                </p>
              )}
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {change.actor}, {formatDateTime(change.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
