import { describe, expect, it } from 'vitest';
import { documentName } from '../../lib/uploads/application-outbox.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { type Draft, emptyDraft } from './draft.ts';
import { buildPayload, documentsFor, fieldError } from './submission-payload.ts';

const draft: Draft = {
  ...emptyDraft,
  practiceType: 'established',
  practitioner: {
    firstName: 'Thandi',
    lastName: 'Mokoena',
    idNumber: '',
    email: 'thandi@example.co.za',
    phone: '082 123 4567',
    specialization: 'General Practice',
  },
  practiceNumber: '1234567',
  hpcsaNumber: 'MP0123456',
  selectedParents: ['medihelp'],
  selectedSchemes: ['medihelp'],
  consent: { timestamp: '2025-01-19T08:00:00.000Z', termsVersion: '1.0.0', userAgent: 'test' },
};

const file = (id: string, sectionKey: string, stage: QueuedFile['stage']): QueuedFile => ({
  id,
  sectionKey,
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 321,
  originalSize: 321,
  addedAt: '2025-01-19T08:00:00.000Z',
  stage,
  bytesSent: 0,
  url: `http://127.0.0.1/api/storage/${id}`,
  uploadedAt: '2025-01-19T08:01:00.000Z',
});

describe('submission payload', () => {
  it('sends only uploaded files of the chosen practice type, with their sections', () => {
    const { documents, fileIds } = documentsFor(draft, [
      file('a', 'certified_id', 'done'),
      file('b', 'proof_of_address', 'done'),
      file('c', 'bank_proof', 'uploading'),
      file('d', 'bhf_form', 'done'),
    ]);
    expect(fileIds).toEqual(['d', 'a']);
    expect(documents[1]).toEqual({
      name: 'a.pdf',
      size: 321,
      type: 'application/pdf',
      url: 'http://127.0.0.1/api/storage/a',
      uploadedAt: '2025-01-19T08:01:00.000Z',
      sectionKey: 'certified_id',
      sectionLabel: 'Certified ID Copy',
    });
  });

  it('sends the date the section rule needs when it is a real date, and none otherwise', () => {
    const dated = {
      ...draft,
      documentDates: { bank_proof: '2026-01-05', certified_id: '2026-02-3' },
    };
    const { documents } = documentsFor(dated, [
      file('a', 'certified_id', 'done'),
      file('b', 'bank_proof', 'done'),
    ]);
    expect(documents.find((d) => d.sectionKey === 'bank_proof')?.validityDate).toBe('2026-01-05');
    expect(documents.find((d) => d.sectionKey === 'certified_id')).not.toHaveProperty(
      'validityDate',
    );
  });

  it('leaves out a replacement of a rejected document, which shares the queue', () => {
    const replacement = {
      ...file('r', 'certified_id', 'done'),
      replacement: { token: 'TOKEN', documentId: 'doc-1' },
    };
    const { fileIds } = documentsFor(draft, [file('a', 'certified_id', 'done'), replacement]);
    expect(fileIds).toEqual(['a']);
  });

  it('builds the payload of the product rules and leaves out an empty ID number', () => {
    const result = buildPayload(draft, []);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload.practitioner.idNumber).toBeUndefined();
    expect(result.payload.popiaConsent).toBe(true);
    expect(result.payload.submission).toMatchObject({
      practiceType: 'established',
      practiceNumber: '1234567',
      contractPreferences: { keep: false, review: false, cancel: false, learnMore: false },
    });
  });

  it('reports invalid fields by their API path', () => {
    const result = buildPayload(
      {
        ...draft,
        practitioner: { ...draft.practitioner, idNumber: '8001015009088', email: 'nope' },
        practiceNumber: '12345',
      },
      [],
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'practitioner.idNumber':
          'This ID number does not add up (check digit); check it for a typing mistake',
        'practitioner.email': 'Enter a valid email address',
        'submission.practiceNumber': 'The PCNS practice number is 7 digits',
      },
    });
  });

  it('checks one field at a time for inline messages', () => {
    expect(fieldError('practitioner.idNumber', draft)).toBeUndefined();
    expect(
      fieldError('practitioner.idNumber', {
        ...draft,
        practitioner: { ...draft.practitioner, idNumber: '8001015009087' },
      }),
    ).toBeUndefined();
    expect(
      fieldError('practitioner.phone', {
        ...draft,
        practitioner: { ...draft.practitioner, phone: '123' },
      }),
    ).toBe('Enter a South African phone number, e.g. 082 123 4567');
    expect(fieldError('submission.hpcsaNumber', { ...draft, hpcsaNumber: '' })).toBe(
      'Enter your HPCSA registration number, e.g. MP0123456',
    );
  });

  it('shortens an overlong file name, keeping its extension, and names a blank one', () => {
    const long = `${'a'.repeat(300)}.pdf`;
    expect(documentName(long)).toHaveLength(255);
    expect(documentName(long).endsWith('.pdf')).toBe(true);
    expect(documentName('  ')).toBe('document');
    expect(documentName(' scan.jpg ')).toBe('scan.jpg');
  });
});
