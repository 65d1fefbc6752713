// Signing keeps within bounds (security review M1): an application is signed at most three times
// a day, and not at all while the disk is below its free-space floor; a refused signing fills
// and keeps nothing, and leaves the practitioner's code unspent.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedSchemeForms } from '../../schema/db.ts';
import { manualClock, type TestApp } from '../testing/harness.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { mappedForm, signingApplication } from '../testing/signing-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const signedRows = (t: TestApp, submissionId: string) =>
  t.deps.db
    .select()
    .from(signedSchemeForms)
    .where(eq(signedSchemeForms.submissionId, submissionId));
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string } }).error.code;

describe('room for a signing', () => {
  const clock = manualClock();
  const staff = staffSession({ clock });

  it('signs an application three times a day, not a fourth, and again the next day', async () => {
    const app = await signingApplication(staff.t);
    const form = await mappedForm(staff.t, clock);
    expect((await app.save(aProfile(), await app.code())).status).toBe(200);
    // The page's first press carries no code: refused, and not counted against the day.
    for (let i = 0; i < 3; i++) expect((await app.sign(form)).status).toBe(403);
    for (let i = 0; i < 3; i++) expect((await app.sign(form, await app.code())).status).toBe(201);
    const code = await app.code();
    const fourth = await app.sign(form, code);
    expect([fourth.status, await errorOf(fourth)]).toEqual([429, 'too_many_signings']);
    expect(await signedRows(staff.t, app.submissionId)).toHaveLength(3);
    // The refusal spent no code: one for the profile, three for the signings.
    expect(await app.logged('profile_proof_used')).toHaveLength(4);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await app.sign(form, await app.code())).status).toBe(201);
  });
});

describe('the free-space floor', () => {
  // A floor no disk can meet stands for a disk that is nearly full.
  const clock = manualClock();
  const staff = staffSession({ clock, env: { MIN_FREE_DISK_MB: String(1024 ** 3) } });

  it("signs nothing below it, with the upload's answer, and keeps the code", async () => {
    const app = await signingApplication(staff.t);
    const form = await mappedForm(staff.t, clock);
    expect((await app.save(aProfile(), await app.code())).status).toBe(200);
    const code = await app.code();
    const refused = await app.sign(form, code);
    expect([refused.status, await errorOf(refused)]).toEqual([507, 'storage_full']);
    expect(await signedRows(staff.t, app.submissionId)).toEqual([]);
    expect(await app.logged('profile_proof_used')).toHaveLength(1);
  });
});
