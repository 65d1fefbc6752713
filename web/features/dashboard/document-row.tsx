// One submitted document under review: its facts and badge, view and download, approve and
// reject (the reason is asked in a dialog); a replacement shows the document it replaces.

import { findAnySection } from '../../../schema/sections.ts';
import { documentReview } from '../../../schema/staff-endpoints.ts';
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import { request } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { CheckIcon, CloseIcon } from '../../ui/icons.tsx';
import { documentStatusView } from '../statuses/status-labels.ts';
import { DocumentFileButtons } from './document-file-buttons.tsx';
import { submissionDocumentLink } from './document-files.ts';
import { DocumentValidityDate } from './document-validity-date.tsx';
import { formatMegabytes } from './presentation.ts';
import { SupersededDocument } from './superseded-document.tsx';
import { useReviewAction } from './use-review-action.ts';

export type StaffDocument = StaffSubmissionDetail['documents'][number];

function sectionOf(doc: StaffDocument): string {
  return doc.sectionLabel || findAnySection(doc.sectionKey)?.label || doc.documentType;
}

export function DocumentRow({
  doc,
  replaces,
  fromPractice = false,
  onReject,
}: {
  doc: StaffDocument;
  /** The rejected document this one replaces, shown beside it. */
  replaces?: StaffDocument;
  /** Its copy of a document the practice manager gave once for every practitioner. */
  fromPractice?: boolean;
  onReject: (doc: StaffDocument) => void;
}) {
  const { busy, run } = useReviewAction();
  const badge = documentStatusView[doc.status];
  const approve = () =>
    run(() => request(documentReview, { params: { id: doc.id }, body: { status: 'approved' } }), {
      title: 'Document approved',
      description: `${doc.fileName} is marked approved.`,
    });

  return (
    <li aria-label={doc.fileName} className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-all">{doc.fileName}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {sectionOf(doc)} · {formatMegabytes(doc.fileSize)} · uploaded{' '}
            {formatDateTime(doc.uploadedAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {fromPractice && <Badge tone="secondary">From the practice</Badge>}
          {doc.replacesDocumentId && <Badge tone="outline">Replacement</Badge>}
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
      </div>
      {doc.status === 'rejected' && doc.rejectionReason && (
        <p className="mt-2 text-sm text-red-800 dark:text-red-300">Reason: {doc.rejectionReason}</p>
      )}
      {!doc.supersededBy && <DocumentValidityDate doc={doc} />}
      <div className="mt-2 flex flex-wrap gap-2">
        <DocumentFileButtons file={doc} link={() => submissionDocumentLink(doc.id)} />
        <Button
          className="px-3"
          aria-label={`Approve ${doc.fileName}`}
          isDisabled={doc.status === 'approved' || busy}
          onPress={() => void approve()}
        >
          <CheckIcon />
          Approve
        </Button>
        <Button
          variant="outline-destructive"
          className="px-3"
          aria-label={`Reject ${doc.fileName}`}
          isDisabled={busy}
          onPress={() => onReject(doc)}
        >
          <CloseIcon />
          Reject
        </Button>
      </div>
      {replaces && <SupersededDocument doc={replaces} />}
    </li>
  );
}
