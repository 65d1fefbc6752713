// The reminder run of documents that expire (issue 38), on the Clock's time through the
// maintenance both targets run: a bank letter dated 80 days ago under a 3-month rule gets the
// 7-day mail (never a late 30-day one), the day's mail, each once, and none after its
// replacement is accepted; a yearly renewal asks again the next year.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../schema/document-validity.ts';
import { type ExpiringDocuments, expiringDocuments } from '../../schema/document-validity-api.ts';
import type { EnrolmentTimes } from '../../schema/enrolment-api.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import {
  applyDated,
  renewalMails as mailsOfRenewal,
  replaceDated,
  runOn as runOnDay,
} from '../testing/expiry-requests.ts';
import { manualClock } from '../testing/harness.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { submissionByToken, track } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-03-01T08:00:00Z'));
const staff = staffSession({ clock });

const runOn = (day: string) => runOnDay(staff.t, clock, day);
const apply = (sectionKey: string, validityDate: string, practiceType?: 'new') =>
  applyDated(staff.t, sectionKey, validityDate, practiceType);

/** /track's count of documents to renew, and whether the lookup says action is needed. */
async function waitingOnPractitioner(app: { token: string; idNumber: string }) {
  const lookup = await staff.t.request('/api/lookup', {
    method: 'POST',
    json: { identifier: app.idNumber, identifierType: 'id_number' },
  });
  expect(lookup.status).toBe(200);
  const view = await track(staff.t, app.token);
  return {
    toRenew: view.documentsToRenew,
    toReplace: view.documentsToReplace,
    actionNeeded: ((await lookup.json()) as { actionNeeded: boolean }).actionNeeded,
  };
}

const renewalMails = (email: string) => mailsOfRenewal(staff.t, email);
const replace = (token: string, documentId: string, sectionKey: string, date: string) =>
  replaceDated(staff.t, token, documentId, sectionKey, date);

