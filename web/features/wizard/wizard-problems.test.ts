import { describe, expect, it } from 'vitest';
import type { SectionProgress } from '../../../schema/rules.ts';
import { type Draft, emptyDraft } from './draft.ts';
import { alsoMissing, applicationProblems, pageProblems } from './wizard-problems.ts';

const consent = { timestamp: '2026-11-27T00:00:00.000Z', termsVersion: '1.0.0', userAgent: 'x' };
const filled: Draft = {
  ...emptyDraft,
  practiceType: 'new',
  practitioner: {
    firstName: 'Thandi',
    lastName: 'Mokoena',
    idNumber: '',
    email: 'thandi@example.co.za',
    phone: '082 123 4567',
    specialization: 'General Practitioner',
  },
  consent,
};
const noFile: SectionProgress = {
  key: 'id',
  label: 'Certified ID Copy',
  required: true,
  status: 'empty',
};

describe('wizard problems', () => {
  it('asks for the practice type first, and only that', () => {
    expect(applicationProblems(emptyDraft, []).map((p) => p.message)).toEqual([
      'Please select a practice type',
    ]);
  });

  it('lists the missing fields, the documents and the consent at once, in page order', () => {
    const draft = {
      ...filled,
      practitioner: { ...filled.practitioner, lastName: '' },
      consent: null,
    };
    const problems = applicationProblems(draft, [noFile]);
    expect(problems.map((p) => p.page)).toEqual(['contact', 'documents', 'notes-consent']);
    expect(problems[1]!.message).toBe('Certified ID Copy: No file yet');
    expect(alsoMissing(problems)).toBe('Also missing: last name, consent');
  });

  it('checks practice details only for an established practice', () => {
    expect(applicationProblems(filled, [])).toEqual([]);
    const established = applicationProblems({ ...filled, practiceType: 'established' }, []);
    expect(established.map((p) => p.page)).toEqual(['practice-details', 'practice-details']);
  });

  it('stops Continue on the schemes page without a scheme, but not Submit', () => {
    expect(pageProblems('schemes', filled, [])).toHaveLength(1);
    expect(pageProblems('contact', filled, [])).toEqual([]);
    expect(alsoMissing([])).toBeNull();
  });
});
