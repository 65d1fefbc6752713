import { describe, expect, it } from 'vitest';
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import { pairReplacements } from './replacement-pairs.ts';

type StaffDocument = StaffSubmissionDetail['documents'][number];

const doc = (id: string, changes: Partial<StaffDocument> = {}): StaffDocument => ({
  id,
  fileName: `${id}.pdf`,
  documentType: 'Certified ID Copy',
  sectionKey: 'certified_id',
  uploadedAt: '2025-01-19T08:00:00.000Z',
  status: 'uploaded',
  rejectionReason: null,
  replacesDocumentId: null,
  supersededBy: null,
  sectionLabel: 'Certified ID Copy',
  fileSize: 1000,
  fileType: 'application/pdf',
  reviewedAt: null,
  validityDate: null,
  goodUntil: null,
  downloadUrl: '/download',
  ...changes,
});

describe('replacements on the review page', () => {
  it('shows the superseded document beside its replacement, not on its own', () => {
    const old = doc('old', { status: 'rejected', rejectionReason: 'Blurry', supersededBy: 'new' });
    const entries = pairReplacements([doc('bank'), old, doc('new', { replacesDocumentId: 'old' })]);
    expect(entries.map((e) => [e.doc.id, e.replaces?.id])).toEqual([
      ['bank', undefined],
      ['new', 'old'],
    ]);
  });

  it('keeps a rejected document with no replacement as a row of its own', () => {
    const entries = pairReplacements([doc('old', { status: 'rejected' })]);
    expect(entries).toEqual([{ doc: expect.objectContaining({ id: 'old' }) }]);
  });
});
