import { describe, expect, it } from 'vitest';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import {
  actionNeededText,
  anchoredDocumentId,
  awaitsReplacement,
  documentAnchor,
  renewalNeededText,
} from './replacement-summary.ts';

const doc = (
  status: TrackingResponse['documents'][number]['status'],
  supersededBy: string | null = null,
): TrackingResponse['documents'][number] => ({
  id: 'd1',
  fileName: 'id.pdf',
  documentType: 'Certified ID Copy',
  sectionKey: 'certified_id',
  uploadedAt: '2025-01-19T08:00:00.000Z',
  status,
  rejectionReason: status === 'rejected' ? 'Too blurry' : null,
  replacesDocumentId: null,
  supersededBy,
});

describe('documents to replace', () => {
  it('offers the replacement for a document we asked to renew, until it is replaced', () => {
    expect(awaitsReplacement({ ...doc('approved'), renewalAsked: true })).toBe(true);
    expect(awaitsReplacement({ ...doc('approved', 'd2'), renewalAsked: true })).toBe(false);
    expect(awaitsReplacement({ ...doc('approved'), renewalAsked: false })).toBe(false);
  });

  it('counts in the singular and the plural', () => {
    expect(actionNeededText(1)).toBe('Action needed: 1 document to replace');
    expect(actionNeededText(2)).toBe('Action needed: 2 documents to replace');
    // Documents asked to be renewed (issue 38) have their own line, beside it.
    expect(renewalNeededText(1)).toBe('Action needed: 1 document to renew');
    expect(renewalNeededText(3)).toBe('Action needed: 3 documents to renew');
  });

  it('wants a replacement only for a rejected document nothing replaced yet', () => {
    expect(awaitsReplacement(doc('rejected'))).toBe(true);
    expect(awaitsReplacement(doc('rejected', 'd2'))).toBe(false);
    expect(awaitsReplacement(doc('uploaded'))).toBe(false);
  });

  it("reads the document from the mail link's hash, and back", () => {
    expect(anchoredDocumentId(`#${documentAnchor('abc-123')}`)).toBe('abc-123');
    expect(anchoredDocumentId('#timeline')).toBeUndefined();
    expect(anchoredDocumentId('')).toBeUndefined();
  });
});
