// Reminders of a request to the practitioner that nobody answers (issue 27): one after 3 days,
// one after 7, each mailed once, none once answered. The clock is moved, not slept: the test
// moves the request's time back in the server's own database while the server is down, and
// the maintenance run every start makes (worker/node.ts) finds the reminder due and mails it.
// Staff asking, the mail, and answering on /track are the enrolment desk's journey.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { expect, request as requests, test } from '@playwright/test';
import { killableServer } from './application-helpers.ts';
import { submitApplication } from './dashboard-fixtures.ts';

const DAY_MS = 24 * 60 * 60_000;

test('an unanswered request is mailed again after 3 days and after 7, once each, and not once answered', async () => {
  test.setTimeout(180_000);
  // Practitioner mail at once, instead of combined over two minutes.
  const server = killableServer({ env: { NOTIFY_DELAY_SECONDS: '0' } });
  await server.start();
  const request = await requests.newContext({ baseURL: server.origin });
  try {
    const practitioner = await submitApplication(request, server.origin, 'Reminded');
    const database = () => createClient({ url: `file:${join(server.dataDir, 'portal.db')}` });

    // A request on the application's Discovery Health enrolment, as staff make it, written
    // while the server is down (it holds the database file while it runs).
    const requestId = crypto.randomUUID();
    await server.kill();
    {
      const db = database();
      const enrolment = await db.execute({
        sql: `select m.id, m.submission_id from medical_aid_statuses m
              join submissions s on s.id = m.submission_id
              where s.tracking_token = ? and m.medical_aid_name like 'Discovery Health%'`,
        args: [practitioner.trackingToken],
      });
      const [statusId, submissionId] = [enrolment.rows[0]![0], enrolment.rows[0]![1]];
      await db.execute({
        sql: `insert into practitioner_requests
              (id, submission_id, status_id, request, requested_at, reminders_sent)
              values (?, ?, ?, 'Please send the bank letter again, stamped.', ?, 0)`,
        args: [requestId, submissionId!, statusId!, Date.now()],
      });
      db.close();
    }
    await server.start();
    const reminders = () =>
      readdirSync(join(server.dataDir, 'mail'))
        .filter((file) => file.endsWith('.eml'))
        .map((file) => readFileSync(join(server.dataDir, 'mail', file), 'utf8'))
        .filter((mail) => mail.includes(practitioner.email) && /Subject: .*reminder/i.test(mail));

    /** Moves the request `days` into the past, then starts the server again. */
    const daysLater = async (days: number) => {
      await server.kill();
      const db = database();
      await db.execute({
        sql: 'update practitioner_requests set requested_at = ? where id = ?',
        args: [Date.now() - days * DAY_MS - 60_000, requestId],
      });
      db.close();
      await server.start();
    };

    /** n reminders, and still n once the start's maintenance run has had time to add one. */
    const stillAt = async (n: number) => {
      await new Promise((done) => setTimeout(done, 3_000));
      expect(reminders()).toHaveLength(n);
    };

    // Started again the same day: nothing is due.
    await daysLater(0);
    await stillAt(0);

    await daysLater(3);
    await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1);
    await stillAt(1);
    expect(reminders()[0]).toContain('Please send the bank letter again, stamped.');

    // A start on day 4 sends nothing more; day 7 sends the second, and only it.
    await daysLater(4);
    await stillAt(1);
    await daysLater(7);
    await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(2);
    await stillAt(2);
    await daysLater(12);
    await stillAt(2);

    // Answered: never reminded again.
    const answered = await request.post(
      `${server.origin}/api/submissions/${practitioner.trackingToken}/requests/${requestId}/answer`,
      { data: { note: 'Posted it today.' }, headers: { Origin: server.origin } },
    );
    expect(answered.status(), await answered.text()).toBeLessThan(300);
    await daysLater(30);
    await stillAt(2);
  } finally {
    await request.dispose();
    await server.close();
  }
});
