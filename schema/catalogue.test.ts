import { describe, expect, it } from 'vitest';
import {
  administratorOfScheme,
  allSchemes,
  catalogue,
  findAdministrator,
  findScheme,
  registrationFormSchemes,
} from './catalogue.ts';

const expectedCounts: [string, number][] = [
  ['discovery', 12],
  ['medscheme', 12],
  ['momentum', 1],
  ['momentum_other', 5],
  ['pps', 5],
  ['universal', 1],
  ['3sixty', 2],
  ['medihelp', 0],
  ['bestmed', 0],
  ['camaf', 0],
  ['resolution', 0],
  ['genesis', 0],
  ['umvuzo', 0],
  ['imperial_motus', 0],
  ['engen', 0],
];

const selfAdministered = expectedCounts.filter(([, n]) => n === 0).map(([k]) => k);
const snakeCase = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

describe('scheme catalogue', () => {
  it('has the 15 administrators in the specified order', () => {
    expect(catalogue).toHaveLength(15);
    expect(catalogue.map((a) => a.key)).toEqual(expectedCounts.map(([k]) => k));
  });

  it('has exactly the specified number of schemes per administrator', () => {
    for (const [key, count] of expectedCounts) {
      expect(findAdministrator(key)?.administered, key).toHaveLength(count);
    }
  });

  it('gives self-administered schemes no children', () => {
    expect(selfAdministered).toHaveLength(8);
    for (const key of selfAdministered) {
      expect(findAdministrator(key)?.administered).toEqual([]);
    }
  });

  it('has unique snake_case scheme keys that never clash with another administrator key', () => {
    const adminKeys = new Set(catalogue.map((a) => a.key));
    const childKeys = catalogue.flatMap((a) => a.administered.map((s) => s.key));
    expect(new Set(childKeys).size).toBe(childKeys.length);
    for (const key of childKeys) {
      expect(key).toMatch(snakeCase);
      expect(adminKeys.has(key), key).toBe(false);
    }
    const all = allSchemes().map((s) => s.key);
    expect(new Set(all).size).toBe(all.length);
  });

  it('has unique administrator keys, non-empty labels and boolean hard-copy flags', () => {
    expect(new Set(catalogue.map((a) => a.key)).size).toBe(catalogue.length);
    for (const a of catalogue) {
      expect(a.key).toMatch(/^[a-z0-9_]+$/);
      expect(a.label.trim()).not.toBe('');
      expect(typeof a.requiresHardCopy).toBe('boolean');
      for (const s of a.administered) {
        expect(s.label.trim()).not.toBe('');
        expect(typeof s.requiresHardCopy).toBe('boolean');
        if (s.notes !== undefined) expect(s.notes.trim()).not.toBe('');
      }
    }
  });

  it('gives every administrator at least one https source URL', () => {
    for (const a of catalogue) {
      expect(a.sources.length, a.key).toBeGreaterThanOrEqual(1);
      for (const url of a.sources) {
        expect(url.startsWith('https://'), url).toBe(true);
        expect(() => new URL(url)).not.toThrow();
      }
    }
  });

  it('finds an administered scheme together with its administrator', () => {
    const found = findScheme('bonitas');
    expect(found?.administrator.key).toBe('medscheme');
    expect(found?.scheme.label).toBe('Bonitas Medical Fund');
    expect(findScheme('discovery_health_medical_scheme')?.administrator.key).toBe('discovery');
    expect(administratorOfScheme('polmed')?.key).toBe('medscheme');
  });

  it('treats a self-administered administrator key as its scheme key', () => {
    const found = findScheme('medihelp');
    expect(found?.administrator.key).toBe('medihelp');
    expect(found?.scheme).toEqual({ key: 'medihelp', label: 'Medihelp', requiresHardCopy: false });
    expect(findScheme('bestmed')?.scheme.requiresHardCopy).toBe(true);
    expect(administratorOfScheme('engen')?.key).toBe('engen');
  });

  it('does not treat an administrator with children as a scheme, nor unknown keys', () => {
    expect(findScheme('discovery')).toBeUndefined();
    expect(findScheme('medscheme')).toBeUndefined();
    expect(findScheme('nope')).toBeUndefined();
    expect(administratorOfScheme('nope')).toBeUndefined();
    expect(findAdministrator('nope')).toBeUndefined();
  });

  it('lists all 38 administered schemes plus the 8 self-administered ones in catalogue order', () => {
    const all = allSchemes();
    expect(all).toHaveLength(38 + 8);
    expect(all[0]).toEqual({
      key: 'discovery_health_medical_scheme',
      label: 'Discovery Health Medical Scheme',
      administratorKey: 'discovery',
      requiresHardCopy: false,
    });
    expect(all.at(-1)).toEqual({
      key: 'engen',
      label: 'Engen Medical Benefit Fund',
      administratorKey: 'engen',
      requiresHardCopy: false,
    });
    const order = all.map((s) => s.administratorKey);
    const firstIndex = catalogue.map((a) => order.indexOf(a.key));
    expect(firstIndex).toEqual([...firstIndex].sort((x, y) => x - y));
    for (const s of all) {
      expect(findScheme(s.key)?.administrator.key).toBe(s.administratorKey);
      expect(findScheme(s.key)?.scheme.requiresHardCopy).toBe(s.requiresHardCopy);
    }
  });

  it('offers a registration form card for every parent scheme and every scheme it administers', () => {
    const cards = registrationFormSchemes();
    expect(cards).toHaveLength(15 + 38);
    expect(new Set(cards.map((c) => c.key)).size).toBe(cards.length);
    expect(cards.slice(0, 2).map((c) => c.key)).toEqual([
      'discovery',
      'discovery_health_medical_scheme',
    ]);
    for (const key of ['medscheme', 'momentum', 'momentum_other', 'pps', 'universal', '3sixty']) {
      expect(cards.some((c) => c.key === key)).toBe(true);
    }
    expect(cards.filter((c) => c.key === 'engen')).toHaveLength(1);
  });
});
