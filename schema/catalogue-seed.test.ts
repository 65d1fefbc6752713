import { describe, expect, it } from 'vitest';
import {
  allSchemes,
  findAdministrator,
  findScheme,
  formatCatalogueDate,
  PARTIAL_DATE,
  registrationFormSchemes,
} from './catalogue.ts';
import { catalogueSeed, seedAsCatalogue, selfFacts } from './catalogue-seed.ts';

// The product's 15 administrators stay the seed's structure; decision 072 records how the
// scheme counts depart from the product's original ones (12, 12, 1, 5, 5, 1, 2, then 8 × 0).
const expectedCounts: [string, number][] = [
  ['discovery', 13], // + Libcare (Quantum kept, inactive)
  ['medscheme', 12], // − Bonitas (moved), + GEMS (moved in, unconfirmed)
  ['momentum', 1],
  ['momentum_other', 5], // + Bonitas, − GEMS
  ['pps', 5],
  ['universal', 2], // + Old Mutual Staff Medical Aid Fund
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

const snakeCase = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
const seedScheme = (key: string) => {
  for (const a of catalogueSeed) {
    if (a.administered.length === 0 && a.key === key) return { ...selfFacts(a), administrator: a };
    const s = a.administered.find((x) => x.key === key);
    if (s) return { ...s, administrator: a };
  }
  throw new Error(`no scheme ${key}`);
};

describe('catalogue seed', () => {
  it('keeps the 15 administrators in the product order, with the corrected scheme counts', () => {
    expect(catalogueSeed.map((a) => a.key)).toEqual(expectedCounts.map(([k]) => k));
    for (const [key, count] of expectedCounts) {
      expect(catalogueSeed.find((a) => a.key === key)?.administered, key).toHaveLength(count);
    }
  });

  it('has unique snake_case scheme keys that never clash with another administrator key', () => {
    const adminKeys = new Set(catalogueSeed.map((a) => a.key));
    const childKeys = catalogueSeed.flatMap((a) => a.administered.map((s) => s.key));
    expect(new Set(childKeys).size).toBe(childKeys.length);
    for (const key of childKeys) {
      expect(key).toMatch(snakeCase);
      expect(adminKeys.has(key), key).toBe(false);
    }
  });

  it('gives every administrator an https source and every scheme a hard-copy note', () => {
    for (const a of catalogueSeed) {
      expect(a.sources.length, a.key).toBeGreaterThanOrEqual(1);
      for (const url of [...a.sources, ...a.administered.flatMap((s) => s.sources ?? [])]) {
        expect(url.startsWith('https://'), url).toBe(true);
        expect(() => new URL(url)).not.toThrow();
      }
      const facts = a.administered.length > 0 ? a.administered : [selfFacts(a)];
      for (const s of facts) {
        expect(s.hardCopyNote.trim(), a.key).not.toBe('');
        if (s.inactive) expect(s.inactive.since).toMatch(PARTIAL_DATE);
        if (s.administratorSince) expect(s.administratorSince).toMatch(PARTIAL_DATE);
      }
    }
  });

  it('says "unverified" wherever a hard-copy flag has no source', () => {
    for (const a of catalogueSeed) {
      for (const s of a.administered.length > 0 ? a.administered : [selfFacts(a)]) {
        if (!s.hardCopyNote.includes('https://'))
          expect(s.hardCopyNote, a.key).toMatch(/^Unverified/);
      }
    }
    expect(seedScheme('medihelp')).toMatchObject({ requiresHardCopy: true });
    expect(seedScheme('medihelp').hardCopyNote).toContain('https://www.medihelp.co.za');
  });

  it('records the move of Bonitas to Momentum Health Solutions from 1 June 2026', () => {
    const bonitas = seedScheme('bonitas');
    expect(bonitas.administrator.key).toBe('momentum_other');
    expect(bonitas.administratorSince).toBe('2026-06-01');
    expect(bonitas.notes).toContain('Momentum Health Solutions since 1 June 2026');
  });

  it('keeps merged and closed schemes, inactive, with a date, a note and the successor', () => {
    const expected: [string, string, string][] = [
      ['quantum_medical_aid_society', '2021-04', 'Discovery Health Medical Scheme'],
      ['hosmed', '2021', 'Sizwe Hosmed Medical Scheme'],
      ['sizwe_medical_fund', '2021', 'Sizwe Hosmed Medical Scheme'],
      ['nedgroup_medical_aid_scheme', '2022-01', 'Bonitas Medical Fund'],
      ['resolution', '2023-02', 'Health Squared Medical Scheme (liquidated)'],
    ];
    for (const [key, since, successor] of expected) {
      expect(seedScheme(key).inactive, key).toMatchObject({ since, successor });
    }
  });

  it('marks doubtful administrators unconfirmed, with a note saying why', () => {
    const gems = seedScheme('gems');
    expect(gems.administrator.key).toBe('medscheme');
    expect(gems).toMatchObject({ administratorUnconfirmed: true });
    expect(gems.notes).toContain('2026 administrator is unconfirmed');
    expect(seedScheme('imperial_motus').notes).toContain('appears to be administered by Momentum');
    expect(seedScheme('engen').notes).toContain('appears to be administered by Discovery');
    expect(seedScheme('impala_medical_plan').notes).toContain('2013 article');
  });

  it('adds Libcare (Discovery) and the Old Mutual Staff Medical Aid Fund (Universal)', () => {
    expect(seedScheme('libcare_medical_scheme').administrator.key).toBe('discovery');
    expect(seedScheme('old_mutual_staff_medical_aid_fund').administrator.key).toBe('universal');
  });
});

describe('the seed as the wizard sees it (active schemes only)', () => {
  const live = seedAsCatalogue();

  it('leaves inactive schemes and an inactive self-administered scheme out', () => {
    expect(live.map((a) => a.key)).not.toContain('resolution');
    expect(live).toHaveLength(14);
    for (const key of ['quantum_medical_aid_society', 'hosmed', 'nedgroup_medical_aid_scheme']) {
      expect(findScheme(live, key), key).toBeUndefined();
    }
    expect(findAdministrator(live, 'discovery')?.administered).toHaveLength(12);
    expect(allSchemes(live)).toHaveLength(36 + 7);
  });

  it('treats a self-administered administrator key as its scheme key', () => {
    expect(findScheme(live, 'medihelp')?.scheme).toEqual({
      key: 'medihelp',
      label: 'Medihelp',
      requiresHardCopy: true,
    });
    expect(findScheme(live, 'discovery')).toBeUndefined();
    expect(findScheme(live, 'nope')).toBeUndefined();
  });

  it('offers a registration form card for every parent scheme and every scheme it administers', () => {
    const cards = registrationFormSchemes(live);
    expect(cards).toHaveLength(14 + 36);
    expect(new Set(cards.map((c) => c.key)).size).toBe(cards.length);
    expect(cards.filter((c) => c.key === 'engen')).toHaveLength(1);
  });
});

describe('catalogue dates', () => {
  it('takes a year, a month or a day, and shows them in words', () => {
    for (const ok of ['2021', '2022-01', '2026-06-01']) expect(ok).toMatch(PARTIAL_DATE);
    for (const bad of ['21', '2022-13', '2026-06-32', '1 June 2026']) {
      expect(bad).not.toMatch(PARTIAL_DATE);
    }
    expect(formatCatalogueDate('2026-06-01')).toBe('1 June 2026');
    expect(formatCatalogueDate('2022-01')).toBe('January 2022');
    expect(formatCatalogueDate('2021')).toBe('2021');
  });
});
