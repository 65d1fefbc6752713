// The practice's part, as the manager gave it (decision 126): read-only here, filed once for
// every practitioner of the practice. Its documents are shown by name only.
import type { InvitationView } from '../../../schema/practice-api.ts';
import { Card, CardTitle } from '../../ui/card.tsx';

export function PracticePart({ practice }: { practice: InvitationView['practice'] }) {
  return (
    <Card aria-labelledby="join-practice-title">
      <CardTitle id="join-practice-title">Your practice's part</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Filled in by your practice manager for every practitioner. To change it, ask them.
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2 [&_dd]:font-medium [&_dd]:max-sm:mb-2 [&_dt]:text-slate-600 dark:[&_dt]:text-slate-300">
        <dt>Practice</dt>
        <dd className="break-words">{practice.name}</dd>
        <dt>Practice type</dt>
        <dd>{practice.practiceType === 'established' ? 'Established Practice' : 'New Practice'}</dd>
        {practice.practiceNumber && (
          <>
            <dt>Practice Number (PCNS)</dt>
            <dd>{practice.practiceNumber}</dd>
          </>
        )}
        <dt>Address</dt>
        <dd className="break-words whitespace-pre-line">{practice.address}</dd>
      </dl>
      <h3 className="mt-4 text-base font-semibold">The practice's documents</h3>
      {practice.documents.length === 0 ? (
        <p className="mt-1 text-sm">None yet.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label="The practice's documents">
          {practice.documents.map((doc) => (
            <li key={`${doc.sectionKey}-${doc.fileName}`} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{doc.sectionLabel}:</span>
              <span className="break-all">{doc.fileName}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
