// What the tracking page says about documents to replace: the banner's words (one wording, kept
// the same everywhere) and which documents still wait for a replacement.
import type { TrackingResponse } from '../../../schema/tracking-api.ts';

type TrackedDocument = TrackingResponse['documents'][number];

/** "Action needed: 1 document to replace" / "Action needed: 2 documents to replace". */
export function actionNeededText(count: number): string {
  return `Action needed: ${count} ${count === 1 ? 'document' : 'documents'} to replace`;
}

/** "Action needed: 1 document to renew": documents near or past their last good day (issue 38). */
export function renewalNeededText(count: number): string {
  return `Action needed: ${count} ${count === 1 ? 'document' : 'documents'} to renew`;
}

/** A rejected document, or one we asked to renew (issue 38), nothing has replaced yet. */
export function awaitsReplacement(doc: TrackedDocument): boolean {
  return (doc.status === 'rejected' || doc.renewalAsked === true) && !doc.supersededBy;
}

/** The id a document's row carries, which a mail's link (`#document-<id>`) scrolls to. */
export function documentAnchor(documentId: string): string {
  return `document-${documentId}`;
}

/** The document a `#document-<id>` address points at, if any. */
export function anchoredDocumentId(hash: string): string | undefined {
  const match = /^#?document-(.+)$/.exec(hash);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
