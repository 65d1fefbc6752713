import { describe, expect, it } from 'vitest';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { emptyPracticeDraft, type PracticeDraft } from './practice-draft.ts';
import { practiceProblems } from './practice-problems.ts';
import { refusalProblems } from './refusal-problems.ts';

const filled: PracticeDraft = {
  ...emptyPracticeDraft,
  practiceType: 'established',
  name: 'Sea Point Family Practice',
  practiceNumber: '1234567',
  address: '12 Main Road, Sea Point',
  contactPhone: '021 555 0100',
  contactEmail: 'reception@seapoint.example.co.za',
  managerName: 'Lindiwe Mokoena',
  managerEmail: 'lindiwe@seapoint.example.co.za',
  selectedSchemes: ['medihelp'],
  invitees: [{ name: 'Dr Sipho Dlamini', email: 'sipho@seapoint.example.co.za' }],
};

const file = (sectionKey: string): QueuedFile => ({
  id: sectionKey,
  sectionKey,
  practice: true,
  name: `${sectionKey}.pdf`,
  type: 'application/pdf',
  size: 10,
  originalSize: 10,
  addedAt: '2026-11-29T04:00:00.000Z',
  stage: 'done',
  bytesSent: 10,
});

describe('the manager wizard problems', () => {
  it('asks for the practice type before anything else on the details page', () => {
    const problems = practiceProblems(emptyPracticeDraft, []);
    expect(problems.filter((p) => p.step === 'details')).toEqual([
      { step: 'details', target: 'practice-type-established', message: 'Choose the practice type' },
    ]);
  });

  it("uses the API's own messages for the details, and only the practice's sections", () => {
    const problems = practiceProblems({ ...filled, practiceNumber: '12', name: ' ' }, []);
    expect(problems.map((p) => p.message)).toEqual([
      'Practice name is required',
      'The PCNS practice number is 7 digits',
      'Upload at least 1 file for BHF Practice Details Form',
      'Upload at least 1 file for Proof of Banking Details',
    ]);
  });

  it('finds nothing wrong with a complete practice', () => {
    expect(practiceProblems(filled, [file('bhf_form'), file('bank_proof')])).toEqual([]);
  });

  it('checks each practitioner to invite, and the same address twice', () => {
    const invitees = [
      { name: 'Dr A', email: 'a@example.co.za' },
      { name: '', email: 'A@example.co.za' },
    ];
    const problems = practiceProblems({ ...filled, invitees }, [
      file('bhf_form'),
      file('bank_proof'),
    ]);
    expect(problems).toEqual([
      {
        step: 'practitioners',
        target: 'invitee-1-name',
        message: 'Practitioner 2: Name is required',
      },
      {
        step: 'practitioners',
        target: 'invitee-1-email',
        message: 'Practitioner 2: this e-mail address is already in the list',
      },
    ]);
    expect(practiceProblems({ ...filled, invitees: [] }, [])).toContainEqual({
      step: 'practitioners',
      target: 'add-invitee',
      message: 'Add at least one practitioner to invite',
    });
  });

  it("puts a refusal's fields on the page where each is fixed", () => {
    expect(
      refusalProblems({
        managerEmail: 'Enter a valid e-mail address',
        'sections.bank_proof': 'Upload at least 1 file for Proof of Banking Details',
        'submission.selectedSchemes': 'Unknown medical aid scheme',
      }).map((p) => [p.step, p.target]),
    ).toEqual([
      ['details', 'practice-managerEmail'],
      ['documents', 'section-bank_proof'],
      ['schemes', 'practice-scheme-search'],
    ]);
  });
});
