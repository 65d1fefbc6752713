// A scheme's posting checklist (issue 26): kept by staff in the catalogue, checked at the API,
// audited like every catalogue change, stored as none when it says nothing, and shown in the
// tracking view of an application that chose the scheme.
import { describe, expect, it } from 'vitest';
import { type StaffCatalogue, staffCatalogue } from '../../schema/catalogue-api.ts';
import { trackingResponse } from '../../schema/tracking-api.ts';
import { submitApplication } from '../testing/fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const staff = staffSession();

const staffList = async (): Promise<StaffCatalogue> => {
  const res = await staff.request('/api/admin/catalogue');
  expect(res.status).toBe(200);
  return staffCatalogue.parse(await res.json());
};
const change = (key: string, json: unknown) =>
  staff.request(`/api/admin/catalogue/schemes/${key}`, { method: 'PATCH', json });
const checklistOf = async (key: string) =>
  (await staffList()).schemes.find((s) => s.key === key)?.postingChecklist;

const polmed = {
  signByHand: ['Provider registration form', 'Banking details form'],
  certifiedCopies: ['SA ID document', 'Bank confirmation letter'],
  certifiedWithinMonths: 3,
  postTo: 'Polmed Provider Registrations\nPO Box 0000\nPretoria\n0001',
};

describe("a scheme's posting checklist", () => {
  it('starts as none: nothing is invented where staff have not said', async () => {
    expect(await checklistOf('polmed')).toBeNull();
  });

  it('is kept as staff give it, and the change is audited', async () => {
    const res = await change('polmed', { postingChecklist: polmed });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await checklistOf('polmed')).toEqual(polmed);
    const list = await staffList();
    const audited = list.changes.find(
      (c) => c.entityId === 'polmed' && c.details?.changes !== undefined,
    );
    expect(Object.keys(audited?.details?.changes as object)).toEqual(['postingChecklist']);
  });

  it('is stored as none when it says nothing, and can be removed', async () => {
    const empty = { signByHand: [], certifiedCopies: [], certifiedWithinMonths: null, postTo: ' ' };
    expect((await change('polmed', { postingChecklist: empty })).status).toBe(200);
    expect(await checklistOf('polmed')).toBeNull();
    await change('polmed', { postingChecklist: polmed });
    expect((await change('polmed', { postingChecklist: null })).status).toBe(200);
    expect(await checklistOf('polmed')).toBeNull();
  });

  it('refuses what cannot be, naming the field', async () => {
    for (const [bad, field] of [
      [{ ...polmed, certifiedWithinMonths: 0 }, 'postingChecklist.certifiedWithinMonths'],
      [{ ...polmed, certifiedWithinMonths: 2.5 }, 'postingChecklist.certifiedWithinMonths'],
      [{ ...polmed, signByHand: [''] }, 'postingChecklist.signByHand.0'],
      [{ ...polmed, postTo: 'x'.repeat(501) }, 'postingChecklist.postTo'],
    ] as const) {
      const res = await change('polmed', { postingChecklist: bad });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(body.error.fields)).toContain(field);
    }
  });

  it('shows in the tracking view of an application that chose the scheme, and only there', async () => {
    await change('polmed', { postingChecklist: polmed });
    const tracked = async (selectedParents: string[], selectedSchemes: string[]) => {
      const { response } = await submitApplication(staff.t, {
        submission: { selectedParents, selectedSchemes },
      });
      expect(response.status).toBe(201);
      const { trackingToken } = (await response.json()) as { trackingToken: string };
      const view = await staff.t.request(`/api/submissions/${trackingToken}`);
      return trackingResponse.parse(await view.json());
    };
    const chose = await tracked(['medscheme'], ['polmed', 'fedhealth']);
    expect(chose.postingChecklists).toEqual([
      { schemeName: 'POLMED (South African Police Service Medical Scheme)', checklist: polmed },
    ]);
    expect((await tracked(['medscheme'], ['fedhealth'])).postingChecklists).toEqual([]);
    // Staff removing it takes it off the application's view too.
    await change('polmed', { postingChecklist: null });
    const again = await staff.t.request(`/api/submissions/${chose.submission.trackingToken}`);
    expect(trackingResponse.parse(await again.json()).postingChecklists).toEqual([]);
  });
});
