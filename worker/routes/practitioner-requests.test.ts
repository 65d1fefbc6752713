// 'Waiting on the practitioner' (issue 27), against a real libSQL file and the real mail outbox
// (.eml files): staff ask, the practitioner is mailed and sees the request on the tracking
// view, reminders go after 3 and 7 days (the Clock moved, nothing slept) through the notice
// dispatcher, and an answer (a note, or the asked-for document's replacement) puts the
// enrolment back in the staff queue and stops the reminders.
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { workQueue } from '../../schema/enrolment-api.ts';
import type { TrackingResponse } from '../../schema/tracking-api.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { submitApplication, uploadDocument } from '../testing/fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { mailTo } from '../testing/mail-files.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';
import { created, track } from '../testing/submission-requests.ts';

const DAY = 24 * 60 * 60_000;
// The notice window (NOTIFY_DELAY_SECONDS, 120 s) and a second.
const WINDOW = 121_000;
const clock = manualClock(new Date('2026-11-27T08:00:00Z'));
const staff = staffSession({ clock });

const ask = (statusId: string, json: unknown) =>
  staff.request(`/api/admin/enrolments/${statusId}/request`, { method: 'POST', json });
const answer = (token: string, requestId: string, json: unknown) =>
  staff.t.request(`/api/submissions/${token}/requests/${requestId}/answer`, {
    method: 'POST',
    json,
  });

async function queue(view: 'everyone' | 'waiting') {
  const res = await staff.request(`/api/admin/enrolments?view=${view}`);
  expect(res.status).toBe(200);
  return workQueue.parse(await res.json()).items;
}

/** Runs the maintenance, moves past the notice window and runs it again (what the cron does). */
async function maintenanceRounds() {
  await runMaintenance(staff.t.deps);
  clock.advance(WINDOW);
  await runMaintenance(staff.t.deps);
}

const subjects = async (email: string) =>
  (await mailTo(staff.t, email)).map((m) => /\r\nSubject: ([^\r]*)/.exec(m.eml)?.[1] ?? '');

async function expectRefused(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(errorBody.parse(JSON.parse(text)).error.code).toBe(code);
}

