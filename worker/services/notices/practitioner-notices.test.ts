// Staff changes become practitioner mail: several changes within NOTIFY_DELAY_SECONDS make one
// message, each cause lands in exactly one message (even with two dispatchers at once), and a
// delivery that succeeded at the transport but was never recorded (the process died) leaves
// exactly one .eml file after a restart.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, practitionerNotices } from '../../../schema/db.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import { mailFiles, mailTo } from '../../testing/mail-files.ts';
import { addStaff, seedSubmission } from '../../testing/staff-fixtures.ts';
import { staffRequest } from '../../testing/staff-requests.ts';
import { signIn } from '../../testing/staff-sign-in.ts';
import { runNoticeRound } from '../maintenance/maintenance.ts';
import { deliverOutboxMessage, deliverPendingMail } from './mail-outbox.ts';
import { dispatchNotices, settleNotices } from './practitioner-notices.ts';

const clock = manualClock();
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await addStaff(t);
  cookie = await signIn(t);
});
afterAll(() => t.dispose());

async function patch(path: string, json: unknown) {
  const res = await staffRequest(t, cookie, path, { method: 'PATCH', json });
  expect(res.status).toBe(200);
}

describe('practitioner notices', () => {
  it('combines the changes of the window into one message with each cause once', async () => {
    const s = await seedSubmission(t, { lastName: "O'Smith" });
    await patch(`/api/admin/submissions/${s.submissionId}`, { status: 'under_review' });
    clock.advance(30_000);
    await patch(`/api/admin/submissions/${s.submissionId}/schemes/${s.schemeStatusIds[0]}`, {
      status: 'approved',
    });
    await patch(`/api/admin/documents/${s.documentIds[0]}`, {
      status: 'rejected',
      reason: 'Please send a <clearer> copy',
    });
    // Still inside the window after the last change: nothing yet.
    clock.advance(119_000);
    expect(await dispatchNotices(t.deps)).toBe(0);
    clock.advance(2_000);
    expect(await dispatchNotices(t.deps)).toBe(1);
    expect(await dispatchNotices(t.deps)).toBe(0);

    const [mail, ...more] = await mailTo(t, s.email);
    expect(more).toEqual([]);
    expect(mail!.eml).toContain('Subject: Medical Billing Bureau: updates to your application');
    expect(mail!.text).toContain("Dear Dr. O'Smith,");
    expect(mail!.html).toContain('Dear Dr. O&#39;Smith,');
    expect(mail!.text).toContain('Application status: Under Review');
    expect(mail!.text).toMatch(/: Approved/);
    expect(mail!.text).toContain('Reason: Please send a <clearer> copy');
    expect(mail!.html).toContain('Please send a &lt;clearer&gt; copy');
    expect(mail!.text).toContain(
      `http://localhost:8787/track?token=${s.trackingToken}#document-${s.documentIds[0]}`,
    );
    const notices = await t.deps.db
      .select()
      .from(practitionerNotices)
      .where(eq(practitionerNotices.submissionId, s.submissionId));
    expect(notices).toHaveLength(3);
    expect(new Set(notices.map((n) => n.outboxId)).size).toBe(1);
    expect(notices.every((n) => n.settledAt)).toBe(true);
  });

  it('uses the status words of the tracking page in a single-cause subject', async () => {
    const s = await seedSubmission(t);
    await patch(`/api/admin/submissions/${s.submissionId}`, { status: 'approved' });
    clock.advance(121_000);
    await dispatchNotices(t.deps);
    const [mail] = await mailTo(t, s.email);
    expect(mail!.eml).toContain(
      'Subject: Medical Billing Bureau: your application is now Approved',
    );
  });

  it('puts each cause in one message when two dispatchers run at once', async () => {
    const s = await seedSubmission(t);
    await patch(`/api/admin/submissions/${s.submissionId}`, { status: 'rejected' });
    clock.advance(121_000);
    const made = (await Promise.all([settleNotices(t.deps), settleNotices(t.deps)])).flat();
    expect(made).toHaveLength(1);
    const rows = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email));
    // (The seeded submission has its own receipt in the outbox.)
    expect(rows.filter((r) => r.subject.includes('is now Rejected'))).toHaveLength(1);
  });

  it('leaves exactly one file when the process dies between delivering and recording it', async () => {
    const s = await seedSubmission(t);
    await patch(`/api/admin/submissions/${s.submissionId}`, { status: 'under_review' });
    clock.advance(121_000);
    const [outboxId] = await settleNotices(t.deps);
    const mailer = t.deps.mailer!;
    const send = mailer.send;
    mailer.send = async (message) => {
      await send.call(mailer, message);
      throw new Error('the process died before sentAt was written');
    };
    try {
      expect(await deliverOutboxMessage(t.deps, outboxId!)).toBe(false);
    } finally {
      mailer.send = send;
    }
    const filesFor = async () => (await mailFiles(t)).filter((f) => f.name.includes(outboxId!));
    expect(await filesFor()).toHaveLength(1);

    // Restart on the same DATA_DIR: the maintenance run delivers it again.
    await t.stop();
    t = await createTestApp({ clock, dataDir: t.dataDir });
    cookie = await signIn(t);
    await deliverPendingMail(t.deps);
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId!));
    expect(row!.sentAt).not.toBeNull();
    expect(await filesFor()).toHaveLength(1);
    // Even a row whose sentAt is lost altogether is not a second message.
    await t.deps.db.update(mailOutbox).set({ sentAt: null }).where(eq(mailOutbox.id, outboxId!));
    expect(await deliverOutboxMessage(t.deps, outboxId!)).toBe(true);
    expect(await filesFor()).toHaveLength(1);
    expect((await filesFor())[0]!.text).toContain('Application status: Under Review');
  });

  it('sends at once with NOTIFY_DELAY_SECONDS=0 and says nothing about a rejection undone in time', async () => {
    const s = await seedSubmission(t);
    await patch(`/api/admin/documents/${s.documentIds[1]}`, { status: 'rejected', reason: 'Old' });
    await patch(`/api/admin/documents/${s.documentIds[1]}`, { status: 'approved' });
    clock.advance(121_000);
    expect(await dispatchNotices(t.deps)).toBe(0);
    expect(await mailTo(t, s.email)).toEqual([]);

    const instant = await createTestApp({ clock, env: { NOTIFY_DELAY_SECONDS: '0' } });
    try {
      expect(instant.deps.config.notifyDelaySeconds).toBe(0);
    } finally {
      await instant.dispose();
    }
  });

  it('on Workers leaves notices to the minute cron: no wait inside waitUntil', async () => {
    // An app of its own: the changes above left their Node-style waits running.
    const workersClock = manualClock();
    const w = await createTestApp({ clock: workersClock });
    try {
      await addStaff(w);
      const staff = await signIn(w);
      const s = await seedSubmission(w);
      const held = () =>
        Promise.race([
          w.settled().then(() => 'nothing held'),
          new Promise((done) => setTimeout(done, 300, 'still waiting')),
        ]);
      const change = async (status: string) => {
        const path = `/api/admin/submissions/${s.submissionId}`;
        const res = await staffRequest(w, staff, path, { method: 'PATCH', json: { status } });
        expect(res.status).toBe(200);
      };
      w.deps.noticesBySchedule = true;
      await change('under_review');
      expect(await held()).toBe('nothing held');
      workersClock.advance(w.deps.config.notifyDelaySeconds * 1000 + 1000);
      await runNoticeRound(w.deps);
      const [mail, ...more] = await mailTo(w, s.email);
      expect(more).toEqual([]);
      expect(mail!.text).toContain('Application status: Under Review');
      // The Node process instead waits the window out after the answer.
      w.deps.noticesBySchedule = false;
      await change('approved');
      expect(await held()).toBe('still waiting');
    } finally {
      await w.dispose();
    }
  });
});
