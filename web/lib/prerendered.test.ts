import { describe, expect, it } from 'vitest';
import { mayHydrate, NOT_FOUND_MARK, prerenderedMatches } from './prerendered.ts';

const state = (pathname: string, searchStr = '', notFound = false) => ({
  location: { pathname, searchStr },
  matches: [{ status: 'success', _notFound: notFound }],
});

describe('whether the sent HTML is the page to hydrate', () => {
  it('is for the same path without a query', () => {
    expect(prerenderedMatches('/track', state('/track'))).toBe(true);
    expect(prerenderedMatches('/track', state('/track', '?token=abc'))).toBe(false);
    expect(prerenderedMatches('/', state('/legal'))).toBe(false);
    expect(prerenderedMatches(undefined, state('/'))).toBe(false);
  });
  it('the 404 page is for any path no route matches', () => {
    expect(prerenderedMatches(NOT_FOUND_MARK, state('/no/such', '', true))).toBe(true);
    expect(prerenderedMatches(NOT_FOUND_MARK, state('/legal'))).toBe(false);
    expect(prerenderedMatches('/no/such', state('/no/such', '', true))).toBe(false);
  });
  it('addresses with a query are rendered afresh at once; the pages without one hydrate', () => {
    expect(mayHydrate('/track/lookup', '/track/lookup', '')).toBe(true);
    expect(mayHydrate('/track', '/track', '?token=abc')).toBe(false);
    expect(mayHydrate('/', '/dashboard', '')).toBe(false);
    expect(mayHydrate('/legal', '/legal', '')).toBe(true);
    expect(mayHydrate(NOT_FOUND_MARK, '/no/such', '')).toBe(true);
  });
});
