// Re-attestation (issue 38): every so many days (120 unless staff change it) the practitioner is
// mailed once to confirm that the profile the scheme forms are filled from is still true, does
// so from /track/forms with a fresh code, and an application that lets it lapse is listed at
// the desk. Run on the Clock's time by the maintenance, as on both targets.
import { describe, expect, it } from 'vitest';
import type { DeskSettings } from '../../schema/desk-settings-api.ts';
import type { LapsedAttestation, SchemeFormsView } from '../../schema/scheme-forms-api.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { manualClock } from '../testing/harness.ts';
import { mailTo } from '../testing/mail-files.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { signingApplication } from '../testing/signing-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock();
const staff = staffSession({ clock });

const view = async (token: string) =>
  (await (
    await staff.t.request(`/api/submissions/${token}/scheme-forms`)
  ).json()) as SchemeFormsView;
const confirm = (token: string, code?: string) =>
  staff.t.request(`/api/submissions/${token}/profile-attestation`, {
    method: 'POST',
    headers: code ? { 'Proof-Code': code } : {},
  });
const lapsed = async () => {
  const res = await staff.request('/api/admin/attestations/lapsed');
  expect(res.status).toBe(200);
  return (await res.json()) as LapsedAttestation[];
};
const asks = async (email: string) =>
  (await mailTo(staff.t, email)).filter((m) => /are your details still right/.test(m.eml));

describe('re-attestation of the practitioner profile', () => {
  it('asks once when it is due, takes a confirmation with a code, and lists a lapse at the desk', async () => {
    const app = await signingApplication(staff.t);
    expect((await app.save(aProfile(), await app.code())).status).toBe(200);
    const first = (await view(app.trackingToken)).attestation;
    expect(first).toMatchObject({ lastConfirmedAt: clock.now().toISOString(), due: false });

    // Day 119: nothing yet. Day 121: due, asked once however often maintenance runs.
    clock.advance(119 * DAY);
    await staff.signInAgain();
    await runMaintenance(staff.t.deps);
    expect(await asks(app.email)).toEqual([]);
    expect((await lapsed()).some((l) => l.submissionId === app.submissionId)).toBe(false);
    clock.advance(2 * DAY);
    await staff.signInAgain();
    await runMaintenance(staff.t.deps);
    await runMaintenance(staff.t.deps);
    const mailed = await asks(app.email);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.text).toContain(`/track/forms?token=${app.trackingToken}`);
    expect((await view(app.trackingToken)).attestation?.due).toBe(true);
    expect(await lapsed()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ submissionId: app.submissionId, askedAt: expect.any(String) }),
      ]),
    );

    // A save without new bank details needs no code, so it is not a confirmation.
    expect((await app.save({ ...aProfile(), vatNumber: '4123456789' })).status).toBe(200);
    expect((await view(app.trackingToken)).attestation?.due).toBe(true);
    // Confirming needs the code; then it is good for another 120 days.
    const refused = await confirm(app.trackingToken);
    expect(refused.status).toBe(403);
    const confirmed = await confirm(app.trackingToken, await app.code());
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ due: false });
    expect(await app.logged('profile_attested')).toHaveLength(1);
    expect((await lapsed()).some((l) => l.submissionId === app.submissionId)).toBe(false);
    await runMaintenance(staff.t.deps);
    expect(await asks(app.email)).toHaveLength(1);
  });

  it('follows the interval staff set, and keeps who set it', async () => {
    const app = await signingApplication(staff.t);
    expect((await app.save(aProfile(), await app.code())).status).toBe(200);
    const tooOften = await staff.request('/api/admin/desk-settings', {
      method: 'PATCH',
      json: { attestationDays: 7 },
    });
    expect(tooOften.status).toBe(400);
    const saved = await staff.request('/api/admin/desk-settings', {
      method: 'PATCH',
      json: { attestationDays: 30 },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      attestationDays: 30,
      updatedBy: expect.stringContaining('@'),
    });
    clock.advance(31 * DAY);
    await staff.signInAgain();
    expect((await view(app.trackingToken)).attestation?.due).toBe(true);
    await runMaintenance(staff.t.deps);
    expect(await asks(app.email)).toHaveLength(1);
    const settings = (await (
      await staff.request('/api/admin/desk-settings')
    ).json()) as DeskSettings;
    expect(settings.attestationDays).toBe(30);
  });
});
