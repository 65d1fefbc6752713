// The reminder run reads only what is due (decision 129), on the Clock's time over real libSQL:
// each document's next reminder day moves on with the mail's record, and follows every change
// it depends on (a rule staff change, the reminder days, a document rejected and accepted
// again), so the run finds the right day without walking the dated documents.
import { describe, expect, it } from 'vitest';
import { staffValidityView } from '../../schema/document-validity-api.ts';
import { remindExpiringDocuments } from '../services/document-validity/document-reminders.ts';
import { applyDated, renewalMails, runOn } from '../testing/expiry-requests.ts';
import { manualClock } from '../testing/harness.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { submissionByToken } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-05-01T08:00:00Z'));
const staff = staffSession({ clock });

/** One reminder run on the South African day, with what it read and sent. */
async function runFigures(day: string) {
  clock.set(new Date(`${day}T06:00:00Z`));
  return remindExpiringDocuments(staff.t.deps);
}

const mails = async (email: string) => (await renewalMails(staff.t, email)).length;

async function patch(path: string, json: unknown) {
  await staff.signInAgain();
  const res = await staff.request(path, { method: 'PATCH', json });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('the next reminder day', () => {
  it('lets a run read only the documents due, never the others in the window', async () => {
    // Five letters good until 2, 9, 16, 23 and 30 July: their 30-day mails fall a week apart.
    for (const day of ['02', '09', '16', '23', '30']) {
      await applyDated(staff.t, 'bank_proof', `2026-04-${day}`);
    }
    expect(await runFigures('2026-05-20')).toEqual({ lookedAt: 0, sent: 0 });
    expect(await runFigures('2026-06-02')).toEqual({ lookedAt: 1, sent: 1 });
    // Sent: the day moved on with the mail's record, so the same day's next run reads nothing.
    expect(await runFigures('2026-06-02')).toEqual({ lookedAt: 0, sent: 0 });
    expect(await runFigures('2026-06-05')).toEqual({ lookedAt: 0, sent: 0 });
    // A run missed on the 9th: that letter's 30-day mail goes late, beside the 16th's.
    expect(await runFigures('2026-06-16')).toEqual({ lookedAt: 2, sent: 2 });
    expect(await runFigures('2026-06-17')).toEqual({ lookedAt: 0, sent: 0 });
    expect(await runFigures('2026-06-23')).toEqual({ lookedAt: 1, sent: 1 });
    // The 2 July letter's 7-day mail: the first letter is read again on its next step's day.
    expect(await runFigures('2026-06-24')).toEqual({ lookedAt: 0, sent: 0 });
    expect(await runFigures('2026-06-25')).toEqual({ lookedAt: 1, sent: 1 });
  });

  it('follows a rule staff change, and the change is in its history', async () => {
    clock.set(new Date('2027-01-10T08:00:00Z'));
    const app = await applyDated(staff.t, 'certified_id', '2027-01-05');
    expect(app.doc.goodUntil).toBe('2027-04-05');
    // Shorter: the new 30-day mail falls a month before the old rule's would have.
    await patch('/api/admin/document-validity/rules/certified_id', {
      rule: { kind: 'certified_within', months: 2 },
      source: 'https://www.medihelp.co.za',
    });
    const history = staffValidityView.parse(
      await (await staff.request('/api/admin/document-validity')).json(),
    ).changes[0];
    expect(history).toMatchObject({ entityId: 'certified_id' });
    expect(history?.details).toMatchObject({ to: 'Certified within 2 months' });
    await runOn(staff.t, clock, '2027-02-02');
    expect(await mails(app.email)).toBe(0);
    await runOn(staff.t, clock, '2027-02-03');
    const [mail] = await renewalMails(staff.t, app.email);
    expect(mail?.text).toContain('until 05 March 2027');
    await patch('/api/admin/document-validity/rules/certified_id', {
      rule: { kind: 'certified_within', months: 3 },
      source: 'https://www.medihelp.co.za',
    });
  });

  it('follows the reminder days staff keep', async () => {
    clock.set(new Date('2027-08-01T08:00:00Z'));
    const app = await applyDated(staff.t, 'bank_proof', '2027-07-20');
    expect(app.doc.goodUntil).toBe('2027-10-20');
    // Earlier than the 30 days the letter was dated for: mailed on the new day.
    await patch('/api/admin/document-validity/settings', { reminderLeadDays: [45] });
    await runOn(staff.t, clock, '2027-09-05');
    expect(await mails(app.email)).toBe(1);
    for (const oldStep of ['2027-09-20', '2027-10-13']) {
      await runOn(staff.t, clock, oldStep);
      expect(await mails(app.email)).toBe(1);
    }
    await runOn(staff.t, clock, '2027-10-20');
    expect(await mails(app.email)).toBe(2);
    await patch('/api/admin/document-validity/settings', { reminderLeadDays: [30, 7] });
  });

  it('follows a date staff correct on review', async () => {
    clock.set(new Date('2028-06-05T08:00:00Z'));
    const app = await applyDated(staff.t, 'bank_proof', '2028-06-01');
    // The letter was dated a month earlier than given: its 30-day mail comes a month sooner.
    await patch(`/api/admin/documents/${app.doc.id}/validity-date`, { date: '2028-05-01' });
    await runOn(staff.t, clock, '2028-07-02');
    const [mail] = await renewalMails(staff.t, app.email);
    expect(mail?.text).toContain('until 01 August 2028');
  });

  it('stops for a rejected document and starts again once it is accepted', async () => {
    clock.set(new Date('2028-01-05T08:00:00Z'));
    const app = await applyDated(staff.t, 'bank_proof', '2028-01-01');
    const documentStatus = (status: string) =>
      patch(`/api/admin/documents/${app.doc.id}`, {
        status,
        ...(status === 'rejected' ? { reason: 'The page is cut off.' } : {}),
      });
    await documentStatus('rejected');
    expect(await runFigures('2028-03-02')).toEqual({ lookedAt: 0, sent: 0 });
    await documentStatus('approved');
    await runOn(staff.t, clock, '2028-03-03');
    expect(await mails(app.email)).toBe(1);

    // The same for the application: rejected, none; taken back, the 7-day mail on its day.
    const row = await submissionByToken(staff.t, app.token);
    await patch(`/api/admin/submissions/${row.id}`, { status: 'rejected' });
    expect(await runFigures('2028-03-25')).toEqual({ lookedAt: 0, sent: 0 });
    await patch(`/api/admin/submissions/${row.id}`, { status: 'under_review' });
    await runOn(staff.t, clock, '2028-03-25');
    expect(await mails(app.email)).toBe(2);
  });
});
