// "This was not me" (issue 35): every change of the profile and every signing is mailed to the
// confirmed address with a link of its own; pressed, it stops signing and new bank details,
// closes the signed forms' downloads and lists the application at the enrolment desk, until a
// staff member who spoke to the practitioner resumes it. Staff read every change as a diff.
import { describe, expect, it } from 'vitest';
import type { OpenSigningStop, StaffSignedSchemeForms } from '../../schema/scheme-forms-api.ts';
import { manualClock } from '../testing/harness.ts';
import { type MailFile, mailTo } from '../testing/mail-files.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { mappedForm, signingApplication } from '../testing/signing-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const DESK = 'desk@bureau.co.za';
const clock = manualClock();
const staff = staffSession({ clock, env: { STAFF_NOTIFY_EMAIL: DESK } });
const profile = aProfile();
const moved = { ...profile, bank: { ...profile.bank, accountNumber: '9876543210' } };

/** The "This was not me" code of the newest mail that carries one (quoted-printable undone). */
function stopCodeOf(mails: MailFile[]): string {
  const texts = mails.map((m) => m.text.replace(/=\r\n/g, '').replace(/=3D/g, '='));
  const codes = texts.flatMap((text) => [...text.matchAll(/#not-me=([A-Za-z0-9_-]+)/g)]);
  const code = codes.at(-1)?.[1];
  if (!code) throw new Error('no "This was not me" link in the mails');
  return code;
}

const press = (token: string, body: unknown) =>
  staff.t.request(`/api/submissions/${token}/signing-stop`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const signedForms = async (id: string) =>
  (await (
    await staff.request(`/api/admin/submissions/${id}/signed-forms`)
  ).json()) as StaffSignedSchemeForms;

const errorCode = async (res: Response) =>
  ((await res.json()) as { error: { code: string } }).error.code;

describe('"This was not me"', () => {
  it('stops signing and new bank details, closes the downloads and queues the application, until staff resume it', async () => {
    const app = await signingApplication(staff.t);
    const form = await mappedForm(staff.t, clock);
    expect((await app.save(profile, await app.code())).status).toBe(200);
    expect((await app.sign(form, await app.code())).status).toBe(201);
    const check = await staff.request(`/api/admin/submissions/${app.submissionId}/account-check`, {
      method: 'POST',
      json: { profileVersion: 1 },
    });
    expect(check.status).toBe(200);
    expect((await signedForms(app.submissionId)).forms[0]?.downloadUrl).toEqual(expect.any(String));

    // The signing mail's link, pressed with a word from the practitioner.
    const mails = await mailTo(staff.t, app.email);
    const signedMail = mails.filter((m) => /forms were signed/.test(m.eml));
    expect(signedMail).toHaveLength(1);
    const code = stopCodeOf(signedMail);
    const pressed = await press(app.trackingToken, { code, note: 'I did not sign anything' });
    expect(pressed.status, await pressed.clone().text()).toBe(200);
    expect((await press(app.trackingToken, { code })).status).toBe(200);

    // Signing and new bank details are refused, with a code or without, and nothing is kept.
    const signing = await app.sign(form, await app.code());
    expect([signing.status, await errorCode(signing)]).toEqual([423, 'signing_stopped']);
    const saving = await app.save(moved, await app.code());
    expect([saving.status, await errorCode(saving)]).toEqual([423, 'signing_stopped']);
    expect((await app.stored())?.version).toBe(1);
    // The staff check stays recorded, but no signed form goes out while the stop holds.
    const held = await signedForms(app.submissionId);
    expect(held.forms.map((f) => f.downloadUrl)).toEqual([null]);
    expect(held.stop?.note).toBe('I did not sign anything');
    const desk = (await (
      await staff.request('/api/admin/signing-stops')
    ).json()) as OpenSigningStop[];
    expect(desk.filter((s) => s.submissionId === app.submissionId)).toEqual([
      expect.objectContaining({ reason: 'Not the practitioner: a signing of the scheme forms' }),
    ]);
    expect(await app.logged('signing_stopped')).toHaveLength(1);
    const told = (await mailTo(staff.t, DESK)).filter((m) => /Signing stopped/.test(m.eml));
    expect(told).toHaveLength(1);

    // Resumed by staff after a call: signing works again and the desk's list is clear.
    const resumed = await staff.request(
      `/api/admin/submissions/${app.submissionId}/signing-resume`,
      { method: 'POST', json: { note: 'Called her: her receptionist signed by mistake' } },
    );
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as StaffSignedSchemeForms).stop).toBeNull();
    expect(await app.logged('signing_resumed')).toHaveLength(1);
    expect((await app.sign(form, await app.code())).status).toBe(201);
    const after = (await (
      await staff.request('/api/admin/signing-stops')
    ).json()) as OpenSigningStop[];
    expect(after.some((s) => s.submissionId === app.submissionId)).toBe(false);
  });

  it('stops nothing with a code from another application, a made-up one, or one past its time', async () => {
    const one = await signingApplication(staff.t);
    const other = await signingApplication(staff.t);
    expect((await one.save(profile, await one.code())).status).toBe(200);
    const code = stopCodeOf(await mailTo(staff.t, one.email));
    expect((await press(other.trackingToken, { code })).status).toBe(404);
    expect((await press(one.trackingToken, { code: 'x'.repeat(43) })).status).toBe(404);
    const missing = await press(one.trackingToken, {});
    expect([missing.status, await errorCode(missing)]).toEqual([400, 'invalid_request']);
    clock.advance(61 * 24 * 60 * 60 * 1000);
    expect((await press(one.trackingToken, { code })).status).toBe(404);
    expect(await one.logged('signing_stopped')).toEqual([]);
    // Nothing was stopped: new bank details still go through with a code.
    expect((await one.save(moved, await one.code())).status).toBe(200);
    await staff.signInAgain();
  });

  it('shows staff every change of the profile as a diff, newest first, the whole account number', async () => {
    const app = await signingApplication(staff.t);
    expect((await app.save(profile, await app.code())).status).toBe(200);
    clock.advance(60_000);
    expect((await app.save(moved, await app.code())).status).toBe(200);
    clock.advance(60_000);
    expect((await app.save({ ...moved, vatNumber: '4123456789' })).status).toBe(200);
    const { changes } = await signedForms(app.submissionId);
    expect(changes.map((c) => c.version)).toEqual([3, 2, 1]);
    expect(changes[0]?.changes).toEqual([
      { field: 'vatNumber', before: null, after: '4123456789' },
    ]);
    expect(changes[1]?.changes).toEqual([
      { field: 'accountNumber', before: '1234567890', after: '9876543210' },
    ]);
    expect(changes[2]?.changes.map((c) => c.field)).toContain('accountHolder');
    expect(changes[2]?.changes.every((c) => c.before === null)).toBe(true);
    // Reading them shows bank details: logged like the account check's view.
    expect((await app.logged('bank_details_viewed')).length).toBeGreaterThan(0);
  });
});
