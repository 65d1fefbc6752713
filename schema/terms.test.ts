import { describe, expect, it } from 'vitest';
import { terms } from './terms.ts';
import { TERMS_VERSION } from './terms-version.ts';

const sectionIds = [
  'purpose',
  'accuracy',
  'medical-aid-registration',
  'document-requirements',
  'popia-compliance',
  'confidentiality',
  'liability',
  'fees-payment',
  'contract-management',
  'amendments',
  'governing-law',
  'acceptance',
];

const allText = [
  terms.title,
  ...terms.introduction,
  ...terms.sections.flatMap((s) => [s.title, ...s.paragraphs]),
  ...terms.closing,
  terms.printFooter,
].join('\n');

const sectionText = (id: string) =>
  terms.sections.find((s) => s.id === id)?.paragraphs.join('\n') ?? '';

describe('terms document', () => {
  it('has the version, date and title from the spec', () => {
    expect(TERMS_VERSION).toBe('1.0.0');
    expect(terms.version).toBe(TERMS_VERSION);
    expect(terms.lastUpdated).toBe('2025-01-19');
    expect(terms.title).toBe('Terms & Conditions and POPIA Consent');
  });

  it('has the twelve sections in order, each with a title and non-empty paragraphs', () => {
    expect(terms.sections.map((s) => s.id)).toEqual(sectionIds);
    for (const s of terms.sections) {
      expect(s.title.trim(), s.id).not.toBe('');
      expect(s.paragraphs.length, s.id).toBeGreaterThanOrEqual(1);
      for (const p of s.paragraphs) expect(p.trim(), s.id).not.toBe('');
    }
  });

  it('has an introduction, a closing and a print footer', () => {
    expect(terms.introduction.length).toBeGreaterThanOrEqual(1);
    expect(terms.closing.length).toBeGreaterThanOrEqual(1);
    for (const p of [...terms.introduction, ...terms.closing]) expect(p.trim()).not.toBe('');
    expect(terms.printFooter).toContain(TERMS_VERSION);
  });

  it('contains the required content points', () => {
    expect(allText).toContain('7 years');
    expect(allText).toContain('non-refundable');
    expect(allText).toContain('commissioner of oaths');
    expect(allText).toContain('Information Regulator');
    expect(allText).toContain('Protection of Personal Information Act 4 of 2013');
    expect(allText).toContain('the Bureau');
  });

  it('puts each content point in its section', () => {
    expect(sectionText('accuracy')).toMatch(/accurate, complete/);
    expect(sectionText('document-requirements')).toMatch(/certified hard copies/);
    expect(sectionText('document-requirements')).toContain('commissioner of oaths');
    expect(sectionText('popia-compliance')).toContain('relationship with the Bureau plus 7 years');
    expect(sectionText('popia-compliance')).toMatch(/access/);
    expect(sectionText('popia-compliance')).toMatch(/correction/);
    expect(sectionText('popia-compliance')).toMatch(/deletion/);
    expect(sectionText('popia-compliance')).toMatch(/object/);
    expect(sectionText('popia-compliance')).toContain('Information Regulator');
    expect(sectionText('fees-payment')).toContain('non-refundable once processing has begun');
    expect(sectionText('fees-payment')).toContain('Payment is required before final submission');
    expect(sectionText('liability')).toContain(
      'cannot guarantee scheme approvals, timeframes or reimbursement',
    );
    expect(sectionText('liability')).toMatch(/decisions made by medical schemes/);
    expect(sectionText('liability')).toMatch(/errors, omissions/);
    expect(sectionText('liability')).toMatch(/outages/);
    expect(sectionText('governing-law')).toContain('Republic of South Africa');
    expect(sectionText('acceptance')).toContain(
      'The POPIA consent checkbox must be ticked to submit an application',
    );
  });
});
