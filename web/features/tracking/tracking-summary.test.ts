import { describe, expect, it } from 'vitest';
import {
  chronological,
  documentsBySection,
  hardCopySchemes,
  schemeProgress,
  timelineIcon,
} from './tracking-summary.ts';

describe('schemeProgress', () => {
  it('counts approved, pending and remaining schemes', () => {
    expect(
      schemeProgress([
        { status: 'approved' },
        { status: 'pending' },
        { status: 'pending' },
        { status: 'not_started' },
        { status: 'rejected' },
      ]),
    ).toEqual({ total: 5, approved: 1, pending: 2, remaining: 2, percent: 20 });
  });

  it('rounds the percentage and handles no schemes', () => {
    expect(
      schemeProgress([{ status: 'approved' }, { status: 'pending' }, { status: 'pending' }]),
    ).toMatchObject({ percent: 33 });
    expect(schemeProgress([])).toEqual({
      total: 0,
      approved: 0,
      pending: 0,
      remaining: 0,
      percent: 0,
    });
    expect(schemeProgress([{ status: 'approved' }]).percent).toBe(100);
  });
});

describe('timeline', () => {
  it('derives the icon from the event type', () => {
    expect(timelineIcon('submission_completed')).toBe('completed');
    expect(timelineIcon('scheme_approved')).toBe('completed');
    expect(timelineIcon('review_pending')).toBe('pending');
    expect(timelineIcon('submission_received')).toBe('in_progress');
    expect(timelineIcon('document_rejected')).toBe('issue');
  });

  it('orders events oldest first', () => {
    const events = [
      { id: 'b', createdAt: '2025-01-20T10:00:00Z' },
      { id: 'a', createdAt: '2025-01-19T10:00:00Z' },
    ];
    expect(chronological(events).map((e) => e.id)).toEqual(['a', 'b']);
    expect(events[0]?.id).toBe('b');
  });
});

describe('hardCopySchemes', () => {
  it('lists the schemes that need certified hard copies', () => {
    expect(
      hardCopySchemes([
        { medicalAidName: 'GEMS', requiresHardCopy: true },
        { medicalAidName: 'Discovery Health Medical Scheme', requiresHardCopy: false },
        { medicalAidName: 'Bestmed', requiresHardCopy: true },
      ]),
    ).toEqual(['GEMS', 'Bestmed']);
  });
});

describe('documentsBySection', () => {
  it('groups documents by section in upload order', () => {
    const groups = documentsBySection([
      { id: '2', documentType: 'Bank proof', uploadedAt: '2025-01-19T10:02:00Z' },
      { id: '1', documentType: 'Certified ID', uploadedAt: '2025-01-19T10:01:00Z' },
      { id: '3', documentType: 'Certified ID', uploadedAt: '2025-01-19T10:03:00Z' },
    ]);
    expect(groups.map((g) => [g.section, g.documents.map((d) => d.id)])).toEqual([
      ['Certified ID', ['1', '3']],
      ['Bank proof', ['2']],
    ]);
  });
});
