// The review page lists a practitioner's replacement where staff act on it, with the rejected
// document it superseded beside it (kept for the record) instead of as a row of its own.
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';

type StaffDocument = StaffSubmissionDetail['documents'][number];

export type DocumentEntry = { doc: StaffDocument; replaces?: StaffDocument };

export function pairReplacements(documents: readonly StaffDocument[]): DocumentEntry[] {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const shownWithReplacement = new Set<string>();
  for (const d of documents) {
    if (d.replacesDocumentId && byId.has(d.replacesDocumentId))
      shownWithReplacement.add(d.replacesDocumentId);
  }
  return documents
    .filter((d) => !shownWithReplacement.has(d.id))
    .map((doc) => {
      const replaces = doc.replacesDocumentId ? byId.get(doc.replacesDocumentId) : undefined;
      return replaces ? { doc, replaces } : { doc };
    });
}
