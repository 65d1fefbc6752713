// The catalogue's audit: every change staff made, newest first, in words.
import type { StaffCatalogue } from '../../../schema/catalogue-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { describeChange } from './scheme-changes.ts';

export function CatalogueChanges({ catalogue }: { catalogue: StaffCatalogue }) {
  return (
    <Card aria-labelledby="catalogue-changes-title">
      <CardTitle id="catalogue-changes-title">Changes</CardTitle>
      {catalogue.changes.length === 0 ? (
        <p className="mt-2 text-sm">No changes yet: the list is as it was seeded.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {catalogue.changes.map((change) => (
            <li key={change.id} className="py-2">
              <p>{describeChange(change, catalogue.administrators)}</p>
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
