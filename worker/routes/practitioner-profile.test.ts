// The practitioner profile scheme forms are filled from: sent with the tracking token, kept
// sealed, answered with its version only, in the data-subject export, gone with its submission.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { practitionerProfiles, securityEvents } from '../../schema/db.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { addressConfirmed, mailedProofCode } from '../testing/profile-proof.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const staff = staffSession();

const profile = aProfile();

const send = (token: string, body: unknown, code?: string) =>
  staff.t.request(`/api/submissions/${token}/profile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(code ? { 'Proof-Code': code } : {}) },
    body: JSON.stringify(body),
  });

/** An application whose address is confirmed, and a code mailed to it (decision 108). */
async function confirmedSubmission() {
  const seeded = await seedSubmission(staff.t);
  await addressConfirmed(staff.t, seeded.submissionId);
  return { ...seeded, code: () => mailedProofCode(staff.t, seeded.trackingToken) };
}

describe('POST /api/submissions/:token/profile', () => {
  it('keeps the profile sealed and answers only its version', async () => {
    const seeded = await confirmedSubmission();
    const first = await send(seeded.trackingToken, profile, await seeded.code());
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ version: 1, updatedAt: expect.any(String) });
    const second = await send(seeded.trackingToken, { ...profile, vatNumber: '4123456789' });
    expect(((await second.json()) as { version: number }).version).toBe(2);

    const [row] = await staff.t.deps.db
      .select()
      .from(practitionerProfiles)
      .where(eq(practitionerProfiles.submissionId, seeded.submissionId));
    expect(row?.version).toBe(2);
    for (const plain of ['1234567890', 'Capitec', 'capitec', 'Jacaranda', '4123456789']) {
      expect(row?.sealedProfile).not.toContain(plain);
    }
    const logged = await staff.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'practitioner_profile_saved'));
    expect(logged.map((e) => e.submissionId)).toEqual([seeded.submissionId, seeded.submissionId]);
    expect(JSON.stringify(logged)).not.toContain('1234567890');
  });

  it('names every problem of a profile at once and keeps nothing', async () => {
    const seeded = await seedSubmission(staff.t);
    const res = await send(seeded.trackingToken, {
      ...profile,
      dateOfBirth: '1980-02-30',
      bank: { ...profile.bank, accountNumber: '12', branchCode: 'abc' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual([
      'bank.accountNumber',
      'bank.branchCode',
      'dateOfBirth',
    ]);
    expect(JSON.stringify(body)).not.toContain('1980-02-30');
    const rows = await staff.t.deps.db
      .select()
      .from(practitionerProfiles)
      .where(eq(practitionerProfiles.submissionId, seeded.submissionId));
    expect(rows).toEqual([]);
  });

  it("answers the tracking page's own words for an unknown token", async () => {
    const res = await send('trk00000000000000000000000000000000', profile);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Submission not found. Please check your tracking token.',
    );
  });

  it('is in the data-subject export, opened, and goes with its submission', async () => {
    const seeded = await confirmedSubmission();
    expect((await send(seeded.trackingToken, profile, await seeded.code())).status).toBe(200);
    const exported = await staff.request(
      `/api/admin/practitioners/${seeded.practitionerId}/export`,
    );
    const data = (await exported.json()) as {
      submissions: { id: string; profile: Record<string, unknown> | null }[];
    };
    expect(data.submissions[0]?.profile).toMatchObject({
      practiceName: 'Jacaranda Family Practice',
      bank: { accountNumber: '1234567890', branchCode: '470010' },
      councilRegistration: 'MP0123456',
      version: 1,
    });

    const deleted = await staff.request(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    const rows = await staff.t.deps.db
      .select()
      .from(practitionerProfiles)
      .where(eq(practitionerProfiles.submissionId, seeded.submissionId));
    expect(rows).toEqual([]);
  });
});
