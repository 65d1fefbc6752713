// Money moves only with a fresh proof (decision 108): with the tracking token alone, new bank
// details and signing are refused and nothing is kept; a six-digit code mailed to the
// application's confirmed address lets them through once, and the address hears of every
// change at once, the account number masked.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedSchemeForms } from '../../schema/db.ts';
import { manualClock } from '../testing/harness.ts';
import { mailTo } from '../testing/mail-files.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { mappedForm, signingApplication } from '../testing/signing-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });
const profile = aProfile();
const moved = { ...profile, bank: { ...profile.bank, accountNumber: '9876543210' } };

const application = (options?: { confirmed?: boolean }) => signingApplication(staff.t, options);
const discoveryForm = () => mappedForm(staff.t, clock);
const post = (path: string, body: unknown, code?: string) =>
  staff.t.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(code ? { 'Proof-Code': code } : {}) },
    body: JSON.stringify(body),
  });

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

describe('a fresh proof before bank details change or forms are signed', () => {
  it('refuses the tracking token alone: 403 naming the code, nothing kept, logged', async () => {
    const app = await application();
    const refused = await app.save(profile);
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error.code).toBe('proof_required');
    expect(error.message).toMatch(/6-digit code we e-mail/);
    expect(await app.stored()).toBeUndefined();
    expect(await app.logged('profile_proof_refused')).toHaveLength(1);

    expect((await app.save(profile, await app.code())).status).toBe(200);
    const signing = await app.sign(await discoveryForm());
    expect([signing.status, (await errorOf(signing)).code]).toEqual([403, 'proof_required']);
    const signed = await staff.t.deps.db
      .select()
      .from(signedSchemeForms)
      .where(eq(signedSchemeForms.submissionId, app.submissionId));
    expect(signed).toEqual([]);
    // Other bank details with the token alone: refused, the stored ones kept.
    expect((await app.save(moved)).status).toBe(403);
    expect((await app.stored())?.version).toBe(1);
  });

  it('lets the mailed code through once, and mails the change at once, the account masked', async () => {
    const app = await application();
    const code = await app.code();
    expect((await app.save(profile, code)).status).toBe(200);
    // Used once: the same code again is refused.
    expect((await errorOf(await app.save(moved, code))).code).toBe('proof_invalid');
    expect((await app.save(moved, await app.code())).status).toBe(200);
    const mails = await mailTo(staff.t, app.email);
    const changed = mails.filter((m) => m.text.includes('changed with your tracking link'));
    const lines = changed.map(
      (m) => /Account number: [^\r\n]*|bank account ending in \d+/.exec(m.text)?.[0],
    );
    expect(lines.sort()).toEqual([
      'Account number: now ending in 210 (was ending in 890)',
      'bank account ending in 890',
    ]);
    expect(mails.map((m) => m.text).join('')).not.toMatch(/9876543210|1234567890/);
    // A change that leaves the bank details as they are needs no code, and is mailed too.
    expect((await app.save({ ...moved, vatNumber: '4123456789' })).status).toBe(200);
    const after = await mailTo(staff.t, app.email);
    expect(after.some((m) => m.text.includes('VAT number: changed'))).toBe(true);
    // Signing with a code: the address is told which forms were signed.
    const form = await discoveryForm();
    const signed = await app.sign(form, await app.code(), 3);
    expect(signed.status, await signed.clone().text()).toBe(201);
    const told = (await mailTo(staff.t, app.email)).filter((m) => /forms were signed/.test(m.eml));
    expect(told.map((m) => m.text)).toEqual([expect.stringContaining('Discovery Health')]);
  });

  it('spends a code after five wrong tries and after ten minutes', async () => {
    const app = await application();
    const code = await app.code();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await app.save(profile, wrong)).status).toBe(403);
    expect((await app.save(profile, code)).status).toBe(403);
    const late = await app.code();
    clock.advance(10 * 60 * 1000 + 1);
    expect((await app.save(profile, late)).status).toBe(403);
    expect(await app.stored()).toBeUndefined();
  });

  it('asks an unconfirmed application to confirm its address first, and sends no code', async () => {
    const app = await application({ confirmed: false });
    const asked = await post(`/api/submissions/${app.trackingToken}/proof-code`, {});
    expect([asked.status, (await errorOf(asked)).code]).toEqual([409, 'address_not_confirmed']);
    expect((await app.save(profile)).status).toBe(409);
    expect(await app.stored()).toBeUndefined();
    // Nor is any form filled with its identity, not even as a preview.
    const form = await discoveryForm();
    const preview = await post(
      `/api/submissions/${app.trackingToken}/scheme-forms/${form}/preview`,
      profile,
    );
    expect([preview.status, (await errorOf(preview)).code]).toEqual([409, 'address_not_confirmed']);
    expect(await mailTo(staff.t, app.email)).toEqual([]);
  });
});
