// A manager's phone that never got the answer to "create the practice" asks again with the same
// Idempotency-Key (the manager's wizard keeps it with the queued practice): the same practice
// and the same link come back, and no second practice, ticket use or mail is made.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { practices } from '../../schema/db-practices.ts';
import { manualClock } from '../testing/harness.ts';
import { mailTo, waitForMailTo } from '../testing/mail-files.ts';
import { practiceApplication } from '../testing/practice-requests.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
const s = staffSession({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });

describe('creating a practice again with the same Idempotency-Key', () => {
  it('answers the first practice and link, once, and refuses the key for another request', async () => {
    const t = s.t;
    const application = await practiceApplication(t);
    const send = (body: unknown, key: string) =>
      t.request('/api/practices', {
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': key },
      });
    const key = crypto.randomUUID();
    const first = await send(application, key);
    expect(first.status, await first.clone().text()).toBe(201);
    const { practiceToken } = (await first.json()) as { practiceToken: string };

    const again = await send(application, key);
    expect(again.status, await again.clone().text()).toBe(201);
    expect(await again.json()).toMatchObject({ practiceToken });

    const rows = await t.deps.db
      .select({ id: practices.id })
      .from(practices)
      .where(eq(practices.managerEmail, application.managerEmail.toLowerCase()));
    expect(rows).toHaveLength(1);
    await waitForMailTo(t, application.managerEmail);
    expect(await mailTo(t, application.managerEmail)).toHaveLength(1);
    // The link's secret is kept sealed for the retry, never as it is.
    const kept = await t.deps.db.run('select response_body from idempotency_keys');
    expect(JSON.stringify(kept.rows)).not.toContain(practiceToken);

    const other = await send({ ...application, name: 'Another Practice' }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
  });
});
