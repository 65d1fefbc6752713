// The scheme catalogue staff keep (decision 072): seeded on first read, changed by staff with
// every change audited, read live by the wizard's list, the submission rules and the
// registration forms; existing submissions keep the names they were made with.
import { describe, expect, it } from 'vitest';
import {
  publicCatalogue,
  type StaffCatalogue,
  staffCatalogue,
} from '../../schema/catalogue-api.ts';
import { submitApplication } from '../testing/fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { created, track } from '../testing/submission-requests.ts';

const staff = staffSession();

async function read(path: string) {
  const res = await staff.request(path);
  expect(res.status).toBe(200);
  return res.json();
}
const wizardList = async () => publicCatalogue.parse(await read('/api/catalogue'));
const staffList = async () => staffCatalogue.parse(await read('/api/admin/catalogue'));
const change = (key: string, json: unknown) =>
  staff.request(`/api/admin/catalogue/schemes/${key}`, { method: 'PATCH', json });
const scheme = (list: StaffCatalogue, key: string) => list.schemes.find((s) => s.key === key)!;

describe('the scheme catalogue', () => {
  it('is seeded on first read, corrected, with notes, sources and when it was reviewed', async () => {
    const list = await staffList();
    expect(list.administrators).toHaveLength(15);
    expect(list.reviewedOn).toBe('2026-11-23');
    expect(scheme(list, 'bonitas')).toMatchObject({
      administratorKey: 'momentum_other',
      administratorSince: '2026-06-01',
      active: true,
    });
    expect(scheme(list, 'resolution')).toMatchObject({
      selfAdministered: true,
      active: false,
      inactiveSince: '2023-02',
      successor: 'Health Squared Medical Scheme (liquidated)',
    });
    expect(scheme(list, 'medihelp').requiresHardCopy).toBe(true);
    expect(scheme(list, 'bankmed').sources).toContain(
      'https://www.balancesa.co.za/portal/individual/how-bankmed-works',
    );

    const wizard = await wizardList();
    expect(wizard.reviewedOn).toBe('2026-11-23');
    expect(wizard.administrators.map((a) => a.key)).not.toContain('resolution');
    const medscheme = wizard.administrators.find((a) => a.key === 'medscheme')!;
    expect(medscheme.administered.map((s) => s.key)).not.toContain('hosmed');
  });

  it('is for staff only to read and change', async () => {
    expect((await staff.t.request('/api/admin/catalogue')).status).toBe(401);
    const res = await staff.t.request('/api/admin/catalogue/schemes/profmed', {
      method: 'PATCH',
      json: { label: 'Nope' },
    });
    expect(res.status).toBe(401);
  });

  it('takes a move, an inactive mark and a hard-copy flag; submissions keep their names', async () => {
    // A practitioner applies for Horizon and AECI (both Medscheme) before staff change anything.
    const before = await submitApplication(staff.t, {
      submission: {
        selectedParents: ['medscheme'],
        selectedSchemes: ['horizon_medical_scheme', 'aeci_medical_aid_society'],
      },
    });
    const token = (await created(before.response)).trackingToken;
    const namesOf = async (trackingToken: string) =>
      (await track(staff.t, trackingToken)).medicalAidStatuses
        .map((s) => [s.medicalAidName, s.requiresHardCopy])
        .sort();
    const tracked = () => namesOf(token);
    const original = await tracked();
    expect(original).toEqual([
      ['AECI Medical Aid Society', true],
      ['Horizon Medical Scheme', true],
    ]);

    // Rename and move Horizon to PPS from a past date.
    let res = await change('horizon_medical_scheme', {
      label: 'Horizon Medical Scheme (PPS)',
      administratorKey: 'pps',
      administratorSince: '2026-03-01',
    });
    expect(res.status).toBe(200);
    // Mark AECI inactive with its note and date; set Profmed's hard-copy flag with its source.
    res = await change('aeci_medical_aid_society', {
      active: false,
      inactiveSince: '2026-10',
      inactiveNote: 'Closed at the end of October 2026.',
      successor: null,
    });
    expect(res.status).toBe(200);
    res = await change('profmed', {
      requiresHardCopy: true,
      hardCopyNote: 'Profmed provider pack, page 2: certified copies by post.',
    });
    expect(res.status).toBe(200);
    const list = staffCatalogue.parse(await res.json());
    expect(scheme(list, 'horizon_medical_scheme')).toMatchObject({
      administratorKey: 'pps',
      administratorSince: '2026-03-01',
      label: 'Horizon Medical Scheme (PPS)',
    });
    expect(scheme(list, 'aeci_medical_aid_society')).toMatchObject({
      active: false,
      inactiveNote: 'Closed at the end of October 2026.',
    });

    // The wizard's list shows the change.
    const wizard = await wizardList();
    const pps = wizard.administrators.find((a) => a.key === 'pps')!;
    expect(pps.administered.map((s) => s.label)).toContain('Horizon Medical Scheme (PPS)');
    expect(pps.administered.find((s) => s.key === 'profmed')?.requiresHardCopy).toBe(true);
    const medscheme = wizard.administrators.find((a) => a.key === 'medscheme')!;
    expect(medscheme.administered.map((s) => s.key)).not.toContain('aeci_medical_aid_society');
    expect(medscheme.administered.map((s) => s.key)).not.toContain('horizon_medical_scheme');

    // The older submission still shows the names and flags it was made with.
    expect(await tracked()).toEqual(original);

    // A new submission follows the live catalogue: the new name, the inactive one refused.
    const moved = await submitApplication(staff.t, {
      submission: {
        selectedParents: ['pps'],
        selectedSchemes: ['horizon_medical_scheme', 'profmed'],
      },
    });
    const movedToken = (await created(moved.response)).trackingToken;
    expect(await namesOf(movedToken)).toEqual([
      ['Horizon Medical Scheme (PPS)', true],
      ['Profmed', true],
    ]);
    const gone = await submitApplication(staff.t, {
      submission: { selectedParents: ['medscheme'], selectedSchemes: ['aeci_medical_aid_society'] },
    });
    expect(gone.response.status).toBe(400);
    expect((await gone.response.json()).error.code).toBe('invalid_scheme_selection');

    // Every change is in the audit, newest first, with what changed.
    const changes = (await staffList()).changes;
    expect(changes.slice(0, 3).map((c) => [c.action, c.entityId])).toEqual([
      ['catalogue_scheme_changed', 'profmed'],
      ['catalogue_scheme_changed', 'aeci_medical_aid_society'],
      ['catalogue_scheme_changed', 'horizon_medical_scheme'],
    ]);
    expect(changes[2]?.details).toMatchObject({
      scheme: 'Horizon Medical Scheme',
      changes: {
        administratorKey: { from: 'medscheme', to: 'pps' },
        administratorSince: { from: null, to: '2026-03-01' },
        label: { from: 'Horizon Medical Scheme', to: 'Horizon Medical Scheme (PPS)' },
      },
    });
    expect(changes[0]?.actor).toBe('staff@bureau.co.za');
  });

  it('refuses changes that cannot be, with a message for the field', async () => {
    const cases: [string, unknown, string, number][] = [
      ['keyhealth', { administratorKey: 'discovery' }, 'administratorSince', 400],
      [
        'keyhealth',
        { administratorKey: 'discovery', administratorSince: '2999-01-01' },
        'administratorSince',
        400,
      ],
      [
        'keyhealth',
        { administratorKey: 'medihelp', administratorSince: '2026-01' },
        'administratorKey',
        400,
      ],
      [
        'keyhealth',
        { administratorKey: 'nosuch', administratorSince: '2026-01' },
        'administratorKey',
        400,
      ],
      [
        'engen',
        { administratorKey: 'discovery', administratorSince: '2026-01' },
        'administratorKey',
        400,
      ],
      ['keyhealth', { active: false, inactiveSince: '2026-01' }, 'inactiveNote', 400],
      ['keyhealth', { requiresHardCopy: true }, 'hardCopyNote', 400],
      ['keyhealth', { sources: ['http://example.com'] }, 'sources.0', 400],
      [
        'keyhealth',
        { inactiveSince: '1 June 2026', active: false, inactiveNote: 'x' },
        'inactiveSince',
        400,
      ],
    ];
    for (const [key, json, field, status] of cases) {
      const res = await change(key, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      const body = await res.json();
      expect(Object.keys(body.error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    expect((await change('nosuch', { label: 'X' })).status).toBe(404);
  });

  it('adds a scheme under an administrator, and records a review', async () => {
    const res = await staff.request('/api/admin/catalogue/schemes', {
      method: 'POST',
      json: {
        label: 'Example Staff Medical Fund',
        administratorKey: 'universal',
        requiresHardCopy: false,
        hardCopyNote: 'Unverified: no published rule found.',
        sources: ['https://example.org/fund'],
      },
    });
    expect(res.status).toBe(201);
    const wizard = await wizardList();
    expect(wizard.administrators.find((a) => a.key === 'universal')?.administered.at(-1)).toEqual({
      key: 'example_staff_medical_fund',
      label: 'Example Staff Medical Fund',
      requiresHardCopy: false,
    });
    const again = await staff.request('/api/admin/catalogue/schemes', {
      method: 'POST',
      json: {
        label: 'Example Staff Medical Fund',
        administratorKey: 'universal',
        requiresHardCopy: false,
        hardCopyNote: 'Unverified.',
      },
    });
    expect(again.status).toBe(409);

    const reviewed = await staff.request('/api/admin/catalogue/review', { method: 'POST' });
    expect(reviewed.status).toBe(200);
    const list = staffCatalogue.parse(await reviewed.json());
    expect(list.reviewedOn).toBe(staff.t.deps.clock.now().toISOString().slice(0, 10));
    expect(list.reviewedBy).toBe('staff@bureau.co.za');
    expect((await wizardList()).reviewedOn).toBe(list.reviewedOn);
    expect(list.changes[0]).toMatchObject({ action: 'catalogue_reviewed' });
  });
});
