// The rejected document a replacement took the place of, shown under the replacement on the
// review page: its name, why it was rejected, and View/Download still there for comparison.
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { DocumentFileButtons } from './document-file-buttons.tsx';
import { submissionDocumentLink } from './document-files.ts';

export function SupersededDocument({ doc }: { doc: StaffSubmissionDetail['documents'][number] }) {
  return (
    <section
      aria-label={`Replaced document ${doc.fileName}`}
      className="mt-3 rounded-md border border-dashed border-slate-300 p-3 dark:border-slate-600"
    >
      <p className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">Replaces</p>
      <p className="mt-1 text-sm font-medium break-all">{doc.fileName}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Rejected, uploaded {formatDateTime(doc.uploadedAt)}
      </p>
      {doc.rejectionReason && (
        <p className="mt-1 text-sm text-red-800 dark:text-red-300">Reason: {doc.rejectionReason}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <DocumentFileButtons file={doc} link={() => submissionDocumentLink(doc.id)} />
      </div>
    </section>
  );
}
