// POST /api/lookup: the status of the latest submission for a practice or ID number, and
// nothing that identifies or contacts the practitioner.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { medicalAidStatuses, statusEvents, submissions } from '../../schema/db.ts';
import { staffSubmissionDetail } from '../../schema/staff-review-api.ts';
import { submitResponse } from '../../schema/submission-api.ts';
import { lookupResponse } from '../../schema/tracking-api.ts';
import { confirmFromReceipt } from '../testing/address-confirmation.ts';
import { saIdNumber, submitApplication } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { lookup } from '../testing/lookup-requests.ts';
import { addStaff } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';

const clock = manualClock(new Date('2026-03-10T07:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOOKUP_RATE_LIMIT: '1000' } });
  await addStaff(t);
});
afterAll(() => t.dispose());

async function submit(options: Parameters<typeof submitApplication>[1]) {
  const { payload, response } = await submitApplication(t, options);
  expect(response.status).toBe(201);
  return { payload, ...submitResponse.parse(await response.json()) };
}

describe('POST /api/lookup', () => {
  it('answers the most recent submission for a practice number, status only', async () => {
    const idNumber = saIdNumber('820611', '4100');
    const older = await submit({
      practitioner: { idNumber },
      submission: { practiceNumber: '7654321' },
    });
    clock.advance(3 * 24 * 3600_000);
    const newer = await submit({
      practitioner: { idNumber, firstName: 'Lerato', email: 'lerato@example.co.za' },
      submission: { practiceNumber: '7654321' },
    });
    const [row] = await t.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.trackingToken, newer.trackingToken));
    // Staff move things on: a scheme note and a later event change "last updated".
    clock.advance(3600_000);
    await t.deps.db
      .update(medicalAidStatuses)
      .set({
        status: 'approved',
        notes: 'Approved with effect from 1 April',
        lastUpdated: clock.now(),
      })
      .where(eq(medicalAidStatuses.submissionId, row!.id));
    await t.deps.db.insert(statusEvents).values({
      id: crypto.randomUUID(),
      submissionId: row!.id,
      eventType: 'review_started',
      description: 'Our team started reviewing your application.',
      createdAt: clock.now(),
    });

    const res = await lookup(t, { identifier: ' 7654321 ', identifierType: 'practice_number' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const text = await res.text();
    const body = lookupResponse.parse(JSON.parse(text));
    expect(body.status).toEqual({
      practiceType: 'established',
      applicationStatus: 'pending',
      submittedDate: row!.createdAt.toISOString(),
      lastUpdated: clock.now().toISOString(),
    });
    expect(body.actionNeeded).toBe(false);
    expect(body.medicalAidStatuses).toContainEqual({
      schemeName: 'Bestmed',
      status: 'approved',
      requiresHardCopy: true,
      notes: 'Approved with effect from 1 April',
    });
    expect(body.timeline).toEqual([
      {
        description: 'Application received. It is pending review by our team.',
        timestamp: row!.createdAt.toISOString(),
      },
      {
        description: 'Our team started reviewing your application.',
        timestamp: clock.now().toISOString(),
      },
    ]);
    // Nothing that identifies or contacts the practitioner, and no documents or token.
    expect(Object.keys(JSON.parse(text)).sort()).toEqual([
      'actionNeeded',
      'medicalAidStatuses',
      'status',
      'timeline',
    ]);
    for (const secret of [
      'Lerato',
      'Nkosi',
      'lerato@example.co.za',
      '082 123 4567',
      idNumber,
      newer.trackingToken,
      older.trackingToken,
      'MP0123456',
      'scan.pdf',
      'uploads/',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('leaves document reviews out of the timeline, keeping status and scheme changes', async () => {
    const idNumber = saIdNumber('850505', '5200');
    const { trackingToken } = await submit({
      practitioner: { idNumber },
      submission: { practiceNumber: '2468024' },
    });
    const [row] = await t.deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.trackingToken, trackingToken));
    const cookie = await signIn(t);
    const review = async (path: string, json: unknown) => {
      clock.advance(60_000);
      const res = await t.request(path, { method: 'PATCH', json, headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      return staffSubmissionDetail.parse(await res.json());
    };
    const detail = staffSubmissionDetail.parse(
      await (
        await t.request(`/api/admin/submissions/${row!.id}`, { headers: { Cookie: cookie } })
      ).json(),
    );
    const [rejected, approved] = detail.documents;
    const bestmed = detail.medicalAidStatuses.find((s) => s.medicalAidName === 'Bestmed')!;
    await review(`/api/admin/documents/${rejected!.id}`, {
      status: 'rejected',
      reason: 'Signature of Dr Mokoena missing on page 2',
    });
    await review(`/api/admin/documents/${approved!.id}`, { status: 'approved' });
    await review(`/api/admin/submissions/${row!.id}/schemes/${bestmed.id}`, {
      status: 'approved',
      notes: 'Provider number issued',
    });
    const after = await review(`/api/admin/submissions/${row!.id}`, { status: 'under_review' });
    // The tracking view (token holder) keeps every event, documents included. The first review
    // change moved the application to under review, so the explicit change was a no-op.
    expect(after.statusEvents.map((e) => e.eventType)).toEqual([
      'submission_received',
      'status_under_review',
      'document_rejected',
      'document_approved',
      'scheme_approved',
    ]);

    const res = await lookup(t, { identifier: '2468024', identifierType: 'practice_number' });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = lookupResponse.parse(JSON.parse(text));
    expect(body.status.applicationStatus).toBe('under_review');
    expect(body.timeline.map((e) => e.description)).toEqual([
      'Application received. It is pending review by our team.',
      'Application is under review',
      // The note marked for the practitioner shows with the scheme, not in the timeline.
      'Bestmed approved',
    ]);
    // A rejected document waits on the practitioner: the lookup says so, without the details.
    expect(body.actionNeeded).toBe(true);
    for (const secret of [
      'Signature of Dr Mokoena missing on page 2',
      `${rejected!.sectionLabel}:`,
      `${approved!.sectionLabel} approved`,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers the most recent submission for an SA ID number', async () => {
    const idNumber = saIdNumber('910101', '5123');
    const email = 'same.person@example.co.za';
    await submit({ practitioner: { idNumber, email }, practiceType: 'new' });
    clock.advance(60_000);
    const latest = await submit({ practitioner: { idNumber, email } });
    // A later submission counts once its receipt's link confirmed the address (decision 100).
    expect((await confirmFromReceipt(t, latest.trackingToken)).status).toBe(200);
    const [row] = await t.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.trackingToken, latest.trackingToken));
    const res = await lookup(t, { identifier: idNumber, identifierType: 'id_number' });
    const body = lookupResponse.parse(await res.json());
    expect(body.status.practiceType).toBe('established');
    expect(body.status.submittedDate).toBe(row!.createdAt.toISOString());
  });

  it('goes by the ID number each submission was made with, not the practitioner row', async () => {
    const email = 'changed.id@example.co.za';
    const firstId = saIdNumber('880808', '5311');
    const secondId = saIdNumber('880808', '5322');
    await submit({ practitioner: { email, idNumber: firstId }, practiceType: 'new' });
    clock.advance(60_000);
    // The same e-mail, confirmed, joins the practitioner and replaces its ID number.
    const second = await submit({ practitioner: { email, idNumber: secondId } });
    expect((await confirmFromReceipt(t, second.trackingToken)).status).toBe(200);
    const byId = async (identifier: string) => {
      const res = await lookup(t, { identifier, identifierType: 'id_number' });
      expect(res.status).toBe(200);
      return lookupResponse.parse(await res.json()).status.practiceType;
    };
    expect(await byId(firstId)).toBe('new');
    expect(await byId(secondId)).toBe('established');
  });

  it("keeps answering with the first applicant's submission when a stranger submits with the same ID number", async () => {
    const idNumber = saIdNumber('870707', '5433');
    await submit({ practitioner: { idNumber, email: 'owner@example.co.za' }, practiceType: 'new' });
    clock.advance(60_000);
    await submit({ practitioner: { idNumber, email: 'stranger@example.co.za' } });
    const res = await lookup(t, { identifier: idNumber, identifierType: 'id_number' });
    expect(res.status).toBe(200);
    expect(lookupResponse.parse(await res.json()).status.practiceType).toBe('new');
  });

  it('leaves a staff note on a status change out of the timeline; the tracking view keeps it', async () => {
    const { trackingToken } = await submit({ submission: { practiceNumber: '1357913' } });
    const [row] = await t.deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.trackingToken, trackingToken));
    const cookie = await signIn(t);
    const note = 'Dr Mokoena to phone Ms Dlamini at the bureau';
    const res = await t.request(`/api/admin/submissions/${row!.id}`, {
      method: 'PATCH',
      json: { status: 'under_review', note },
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    const tracked = await (await t.request(`/api/submissions/${trackingToken}`)).text();
    expect(tracked).toContain(note);
    const looked = await lookup(t, { identifier: '1357913', identifierType: 'practice_number' });
    const text = await looked.text();
    expect(lookupResponse.parse(JSON.parse(text)).timeline.map((e) => e.description)).toContain(
      'Application is under review',
    );
    expect(text).not.toContain(note);
  });

  it('answers 404 when no submission matches, also for the other identifier type', async () => {
    const idNumber = saIdNumber('930303', '0777');
    await submit({ practitioner: { idNumber }, submission: { practiceNumber: '1111119' } });
    for (const body of [
      { identifier: '0000000', identifierType: 'practice_number' },
      { identifier: saIdNumber('010101', '0001'), identifierType: 'id_number' },
      { identifier: '1111119', identifierType: 'id_number' },
      { identifier: idNumber, identifierType: 'practice_number' },
    ]) {
      const res = await lookup(t, body);
      expect(res.status).toBe(404);
      expect(errorBody.parse(await res.json()).error).toEqual({
        code: 'not_found',
        message: 'No submission found for this identifier. Please check your details.',
      });
    }
  });

  it('refuses an empty or overlong identifier and an unknown identifier type', async () => {
    const cases: [unknown, string, string][] = [
      [
        { identifier: '   ', identifierType: 'practice_number' },
        'identifier',
        'Please enter your identifier',
      ],
      [
        { identifier: '12345678901234', identifierType: 'id_number' },
        'identifier',
        'The identifier is at most 13 characters',
      ],
      [{ identifier: '1234567', identifierType: 'passport' }, 'identifierType', ''],
      [{ identifierType: 'id_number' }, 'identifier', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await lookup(t, body);
      expect(res.status).toBe(400);
      const error = errorBody.parse(await res.json()).error;
      expect(error.code).toBe('invalid_request');
      if (message) expect(error.fields?.[field]).toBe(message);
      else expect(error.fields).toHaveProperty(field);
    }
  });
});
