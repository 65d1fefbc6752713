import { describe, expect, it } from 'vitest';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { newJoinDraft } from './join-draft.ts';
import { buildJoinPayload, ownDocuments, ownSections } from './join-payload.ts';

const consent = { timestamp: '2026-11-29T05:00:00.000Z', termsVersion: 'v1', userAgent: 'test' };

function filled() {
  const draft = newJoinDraft('invitation-secret', 'ayesha@example.co.za');
  return {
    ...draft,
    practitioner: {
      ...draft.practitioner,
      firstName: 'Ayesha',
      lastName: 'Patel',
      phone: '082 123 4567',
      specialization: 'General Practice',
    },
    hpcsaNumber: 'MP0654321',
    consent,
  };
}

const file = (over: Partial<QueuedFile>): QueuedFile => ({
  id: 'f1',
  sectionKey: 'certified_id',
  name: 'id.pdf',
  type: 'application/pdf',
  size: 1000,
  originalSize: 1000,
  addedAt: '2026-11-29T05:00:00.000Z',
  stage: 'done',
  bytesSent: 1000,
  url: 'https://files.example/uploads/a',
  uploadedAt: '2026-11-29T05:00:01.000Z',
  ...over,
});

describe("a practitioner's own part", () => {
  it('has only their own sections, never the practice documents', () => {
    const keys = ownSections('established').map((s) => s.key);
    expect(keys).toContain('certified_id');
    expect(keys).not.toContain('bank_proof');
    expect(keys).not.toContain('bhf_form');
  });

  it('sends their uploaded files of their sections with the date a rule asks', () => {
    const draft = { ...filled(), documentDates: { certified_id: '2026-01-31' } };
    const { documents, fileIds } = ownDocuments(draft, ownSections('established'), [
      file({}),
      file({ id: 'f2', sectionKey: 'bank_proof' }),
      file({ id: 'f3', stage: 'uploading', url: undefined }),
    ]);
    expect(fileIds).toEqual(['f1']);
    expect(documents[0]).toMatchObject({ sectionKey: 'certified_id', validityDate: '2026-01-31' });
  });

  it("keeps the practice's schemes but those unticked", () => {
    const draft = { ...filled(), unticked: ['bestmed'] };
    const built = buildJoinPayload(draft, ['discovery', 'bestmed'], 'established', []);
    expect(built.ok && built.payload.selectedSchemes).toEqual(['discovery']);
  });

  it('refuses to untick every scheme, and asks for the consent and HPCSA number', () => {
    const none = buildJoinPayload({ ...filled(), unticked: ['a'] }, ['a'], 'established', []);
    expect(none.ok).toBe(false);
    expect(!none.ok && none.errors.selectedSchemes).toBe('Keep at least one scheme');
    const bare = buildJoinPayload(
      { ...filled(), consent: null, hpcsaNumber: '' },
      ['a'],
      'established',
      [],
    );
    expect(!bare.ok && Object.keys(bare.errors).sort()).toEqual(['hpcsaNumber', 'popiaConsent']);
  });

  it('leaves the HPCSA number out for a new practice', () => {
    const built = buildJoinPayload({ ...filled(), hpcsaNumber: '' }, ['a'], 'new', []);
    expect(built.ok && built.payload.hpcsaNumber).toBeUndefined();
  });
});
