// The history of the validity rules and reminder days (issue 38): who changed what, when, from
// what to what, on whose word, and how many documents were re-dated.
import type { StaffValidityView } from '../../../schema/document-validity-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { describeValidityChange } from './validity-change-words.ts';

export function ValidityChanges({ view }: { view: StaffValidityView }) {
  return (
    <Card aria-labelledby="validity-changes-title">
      <CardTitle id="validity-changes-title">Changes</CardTitle>
      {view.changes.length === 0 ? (
        <p className="mt-2 text-sm">No changes yet: the rules are as they were seeded.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {view.changes.map((change) => {
            const words = describeValidityChange(change, view.rules);
            return (
              <li key={change.id} className="py-2">
                <p>{words.what}</p>
                {words.source && (
                  <p className="break-all text-slate-600 dark:text-slate-300">
                    Source:{' '}
                    <a href={words.source} target="_blank" rel="noreferrer" className="underline">
                      {words.source}
                    </a>
                  </p>
                )}
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {change.actor}, {formatDateTime(change.createdAt)}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
