// The history of the validity rules and reminder days (issue 38): who changed what, when, from
// what to what, on whose word, and how many documents were re-dated.
import type { StaffValidityView } from '../../../schema/document-validity-api.ts';
import { ChangesCard } from '../../ui/changes-card.tsx';
import { describeValidityChange } from './validity-change-words.ts';

export function ValidityChanges({ view }: { view: StaffValidityView }) {
  return (
    <ChangesCard
      id="validity-changes-title"
      empty="No changes yet: the rules are as they were seeded."
      changes={view.changes.map((change) => ({
        ...change,
        ...describeValidityChange(change, view.rules),
      }))}
    />
  );
}
