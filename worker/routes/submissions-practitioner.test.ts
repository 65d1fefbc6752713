// POST /api/submissions by someone who applied before: the practitioner with that e-mail is
// joined only once the receipt's link confirmed the address (never one found by ID number
// alone, decisions 082 and 100), and each submission keeps the contact details it was made
// with.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practitioners } from '../../schema/db.ts';
import { confirmFromReceipt } from '../testing/address-confirmation.ts';
import { saIdNumber, submitApplication } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created, submissionByToken, track } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-02-02T09:30:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

describe('POST /api/submissions: a complete application', () => {
  it('keeps applications with one e-mail apart until their receipt links confirm it, then one practitioner', async () => {
    const idNumber = saIdNumber('780312', '0042');
    const tokens: string[] = [];
    for (const practitioner of [
      { email: 'reuse@example.co.za', idNumber, phone: '021 555 0100' },
      { email: 'REUSE@example.co.za', idNumber: '', phone: '+27 82 765 4321' },
      { email: 'Reuse@Example.co.za', idNumber, lastName: 'Nkosi-Dube' },
    ]) {
      const { response } = await submitApplication(t, { practitioner });
      tokens.push((await created(response)).trackingToken);
    }
    const practitionerIds = async () =>
      new Set(
        await Promise.all(
          tokens.map(async (token) => (await submissionByToken(t, token)).practitionerId),
        ),
      );
    // An address typed is not yet an identity: three rows, none rewritten by another.
    expect((await practitionerIds()).size).toBe(3);

    for (const token of tokens) expect((await confirmFromReceipt(t, token)).status).toBe(200);
    expect((await practitionerIds()).size).toBe(1);
    const rows = await t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.email, 'reuse@example.co.za'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      lastName: 'Nkosi-Dube',
      idNumber,
      // Typed as 082 123 4567, kept in E.164.
      phone: '+27821234567',
      emailConfirmedAt: expect.any(Date),
    });
  });

  it('gives someone with the same ID number and another e-mail a practitioner of their own; each tracking page keeps its details', async () => {
    const idNumber = saIdNumber('760809', '0311');
    const first = await submitApplication(t, {
      practitioner: {
        idNumber,
        firstName: 'Nomsa',
        lastName: 'Khumalo',
        email: 'Nomsa.Khumalo@example.co.za',
        phone: '082 555 0101',
        specialization: 'Paediatrics',
      },
    });
    const firstToken = (await created(first.response)).trackingToken;
    const before = await track(t, firstToken);
    expect(before.practitioner).toEqual({
      firstName: 'Nomsa',
      lastName: 'Khumalo',
      email: 'nomsa.khumalo@example.co.za',
      phone: '+27825550101',
      specialization: 'Paediatrics',
    });

    // Someone else submits with the same ID number and their own name, e-mail and phone.
    clock.advance(60_000);
    const second = await submitApplication(t, {
      practitioner: {
        idNumber,
        firstName: 'Pieter',
        lastName: 'Venter',
        email: 'p.venter@example.org',
        phone: '021 555 0199',
        specialization: 'Dermatology',
      },
    });
    const secondToken = (await created(second.response)).trackingToken;

    // Another e-mail is another practitioner: the first one's row keeps its details ...
    const practitionerId = (await submissionByToken(t, firstToken)).practitionerId;
    expect((await submissionByToken(t, secondToken)).practitionerId).not.toBe(practitionerId);
    const rows = await t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.idNumber, idNumber));
    expect(
      rows
        .map(({ id, firstName, email }) => ({ id, firstName, email }))
        .sort((x, y) => x.firstName.localeCompare(y.firstName)),
    ).toEqual([
      { id: practitionerId, firstName: 'Nomsa', email: 'nomsa.khumalo@example.co.za' },
      { id: expect.any(String), firstName: 'Pieter', email: 'p.venter@example.org' },
    ]);
    // ... but each tracking page shows what its own submission was made with.
    expect(await track(t, firstToken)).toEqual(before);
    expect((await track(t, secondToken)).practitioner).toEqual({
      firstName: 'Pieter',
      lastName: 'Venter',
      email: 'p.venter@example.org',
      phone: '+27215550199',
      specialization: 'Dermatology',
    });
    expect(await submissionByToken(t, firstToken)).toMatchObject({
      firstName: 'Nomsa',
      idNumber,
      email: 'nomsa.khumalo@example.co.za',
    });
  });
});
