// The catalogue's audit: every change staff made, newest first, in words.
import type { StaffCatalogue } from '../../../schema/catalogue-api.ts';
import { ChangesCard } from '../../ui/changes-card.tsx';
import { describeChange } from './scheme-changes.ts';

export function CatalogueChanges({ catalogue }: { catalogue: StaffCatalogue }) {
  return (
    <ChangesCard
      id="catalogue-changes-title"
      empty="No changes yet: the list is as it was seeded."
      changes={catalogue.changes.map((change) => ({
        id: change.id,
        what: describeChange(change, catalogue.administrators),
        actor: change.actor,
        createdAt: change.createdAt,
      }))}
    />
  );
}