describe('reminders before a document stops being good', () => {
  it('mails the 7-day step (not the 30-day) and the day, once each, and stops once replaced', async () => {
    const dated = addDays('2026-03-01', -80);
    const app = await apply('bank_proof', dated);
    expect(app.doc).toMatchObject({ goodUntil: '2026-03-11', renewalAsked: false });

    // Ten days left when it was given: the 30-day step's day had passed, so it is never sent.
    await runOn('2026-03-01');
    await runOn('2026-03-03');
    expect(await renewalMails(app.email)).toEqual([]);
    expect(await waitingOnPractitioner(app)).toEqual({
      toRenew: 0,
      toReplace: 0,
      actionNeeded: false,
    });

    await runOn('2026-03-04');
    await runOn('2026-03-05');
    const week = await renewalMails(app.email);
    expect(week).toHaveLength(1);
    expect(week[0]!.text).toContain('accepted by the schemes until 11 March 2026');
    expect(week[0]!.text).toContain(`token=${app.token}`);
    expect(week[0]!.text).toContain(`document-${app.doc.id}`);
    const asked = (await track(staff.t, app.token)).documents.find((d) => d.id === app.doc.id);
    expect(asked?.renewalAsked).toBe(true);
    // Counted beside the documents to replace, never in them; the lookup says action is needed.
    expect(await waitingOnPractitioner(app)).toEqual({
      toRenew: 1,
      toReplace: 0,
      actionNeeded: true,
    });

    await runOn('2026-03-11');
    await runOn('2026-03-11');
    const both = await renewalMails(app.email);
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain('today, 11 March 2026, is the last day');

    // Renewed from /track; staff accept the new letter; nothing more about the old one.
    const res = await replace(app.token, app.doc.id, 'bank_proof', '2026-03-10');
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await waitingOnPractitioner(app)).toRenew).toBe(0);
    await staff.signInAgain();
    const row = await submissionByToken(staff.t, app.token);
    const detail = await staff.detail(row.id);
    const renewed = detail.documents.find((d) => d.replacesDocumentId === app.doc.id)!;
    expect(renewed).toMatchObject({ validityDate: '2026-03-10', goodUntil: '2026-06-10' });
    const accepted = await staff.request(`/api/admin/documents/${renewed.id}`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    expect(accepted.status).toBe(200);
    for (const day of ['2026-03-12', '2026-03-18', '2026-03-25']) await runOn(day);
    expect(await renewalMails(app.email)).toHaveLength(2);
  });

  it('sends no day mail for a letter renewed after the 7-day mail', async () => {
    clock.set(new Date('2026-03-01T08:00:00Z'));
    const app = await apply('bank_proof', addDays('2026-03-01', -80));
    await runOn('2026-03-04');
    expect(await renewalMails(app.email)).toHaveLength(1);
    const res = await replace(app.token, app.doc.id, 'bank_proof', '2026-03-04');
    expect(res.status).toBe(201);
    await runOn('2026-03-11');
    await runOn('2026-03-12');
    expect(await renewalMails(app.email)).toHaveLength(1);
  });

  it('refuses to replace a document that was neither rejected nor asked for', async () => {
    clock.set(new Date('2026-03-01T08:00:00Z'));
    const app = await apply('bank_proof', '2026-02-20');
    const res = await replace(app.token, app.doc.id, 'bank_proof', '2026-02-27');
    expect(res.status).toBe(409);
  });

  it('asks for a yearly renewal again the next year', async () => {
    clock.set(new Date('2026-03-01T08:00:00Z'));
    // Renewed in February: within three months of 31 March, so it counts for the year after.
    const app = await apply('practice_number', '2026-02-01', 'new');
    expect(app.doc.goodUntil).toBe('2027-03-31');
    await runOn('2026-03-31');
    expect(await renewalMails(app.email)).toEqual([]);

    await runOn('2027-03-01');
    await runOn('2027-03-24');
    await runOn('2027-03-31');
    expect(await renewalMails(app.email)).toHaveLength(3);

    await staff.signInAgain();
    const res = await replace(app.token, app.doc.id, 'practice_number', '2027-03-20');
    expect(res.status, await res.clone().text()).toBe(201);
    const renewed = (await track(staff.t, app.token)).documents.find(
      (d) => d.replacesDocumentId === app.doc.id,
    )!;
    expect(renewed.goodUntil).toBe('2028-03-31');
    await runOn('2027-04-15');
    expect(await renewalMails(app.email)).toHaveLength(3);
    await runOn('2028-03-01');
    const next = await renewalMails(app.email);
    expect(next).toHaveLength(4);
    expect(next[3]!.text).toContain('until 31 March 2028');
  });

  it('lists what expires at the desk, with the reminders sent, and reminds now once a day', async () => {
    clock.set(new Date('2026-09-01T08:00:00Z'));
    await staff.signInAgain();
    const soon = await apply('bank_proof', '2026-06-10');
    const late = await apply('bank_proof', '2026-05-20');
    const later = await apply('bank_proof', '2026-08-25');
    await runOn('2026-09-03');
    await staff.signInAgain();
    const view = async () => {
      const res = await staff.request('/api/admin/document-validity/expiring');
      expect(res.status).toBe(200);
      return expiringDocuments.parse(await res.json());
    };
    const mine = (v: ExpiringDocuments) =>
      v.items.filter((i) => [soon.doc.id, late.doc.id, later.doc.id].includes(i.documentId));
    const listed = mine(await view());
    expect(listed.map((i) => [i.documentId, i.standing, i.goodUntil])).toEqual([
      [late.doc.id, 'overdue', '2026-08-20'],
      [soon.doc.id, 'expiring', '2026-09-10'],
    ]);
    expect(listed[1]).toMatchObject({ rule: 'Dated within 3 months', validityDate: '2026-06-10' });
    expect(listed[1]!.remindersSent.map((r) => r.step)).toEqual(['before_7']);

    const remind = () =>
      staff.request('/api/admin/document-validity/reminders', {
        method: 'POST',
        json: { documentIds: [soon.doc.id, late.doc.id, later.doc.id] },
      });
    expect(await (await remind()).json()).toEqual({ reminded: 2 });
    expect(await (await remind()).json()).toEqual({ reminded: 0 });
    clock.advance(5 * 60_000);
    await runMaintenance(staff.t.deps);
    expect(await renewalMails(late.email)).toHaveLength(1);
    expect(await renewalMails(soon.email)).toHaveLength(2);
    expect(await renewalMails(later.email)).toHaveLength(0);
    const after = mine(await view());
    expect(after[0]!.remindersSent.map((r) => r.step)).toEqual(['now_2026-09-03']);
  });

  it('counts the approved practitioners fully valid today for the insights', async () => {
    clock.set(new Date('2026-10-01T08:00:00Z'));
    await staff.signInAgain();
    const insight = async () => {
      const res = await staff.request('/api/admin/enrolments/times');
      expect(res.status).toBe(200);
      return ((await res.json()) as EnrolmentTimes).validity!;
    };
    const before = await insight();
    const valid = await apply('bank_proof', '2026-09-20');
    const lapsed = await apply('bank_proof', '2026-06-01');
    for (const app of [valid, lapsed]) {
      const row = await submissionByToken(staff.t, app.token);
      const res = await staff.request(`/api/admin/submissions/${row.id}`, {
        method: 'PATCH',
        json: { status: 'approved' },
      });
      expect(res.status).toBe(200);
    }
    expect(await insight()).toEqual({
      approved: before.approved + 2,
      fullyValid: before.fullyValid + 1,
    });
  });
});
