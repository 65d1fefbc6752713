// A confirmed address before two submissions are one practitioner (decision 100): a stranger
// who types a doctor's e-mail (and ID number) gets a practitioner of their own, which neither
// rewrites the doctor's details nor enters the doctor's data-subject export; only the code of
// the receipt, mailed to the address, joins a submission to the doctor.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practitioners, securityEvents } from '../../schema/db.ts';
import { ADDRESS_CONFIRMATION_INVALID_MESSAGE } from '../../schema/notify-api.ts';
import { lookupResponse } from '../../schema/tracking-api.ts';
import {
  confirmAddress,
  confirmFromReceipt,
  receiptCode,
} from '../testing/address-confirmation.ts';
import { saIdNumber, submitApplication } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { lookup } from '../testing/lookup-requests.ts';
import { addStaff } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';
import { created, submissionByToken } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-03-02T09:30:00Z'));
let t: TestApp;
let staffCookie = '';
beforeAll(async () => {
  t = await createTestApp({ clock });
  await addStaff(t);
  staffCookie = await signIn(t);
});
afterAll(() => t.dispose());

const idNumber = saIdNumber('700101', '5088');
const doctor = {
  idNumber,
  firstName: 'Thandeka',
  lastName: 'Mthembu',
  email: 'dr.mthembu@example.co.za',
  phone: '082 555 0147',
};

async function apply(practitioner: Record<string, string>) {
  const { response } = await submitApplication(t, { practitioner });
  return (await created(response)).trackingToken;
}

describe('POST /api/submissions/:token/address-confirmation', () => {
  it("keeps a stranger who types the doctor's e-mail out of the doctor's row and export", async () => {
    const doctorToken = await apply(doctor);
    expect((await confirmFromReceipt(t, doctorToken)).status).toBe(200);
    const doctorRow = (await submissionByToken(t, doctorToken)).practitionerId;

    clock.advance(60_000);
    const strangerToken = await apply({
      ...doctor,
      firstName: 'Someone',
      lastName: 'Else',
      phone: '021 555 0999',
    });
    const strangerRow = (await submissionByToken(t, strangerToken)).practitionerId;
    expect(strangerRow).not.toBe(doctorRow);
    const [row] = await t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.id, doctorRow));
    expect(row).toMatchObject({ firstName: 'Thandeka', phone: '+27825550147' });

    const res = await t.request(`/api/admin/practitioners/${doctorRow}/export`, {
      headers: { Cookie: staffCookie },
    });
    expect(res.status).toBe(200);
    // Its receipt went to the doctor's address, so the export lists that mail; the stranger's
    // submission itself is not the doctor's.
    const exported = (await res.json()) as { submissions: { trackingToken: string }[] };
    expect(exported.submissions.map((s) => s.trackingToken)).toEqual([doctorToken]);
  });

  it('joins the confirmed practitioner only with the code of its own receipt, once', async () => {
    const email = 'dr.pillay@example.co.za';
    const first = await apply({ email, lastName: 'Pillay' });
    const second = await apply({ email, lastName: 'Pillay-Naidoo' });
    expect((await confirmFromReceipt(t, first)).status).toBe(200);

    // The first receipt's code does not confirm the second submission; nor does a made-up one.
    const firstCode = (await receiptCode(t, first))!;
    for (const code of [firstCode, 'not-the-code']) {
      const refused = await confirmAddress(t, second, code);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({
        error: { message: ADDRESS_CONFIRMATION_INVALID_MESSAGE },
      });
    }
    const unknownToken = await confirmAddress(t, 'x'.repeat(43), firstCode);
    expect(unknownToken.status).toBe(404);
    expect((await submissionByToken(t, second)).practitionerId).not.toBe(
      (await submissionByToken(t, first)).practitionerId,
    );

    const startedIn = (await submissionByToken(t, second)).practitionerId;
    expect((await confirmFromReceipt(t, second)).status).toBe(200);
    // Opening the link again changes nothing.
    expect((await confirmFromReceipt(t, second)).status).toBe(200);
    const joined = (await submissionByToken(t, second)).practitionerId;
    expect(joined).toBe((await submissionByToken(t, first)).practitionerId);
    // The row it started with is gone; the practitioner has the confirmer's details.
    expect(
      await t.deps.db.select().from(practitioners).where(eq(practitioners.id, startedIn)),
    ).toEqual([]);
    const [row] = await t.deps.db.select().from(practitioners).where(eq(practitioners.id, joined));
    expect(row?.lastName).toBe('Pillay-Naidoo');

    const entries = await t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'address_confirmed'));
    const second_ = entries.filter((e) => e.details && 'practitioner' in e.details);
    expect(second_.map((e) => e.details)).toEqual(
      expect.arrayContaining([{ practitioner: 'confirmed' }, { practitioner: 'joined' }]),
    );
    // Ids only: no address or name in the log.
    expect(JSON.stringify(entries)).not.toContain('pillay');
  });

  it("leaves the ID-number lookup on the doctor's application when a stranger types both", async () => {
    const owner = saIdNumber('870707', '5444');
    const email = 'dr.owner@example.co.za';
    const first = await submitApplication(t, {
      practitioner: { idNumber: owner, email },
      practiceType: 'new',
    });
    expect(first.response.status).toBe(201);
    clock.advance(60_000);
    // Its receipt goes to the owner, who does not open its link: it stays unconfirmed.
    await apply({ idNumber: owner, email });
    const res = await lookup(t, { identifier: owner, identifierType: 'id_number' });
    expect(lookupResponse.parse(await res.json()).status.practiceType).toBe('new');
  });

  it('keeps the ID number of a confirmed practitioner when another application with the address is confirmed (review L5)', async () => {
    const email = 'dr.khumalo@example.co.za';
    const own = saIdNumber('680505', '5081');
    const doctorsFirst = await apply({ email, idNumber: own, lastName: 'Khumalo' });
    expect((await confirmFromReceipt(t, doctorsFirst)).status).toBe(200);
    // Someone applies with the doctor's address and another ID number; the doctor confirms it.
    const strangers = await apply({
      email,
      idNumber: saIdNumber('900909', '0087'),
      lastName: 'Khumalo',
    });
    expect((await confirmFromReceipt(t, strangers)).status).toBe(200);
    const joined = (await submissionByToken(t, strangers)).practitionerId;
    const [row] = await t.deps.db.select().from(practitioners).where(eq(practitioners.id, joined));
    expect(row?.idNumber).toBe(own);
  });

  it('refuses a receipt link more than 30 days after the application, confirming nothing (review L5)', async () => {
    const late = await apply({ email: 'dr.late@example.co.za', lastName: 'Late' });
    const code = (await receiptCode(t, late))!;
    clock.advance(30 * 24 * 60 * 60 * 1000 + 60_000);
    const res = await confirmAddress(t, late, code);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ error: { code: 'link_expired' } });
    expect((await submissionByToken(t, late)).addressConfirmedAt).toBeNull();
  });
});
