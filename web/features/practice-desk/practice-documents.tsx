// The practice's shared documents on its page (decision 131): each original with View and
// Download through a fresh signed staff link, as the review page opens a submission's. Each
// practitioner's submission holds its own copy to review, marked on its review page.
import type { StaffPracticeDetail } from '../../../schema/practice-admin-api.ts';
import { DocumentFileButtons } from '../dashboard/document-file-buttons.tsx';
import { practiceDocumentLink } from './practice-desk-api.ts';

const note = 'text-sm text-slate-600 dark:text-slate-300';

export function PracticeDocuments({
  documents,
}: {
  documents: StaffPracticeDetail['practice']['documents'];
}) {
  return (
    <>
      <h3 className="mt-4 font-semibold">Shared documents</h3>
      {documents.length === 0 ? (
        <p className={note}>None.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-700">
          {documents.map((d) => (
            <li
              key={d.id}
              aria-label={d.fileName}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0">
                <p className="font-medium break-all">{d.fileName}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">{d.sectionLabel}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <DocumentFileButtons file={d} link={() => practiceDocumentLink(d.id)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={`${note} mt-2`}>
        Each practitioner's submission holds its own copy of these to review, marked 'From the
        practice' on its page.
      </p>
    </>
  );
}
