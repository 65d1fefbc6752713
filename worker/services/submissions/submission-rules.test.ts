// The rules as a client sees them in a 400: code, message and the fields named. The API tests
// (routes/submissions-validation.test.ts) cover the common refusals; these pin the rest.
import { describe, expect, it } from 'vitest';
import { seedAsCatalogue } from '../../../schema/catalogue-seed.ts';
import type { SubmitRequest } from '../../../schema/submission-api.ts';
import { TERMS_VERSION } from '../../../schema/terms-version.ts';
import { ApiError } from '../../http.ts';
import { checkConsent, checkSchemes, checkSections } from './submission-rules.ts';

function application(
  practiceType: 'established' | 'new',
  sectionKeys: string[],
  consent?: SubmitRequest['consent'],
): SubmitRequest {
  const submission =
    practiceType === 'established'
      ? {
          practiceType,
          practiceNumber: '1234567',
          hpcsaNumber: 'MP0123456',
          selectedParents: ['bestmed'],
          selectedSchemes: ['bestmed'],
          contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
        }
      : {
          practiceType,
          selectedParents: ['medihelp'],
          selectedSchemes: ['medihelp'],
          interestedInContracts: false,
        };
  return {
    practitioner: {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'thandi@example.co.za',
      phone: '082 123 4567',
      specialization: 'General Practice',
    },
    submission,
    documents: sectionKeys.map((sectionKey, i) => ({
      name: `${sectionKey}-${i}.pdf`,
      size: 100,
      url: `uploads/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      sectionKey,
      sectionLabel: sectionKey,
    })),
    popiaConsent: true,
    ...(consent ? { consent } : {}),
  } as SubmitRequest;
}

const ESTABLISHED_REQUIRED = ['bhf_form', 'certified_id', 'bank_proof'];
const NEW_REQUIRED = [
  'certified_id',
  'proof_of_address',
  'hpcsa_certificate',
  'practice_number',
  'indemnity_cover',
  'bank_proof',
];

function refusal(check: () => unknown) {
  try {
    check();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, code: error.code, message: error.message, fields: error.fields };
  }
  throw new Error('expected a refusal');
}

describe('the terms consented to', () => {
  it('may be absent or the current version', () => {
    expect(() => checkConsent(application('established', []))).not.toThrow();
    const current = { timestamp: '2026-01-01T00:00:00Z', termsVersion: TERMS_VERSION };
    expect(() => checkConsent(application('established', [], current))).not.toThrow();
  });

  it('names the consent field when they are out of date', () => {
    const old = { timestamp: '2026-01-01T00:00:00Z', termsVersion: '0.9.0' };
    expect(refusal(() => checkConsent(application('established', [], old)))).toMatchObject({
      status: 400,
      code: 'terms_outdated',
      fields: { 'consent.termsVersion': `The current terms version is ${TERMS_VERSION}` },
    });
  });
});

describe('the scheme selection', () => {
  it('lists each selected scheme once, with its label and hard-copy need', () => {
    const selection = {
      ...application('established', []).submission,
      selectedParents: ['bestmed', 'discovery', 'bestmed'],
      selectedSchemes: ['bestmed', 'discovery_health_medical_scheme', 'bestmed'],
    };
    expect(checkSchemes(seedAsCatalogue(), selection)).toEqual([
      { key: 'bestmed', label: 'Bestmed', requiresHardCopy: true },
      {
        key: 'discovery_health_medical_scheme',
        label: 'Discovery Health Medical Scheme',
        requiresHardCopy: false,
      },
    ]);
  });

  it('refuses a scheme staff marked inactive like an unknown one', () => {
    const selection = {
      ...application('established', []).submission,
      selectedParents: ['resolution'],
      selectedSchemes: ['resolution'],
    };
    expect(refusal(() => checkSchemes(seedAsCatalogue(), selection)).code).toBe(
      'invalid_scheme_selection',
    );
  });

  it('names an unknown administrator and an unknown scheme together', () => {
    const selection = {
      ...application('established', []).submission,
      selectedParents: ['bestmed', 'nosuch'],
      selectedSchemes: ['bestmed', 'nosuch'],
    };
    expect(refusal(() => checkSchemes(seedAsCatalogue(), selection)).fields).toEqual({
      'submission.selectedParents': 'Unknown medical aid administrator',
      'submission.selectedSchemes': 'Unknown medical aid scheme',
    });
  });

  it('explains an inconsistent selection on the schemes field', () => {
    const selection = {
      ...application('established', []).submission,
      selectedParents: ['bestmed', 'discovery'],
      selectedSchemes: ['bestmed'],
    };
    expect(refusal(() => checkSchemes(seedAsCatalogue(), selection))).toMatchObject({
      status: 400,
      code: 'invalid_scheme_selection',
      fields: {
        'submission.selectedSchemes':
          'Every scheme must belong to a selected administrator, and every selected administrator needs at least one scheme',
      },
    });
  });
});

describe('the document sections', () => {
  it("gives each document its practice type's section", () => {
    const sections = checkSections(application('new', NEW_REQUIRED));
    expect(sections.map((s) => s.key)).toEqual(NEW_REQUIRED);
    expect(sections[1]!.label).toBe('Proof of Address');
  });

  it('names a section of the other practice type for a new practice', () => {
    const refused = refusal(() => checkSections(application('new', [...NEW_REQUIRED, 'bhf_form'])));
    expect(refused).toMatchObject({ status: 400, code: 'invalid_document' });
    expect(refused.fields).toEqual({
      'documents.6': 'This document section is not part of a new practice application',
    });
  });

  it('answers missing_documents when one section lacks files and another has too many', () => {
    const documents = ['bhf_form', ...Array.from({ length: 11 }, () => 'bank_proof')];
    const refused = refusal(() => checkSections(application('established', documents)));
    expect(refused).toMatchObject({
      code: 'missing_documents',
      message: 'Please complete all required document uploads before submitting',
    });
    expect(refused.fields).toEqual({
      'sections.certified_id': 'Upload at least 1 file for Certified ID Copy',
      'sections.bank_proof': 'At most 10 files can be uploaded for Proof of Banking Details',
    });
  });

  it('takes up to 50 files for an application pack', () => {
    const pack = (n: number) => [
      ...ESTABLISHED_REQUIRED,
      ...Array.from({ length: n }, () => 'discovery_pack'),
    ];
    expect(checkSections(application('established', pack(50)))).toHaveLength(53);
    expect(refusal(() => checkSections(application('established', pack(51))))).toMatchObject({
      code: 'too_many_documents',
      message: 'Some sections have too many files.',
      fields: {
        'sections.discovery_pack':
          'At most 50 files can be uploaded for Discovery Health Application Pack',
      },
    });
  });
});
