import { describe, expect, it } from 'vitest';
import { currentPage, neighbours, pagesFor } from './wizard-pages.ts';

describe('wizard pages', () => {
  it('counts 8 pages for an established practice and 7 for a new one', () => {
    expect(pagesFor('established')).toHaveLength(8);
    expect(pagesFor('new')).toHaveLength(7);
    expect(pagesFor(null)).toEqual(['practice-type']);
  });

  it('falls back to the practice type page for a step this practice type does not have', () => {
    expect(currentPage('practice-details', 'established')).toBe('practice-details');
    expect(currentPage('practice-details', 'new')).toBe('practice-type');
    expect(currentPage('documents', null)).toBe('practice-type');
    expect(currentPage(undefined, 'new')).toBe('practice-type');
    expect(currentPage('nonsense', 'new')).toBe('practice-type');
  });

  it('knows the page before and after', () => {
    expect(neighbours('contact', 'established')).toEqual({
      previous: 'practice-type',
      next: 'practice-details',
    });
    expect(neighbours('contact', 'new')).toEqual({ previous: 'practice-type', next: 'schemes' });
    expect(neighbours('check-answers', 'new')).toEqual({ previous: 'notes-consent' });
  });
});
