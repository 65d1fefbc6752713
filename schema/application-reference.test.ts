import { describe, expect, it } from 'vitest';
import {
  newApplicationReference,
  normalizeApplicationReference,
  REFERENCE_ALPHABET,
} from './application-reference.ts';

describe('application reference', () => {
  it('is 8 Crockford characters shown as XXXX-XXXX', () => {
    for (let i = 0; i < 200; i++) {
      const reference = newApplicationReference();
      expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    }
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) for (const ch of newApplicationReference()) seen.add(ch);
    seen.delete('-');
    expect(seen.size).toBe(32);
  });

  it('reads what a person types: any case, hyphen missing or extra, I/L as 1, O as 0', () => {
    expect(normalizeApplicationReference('7K3M-Q9TX')).toBe('7K3M-Q9TX');
    expect(normalizeApplicationReference('7k3m-q9tx')).toBe('7K3M-Q9TX');
    expect(normalizeApplicationReference('7k3mq9tx')).toBe('7K3M-Q9TX');
    expect(normalizeApplicationReference(' 7K-3M--Q9 TX ')).toBe('7K3M-Q9TX');
    expect(normalizeApplicationReference('AILO-ilo0')).toBe('A110-1100');
  });

  it('refuses what cannot be a reference', () => {
    expect(normalizeApplicationReference('')).toBeNull();
    expect(normalizeApplicationReference('7K3M-Q9T')).toBeNull();
    expect(normalizeApplicationReference('7K3M-Q9TXY')).toBeNull();
    expect(normalizeApplicationReference('7K3M-Q9TU')).toBeNull();
    expect(normalizeApplicationReference('Dr Smith')).toBeNull();
  });
});