describe('a request to the practitioner', () => {
  it('is mailed, shown on the tracking view, reminded after 3 and 7 days, and answered with a note', async () => {
    const s = await seedSubmission(staff.t, { email: 'asked@example.co.za', lastName: 'Mokoena' });
    const [discovery] = s.schemeStatusIds;
    await expectRefused(await ask(discovery!, { request: '  ' }), 400, 'invalid_request');
    await expectRefused(await ask(UNKNOWN_ID, { request: 'Sign page 2' }), 404, 'not_found');

    const made = await ask(discovery!, { request: 'Please sign page 2 of the Discovery form' });
    expect(made.status).toBe(201);
    const { requestId } = (await made.json()) as { requestId: string };
    await expectRefused(await ask(discovery!, { request: 'Another' }), 409, 'request_open');

    const view = await track(staff.t, s.trackingToken);
    expect(view.requests).toEqual([
      expect.objectContaining({
        id: requestId,
        schemeName: 'Discovery Health Medical Scheme',
        request: 'Please sign page 2 of the Discovery form',
        documentId: null,
        answeredAt: null,
      }),
    ]);
    const detail = await staff.detail(s.submissionId);
    expect(detail.enrolments.find((e) => e.statusId === discovery)).toMatchObject({
      reason: 'waiting_on_practitioner',
      request: { id: requestId, remindersSent: 0, answeredAt: null },
    });
    // The practitioner's move now: out of the queue, in the 'waiting' view.
    expect((await queue('everyone')).map((i) => i.statusId)).not.toContain(discovery);
    expect((await queue('waiting')).map((i) => i.statusId)).toContain(discovery);

    // The request's mail, once the notice window has passed.
    await maintenanceRounds();
    expect(await subjects(s.email)).toEqual([
      'Medical Billing Bureau: Discovery Health Medical Scheme needs something from you',
    ]);
    const [first] = await mailTo(staff.t, s.email);
    expect(first!.text).toContain('Please sign page 2 of the Discovery form');
    expect(first!.text).toContain(`#request-${requestId}`);

    // Nothing before 3 days; one reminder after them, and only one however often it runs.
    clock.advance(3 * DAY - 10 * WINDOW);
    await maintenanceRounds();
    expect(await subjects(s.email)).toHaveLength(1);
    clock.advance(10 * WINDOW);
    await maintenanceRounds();
    await maintenanceRounds();
    expect(await subjects(s.email)).toHaveLength(2);
    expect((await subjects(s.email))[1]).toBe(
      'Medical Billing Bureau: reminder, Discovery Health Medical Scheme is waiting for your answer',
    );
    // The second after 7 days; none after that.
    clock.advance(4 * DAY);
    await maintenanceRounds();
    expect(await subjects(s.email)).toHaveLength(3);
    clock.advance(7 * DAY);
    await maintenanceRounds();
    expect(await subjects(s.email)).toHaveLength(3);
    // Days have passed: a new staff session.
    await staff.signInAgain();
    const reminded = (await staff.detail(s.submissionId)).enrolments.find(
      (e) => e.statusId === discovery,
    );
    expect(reminded!.request!.remindersSent).toBe(2);

    // The answer puts the enrolment back in the queue, due today, with a history entry.
    await expectRefused(
      await answer(s.trackingToken, requestId, { note: '' }),
      400,
      'invalid_request',
    );
    await expectRefused(
      await answer('trk-unknown', requestId, { note: 'Signed' }),
      404,
      'not_found',
    );
    const answered = await answer(s.trackingToken, requestId, { note: 'Signed and posted' });
    expect(answered.status).toBe(201);
    const after = (await answered.json()) as TrackingResponse;
    expect(after.requests[0]).toMatchObject({ answerNote: 'Signed and posted' });
    expect(after.requests[0]!.answeredAt).not.toBeNull();
    await expectRefused(
      await answer(s.trackingToken, requestId, { note: 'Again' }),
      409,
      'request_answered',
    );
    const back = (await queue('everyone')).find((i) => i.statusId === discovery);
    expect(back).toMatchObject({ reason: 'practitioner_answered', due: 'today' });
    const history = (await staff.detail(s.submissionId)).enrolments.find(
      (e) => e.statusId === discovery,
    )!.history;
    expect(history.at(-1)).toMatchObject({
      actor: 'practitioner',
      changes: { reason: ['waiting_on_practitioner', 'practitioner_answered'] },
    });
  });

  it('sends no reminder once answered', async () => {
    await staff.signInAgain();
    const s = await seedSubmission(staff.t, { email: 'quick@example.co.za' });
    const made = await ask(s.schemeStatusIds[1]!, { request: 'Your practice number, please' });
    const { requestId } = (await made.json()) as { requestId: string };
    expect((await answer(s.trackingToken, requestId, { note: '0123456' })).status).toBe(201);
    // Answered inside the window: the request's own mail is not sent either.
    await maintenanceRounds();
    clock.advance(8 * DAY);
    await maintenanceRounds();
    expect(await mailTo(staff.t, s.email)).toEqual([]);
  });

  it("naming a document, marks it to send again and is answered by that document's replacement", async () => {
    await staff.signInAgain();
    const { response } = await submitApplication(staff.t);
    const { trackingToken } = await created(response);
    const view = await track(staff.t, trackingToken);
    const bank = view.documents.find((d) => d.sectionKey === 'bank_proof')!;
    const detail = await staff.detail(view.submission.id);
    const statusId = detail.medicalAidStatuses[0]!.id;
    const other = await seedSubmission(staff.t);
    await expectRefused(
      await ask(statusId, { request: 'A newer letter', documentId: other.documentIds[0] }),
      404,
      'document_not_found',
    );
    const made = await ask(statusId, {
      request: 'The bank letter must be less than 3 months old',
      documentId: bank.id,
    });
    expect(made.status).toBe(201);
    const { requestId } = (await made.json()) as { requestId: string };
    const asked = await track(staff.t, trackingToken);
    expect(asked.documents.find((d) => d.id === bank.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The bank letter must be less than 3 months old',
    });
    expect(asked.requests[0]).toMatchObject({ id: requestId, documentId: bank.id });

    const upload = await uploadDocument(staff.t, 'bank_proof');
    const replaced = await staff.t.request(
      `/api/submissions/${trackingToken}/documents/${bank.id}/replacement`,
      {
        method: 'POST',
        json: { url: upload.url, name: upload.name, size: upload.size, type: upload.type },
      },
    );
    expect(replaced.status).toBe(201);
    const now = (await replaced.json()) as TrackingResponse;
    expect(now.requests[0]!.answeredAt).not.toBeNull();
    const enrolment = (await staff.detail(view.submission.id)).enrolments.find(
      (e) => e.statusId === statusId,
    )!;
    expect(enrolment.reason).toBe('practitioner_answered');
    expect(enrolment.request!.answerDocumentId).toBe(
      now.documents.find((d) => d.replacesDocumentId === bank.id)!.id,
    );
  });
});
