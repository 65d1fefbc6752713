import { describe, expect, it } from 'vitest';
import { isWellFormedTrackingToken, newTrackingToken } from './tracking-tokens.ts';

describe('tracking tokens', () => {
  it('are 192 random bits, URL-safe and distinct', () => {
    const tokens = Array.from({ length: 2000 }, newTrackingToken);
    expect(new Set(tokens).size).toBe(2000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(encodeURIComponent(token)).toBe(token);
      expect(isWellFormedTrackingToken(token)).toBe(true);
    }
    // Every character position varies: the bytes are not padded or fixed.
    for (let i = 0; i < 32; i++)
      expect(new Set(tokens.map((tk) => tk[i])).size).toBeGreaterThan(20);
  });

  it('recognises malformed tokens', () => {
    for (const value of [
      '',
      'short',
      'a'.repeat(65),
      'has space in it 1234567890',
      'a/b'.repeat(10),
    ]) {
      expect(isWellFormedTrackingToken(value)).toBe(false);
    }
  });
});
