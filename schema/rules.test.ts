import { describe, expect, it } from 'vitest';
import { findAdministrator } from './catalogue.ts';
import { seedAsCatalogue } from './catalogue-seed.ts';
import {
  canSubmitSections,
  deriveSectionStatus,
  type SchemeSelection,
  sectionBlockers,
  selectionProblems,
  timelineState,
  timelineTitle,
  toggleAdministrator,
  toggleScheme,
  withinCatalogue,
} from './rules.ts';

describe('section status (docs/product.md#states)', () => {
  it('derives the status from the files', () => {
    expect(deriveSectionStatus([], 1)).toBe('empty');
    expect(deriveSectionStatus([{ status: 'completed' }, { status: 'uploading' }], 1)).toBe(
      'uploading',
    );
    expect(deriveSectionStatus([{ status: 'error' }, { status: 'processing' }], 1)).toBe('error');
    expect(deriveSectionStatus([{ status: 'processing' }], 1)).toBe('processing');
    expect(deriveSectionStatus([{ status: 'completed' }], 1)).toBe('completed');
    expect(deriveSectionStatus([{ status: 'completed' }], 2)).toBe('processing');
  });
  it('blocks submission on required incomplete and on rejected sections', () => {
    const ok = { key: 'a', label: 'A', required: true, status: 'completed' as const };
    const optionalEmpty = { key: 'b', label: 'B', required: false, status: 'empty' as const };
    const rejected = { key: 'c', label: 'C', required: false, status: 'rejected' as const };
    expect(canSubmitSections([])).toBe(false);
    expect(canSubmitSections([ok, optionalEmpty])).toBe(true);
    expect(canSubmitSections([ok, { ...ok, key: 'd', status: 'processing' }])).toBe(false);
    expect(sectionBlockers([ok, rejected])).toEqual([
      { ...rejected, reason: 'Please re-upload (rejected).' },
    ]);
  });
});

describe('scheme selection (docs/product.md#states)', () => {
  const empty: SchemeSelection = { selectedParents: [], selectedSchemes: [] };
  const catalogue = seedAsCatalogue();
  const discovery = findAdministrator(catalogue, 'discovery')!;
  const children = discovery.administered.map((s) => s.key);

  it('selecting an administrator selects all its schemes; deselecting removes them', () => {
    const all = toggleAdministrator(catalogue, empty, 'discovery');
    expect(all).toEqual({ selectedParents: ['discovery'], selectedSchemes: children });
    expect(toggleAdministrator(catalogue, all, 'discovery')).toEqual(empty);
  });
  it('ticking a child adds its administrator; unticking the last child removes it', () => {
    const one = toggleScheme(catalogue, empty, 'discovery', children[0]!);
    expect(one).toEqual({ selectedParents: ['discovery'], selectedSchemes: [children[0]] });
    expect(toggleScheme(catalogue, one, 'discovery', children[0]!)).toEqual(empty);
  });
  it('administrators without children toggle alone, as their own scheme', () => {
    const medihelp = toggleAdministrator(catalogue, empty, 'medihelp');
    expect(medihelp).toEqual({ selectedParents: ['medihelp'], selectedSchemes: ['medihelp'] });
    expect(selectionProblems(catalogue, medihelp)).toEqual([]);
    expect(toggleScheme(catalogue, medihelp, 'medihelp', 'medihelp')).toEqual(empty);
  });
  it('drops schemes the catalogue no longer offers, and an administrator left with none', () => {
    const kept = {
      selectedParents: ['discovery', 'resolution'],
      selectedSchemes: [children[0]!, 'resolution'],
    };
    expect(withinCatalogue(catalogue, kept)).toEqual({
      selectedParents: ['discovery'],
      selectedSchemes: [children[0]],
    });
    expect(
      withinCatalogue(catalogue, { selectedParents: ['medscheme'], selectedSchemes: ['hosmed'] }),
    ).toEqual(empty);
  });
  it('reports inconsistent selections', () => {
    expect(
      selectionProblems(catalogue, { selectedParents: ['nope'], selectedSchemes: [] }),
    ).toHaveLength(1);
    expect(
      selectionProblems(catalogue, { selectedParents: [], selectedSchemes: [children[0]!] }),
    ).toHaveLength(1);
    expect(
      selectionProblems(catalogue, { selectedParents: ['discovery'], selectedSchemes: [] }),
    ).toHaveLength(1);
  });
});

describe('timeline (docs/product.md#states)', () => {
  it('derives state and title from the event type', () => {
    expect(timelineState('review_completed')).toBe('completed');
    expect(timelineState('scheme_approved')).toBe('completed');
    expect(timelineState('documents_pending')).toBe('pending');
    expect(timelineState('submission_received')).toBe('in_progress');
    expect(timelineTitle('submission_received')).toBe('Submission Received');
  });
});
