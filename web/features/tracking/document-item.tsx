// One submitted document on the tracking page: its status, the rejection reason, and for a
// rejected document nothing has replaced yet the uploader for its replacement. The row's id is
// the anchor a "document needs replacing" mail links to.

import { findAnySection, findSection } from '../../../schema/sections.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { ReplacementUploader } from '../replacement/replacement-uploader.tsx';
import { documentStatusView } from '../statuses/status-labels.ts';
import { awaitsReplacement, documentAnchor } from './replacement-summary.ts';

type TrackedDocument = TrackingResponse['documents'][number];

export function DocumentItem({
  doc,
  token,
  practiceType,
}: {
  doc: TrackedDocument;
  token: string;
  practiceType: TrackingResponse['submission']['practiceType'];
}) {
  const view = documentStatusView[doc.status];
  const section = findSection(practiceType, doc.sectionKey) ?? findAnySection(doc.sectionKey);
  const replaced = Boolean(doc.supersededBy);
  return (
    <li
      id={documentAnchor(doc.id)}
      tabIndex={-1}
      className={`scroll-mt-20 rounded-md border border-slate-200 p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-slate-700 ${replaced ? 'opacity-75' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="min-w-0 font-medium break-all">{doc.fileName}</span>
        <span className="flex flex-wrap gap-1.5">
          {doc.replacesDocumentId && <Badge tone="outline">Replacement</Badge>}
          {replaced ? (
            <Badge tone="secondary">Replaced</Badge>
          ) : (
            <Badge tone={view.tone}>{view.label}</Badge>
          )}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        Uploaded <time dateTime={isoDateTime(doc.uploadedAt)}>{formatDate(doc.uploadedAt)}</time>
      </p>
      {doc.replacesDocumentId && doc.status === 'uploaded' && (
        <p className="mt-2 text-sm font-medium">Waiting for review.</p>
      )}
      {doc.status === 'rejected' && (
        <p
          className={`mt-2 text-sm font-medium ${replaced ? 'text-slate-700 dark:text-slate-300' : 'text-red-700 dark:text-red-400'}`}
        >
          {doc.rejectionReason || 'Please re-upload (rejected).'}
        </p>
      )}
      {replaced && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          You sent a new document for this one.
        </p>
      )}
      {doc.goodUntil && !replaced && doc.status !== 'rejected' && (
        <p
          className={`mt-2 text-sm ${doc.renewalAsked ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-slate-700 dark:text-slate-300'}`}
        >
          Valid until{' '}
          <time dateTime={doc.goodUntil}>{formatDate(`${doc.goodUntil}T12:00:00Z`)}</time>
          {doc.renewalAsked ? '. Please send a new one so your registrations stay valid.' : '.'}
        </p>
      )}
      {awaitsReplacement(doc) &&
        (section ? (
          <ReplacementUploader
            token={token}
            documentId={doc.id}
            fileName={doc.fileName}
            section={section}
          />
        ) : (
          <p className="mt-2 text-sm">Please contact support to send a new document.</p>
        ))}
    </li>
  );
}
