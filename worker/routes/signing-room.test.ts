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
    // Each signing replaced the unsent one before it: one set is kept.
    expect(await signedRows(staff.t, app.submissionId)).toHaveLength(1);
    // The refusal spent no code: one for the profile, three for the signings.
    expect(await app.logged('profile_proof_used')).toHaveLength(4);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await app.sign(form, await app.code())).status).toBe(201);
  });
});

describe('a new signing', () => {
  const clock = manualClock();
  const staff = staffSession({ clock });
  const stored = async (key: string) => (await staff.t.deps.store.get(key)) !== null;

  it('replaces the set staff never got, with its bytes, and keeps the set they did', async () => {
    const app = await signingApplication(staff.t);
    const form = await mappedForm(staff.t, clock);
    expect((await app.save(aProfile(), await app.code())).status).toBe(200);
    expect((await app.sign(form, await app.code())).status).toBe(201);
    const [first] = await signedRows(staff.t, app.submissionId);
    expect((await app.sign(form, await app.code())).status).toBe(201);
    const [second, ...more] = await signedRows(staff.t, app.submissionId);
    expect(more).toEqual([]);
    expect(second!.id).not.toBe(first!.id);
    expect(await stored(first!.objectKey)).toBe(false);
    expect(await stored(second!.objectKey)).toBe(true);

    // Staff check the account and get the link: that set may be at a scheme now, so it stays.
    const check = await staff.request(`/api/admin/submissions/${app.submissionId}/account-check`, {
      method: 'POST',
      json: { profileVersion: 1 },
    });
    expect(check.status).toBe(200);
    expect((await app.sign(form, await app.code())).status).toBe(201);
    const kept = await signedRows(staff.t, app.submissionId);
    expect(kept.map((row) => row.id)).toContain(second!.id);
    expect(kept).toHaveLength(2);
    expect(await stored(second!.objectKey)).toBe(true);
    const signings = await app.logged('scheme_form_signed');
    const replaced = signings.map((e) => (e.details as { replacedUnsent?: number }).replacedUnsent);
    expect(replaced.sort()).toEqual([0, 0, 1]);
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
