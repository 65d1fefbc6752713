import { describe, expect, it } from 'vitest';
import { filterFromValue, filterValue, pageRange, parseListSearch } from './list-search.ts';

describe('parseListSearch', () => {
  it('keeps a trimmed search and a known status', () => {
    expect(parseListSearch({ q: ' smith ', status: 'under_review' })).toEqual({
      q: 'smith',
      status: 'under_review',
    });
  });
  it('drops unknown statuses, empty searches and other types', () => {
    expect(parseListSearch({ q: '  ', status: 'deleted' })).toEqual({});
    expect(parseListSearch({ q: 42, status: ['pending'] })).toEqual({});
  });
  it('caps the search at the API limit of 100 characters', () => {
    expect(parseListSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });
});

it('describes the page shown', () => {
  expect(pageRange(0, 25, 60)).toBe('1–25 of 60');
  expect(pageRange(50, 10, 60)).toBe('51–60 of 60');
  expect(pageRange(0, 0, 0)).toBe('0 of 0');
});

it("keeps the 'needs review' filter in the address and in the status select", () => {
  expect(parseListSearch({ review: 'needed' })).toEqual({ review: 'needed' });
  expect(parseListSearch({ review: 'yes' })).toEqual({});
  expect(filterFromValue(filterValue({ review: 'needed' }))).toEqual({ review: 'needed' });
  expect(filterFromValue('approved')).toEqual({ status: 'approved' });
  expect(filterFromValue('')).toEqual({});
});

it('keeps the practice filter in the address (decision 127)', () => {
  expect(parseListSearch({ practiceId: 'p-1', status: 'pending' })).toEqual({
    practiceId: 'p-1',
    status: 'pending',
  });
  expect(parseListSearch({ practiceId: '' })).toEqual({});
  expect(parseListSearch({ practiceId: 'x'.repeat(80) }).practiceId).toHaveLength(64);
});
