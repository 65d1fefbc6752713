import { describe, expect, it } from 'vitest';
import type { StaffCatalogueScheme } from '../../../schema/catalogue-api.ts';
import { changeFor, describeChange, formOf } from './scheme-changes.ts';

const horizon: StaffCatalogueScheme = {
  key: 'horizon_medical_scheme',
  label: 'Horizon Medical Scheme',
  administratorKey: 'medscheme',
  selfAdministered: false,
  notes: 'Restricted scheme.',
  sources: ['https://horizon.medscheme.com/contact'],
  requiresHardCopy: true,
  hardCopyNote: 'Unverified.',
  administratorSince: null,
  administratorUnconfirmed: false,
  active: true,
  inactiveSince: null,
  inactiveNote: null,
  successor: null,
  postingChecklist: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const administrators = [
  { key: 'medscheme', label: 'Medscheme', selfAdministered: false, sources: [] },
  { key: 'pps', label: 'PPS Healthcare Administrators', selfAdministered: false, sources: [] },
];

describe('a scheme change', () => {
  it('sends nothing when nothing changed', () => {
    expect(changeFor(horizon, formOf(horizon))).toEqual({});
  });
  it('sends the posting checklist from its lines, and none once it is emptied', () => {
    const form = {
      ...formOf(horizon),
      signByHand: ' Registration form \n\n',
      certifiedCopies: 'SA ID\nBank letter',
      certifiedWithinMonths: '3',
      postTo: ' PO Box 1, Cape Town ',
    };
    const checklist = {
      signByHand: ['Registration form'],
      certifiedCopies: ['SA ID', 'Bank letter'],
      certifiedWithinMonths: 3,
      postTo: 'PO Box 1, Cape Town',
    };
    expect(changeFor(horizon, form)).toEqual({ postingChecklist: checklist });
    const kept = { ...horizon, postingChecklist: checklist };
    expect(changeFor(kept, formOf(kept))).toEqual({});
    const emptied = {
      ...formOf(kept),
      signByHand: '',
      certifiedCopies: '',
      certifiedWithinMonths: '',
      postTo: '',
    };
    expect(changeFor(kept, emptied)).toEqual({ postingChecklist: null });
  });
  it('sends a move with its date, an inactive mark with its note, a flag with its source', () => {
    const form = {
      ...formOf(horizon),
      administratorKey: 'pps',
      administratorSince: ' 2026-03-01 ',
      requiresHardCopy: false,
      hardCopyNote: 'PPS provider pages: uploads only.',
      active: false,
      inactiveSince: '2026-10',
      inactiveNote: 'Closed.',
      sources: 'https://horizon.medscheme.com/contact\n\n https://example.org/a \n',
    };
    expect(changeFor(horizon, form)).toEqual({
      administratorKey: 'pps',
      administratorSince: '2026-03-01',
      requiresHardCopy: false,
      hardCopyNote: 'PPS provider pages: uploads only.',
      active: false,
      inactiveSince: '2026-10',
      inactiveNote: 'Closed.',
      successor: null,
      sources: ['https://horizon.medscheme.com/contact', 'https://example.org/a'],
    });
  });
});

describe('the catalogue audit in words', () => {
  it('names the scheme, the administrator and what changed', () => {
    const entry = {
      id: '1',
      actor: 'staff@bureau.co.za',
      action: 'catalogue_scheme_changed',
      entityId: 'horizon_medical_scheme',
      createdAt: '2026-11-23T10:00:00.000Z',
      details: {
        scheme: 'Horizon Medical Scheme',
        changes: {
          administratorKey: { from: 'medscheme', to: 'pps' },
          administratorSince: { from: null, to: '2026-03-01' },
          position: { from: 5, to: 5 },
        },
      },
    };
    expect(describeChange(entry, administrators)).toBe(
      'Horizon Medical Scheme: moved to PPS Healthcare Administrators; administered since 1 March 2026',
    );
    expect(
      describeChange({ ...entry, action: 'catalogue_reviewed', details: null }, administrators),
    ).toBe('Scheme list marked as reviewed');
  });
});
