// The dashboard's counts and search index are kept by triggers (decision 103): after a new
// submission, a status change, an edit of a searched field and a deletion, the stats and the
// list's total are what counting every row says, and the search finds the rows as they are.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../schema/db.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff, seedSubmission } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';

describe('kept counts and search index', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock() });
    await addStaff(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.dispose());
  const asStaff = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(path, { ...init, headers: { Cookie: cookie } });

  async function expectCountsAsCounted() {
    const [row] = await t.deps.db.all<Record<string, number>>(sql`
      select count(*) as total, coalesce(sum(status = 'pending'), 0) as pending,
        coalesce(sum(status = 'approved'), 0) as approved,
        (select count(*) from practitioners) as practitioners
      from submissions`);
    const stats = await (await asStaff('/api/admin/stats')).json();
    expect(stats).toEqual({
      totalSubmissions: row!.total,
      pendingSubmissions: row!.pending,
      approvedSubmissions: row!.approved,
      totalPractitioners: row!.practitioners,
    });
    const list = await asStaff('/api/admin/submissions?limit=1');
    expect(list.headers.get('X-Total-Count')).toBe(String(row!.total));
    const approved = await asStaff('/api/admin/submissions?limit=1&status=approved');
    expect(approved.headers.get('X-Total-Count')).toBe(String(row!.approved));
  }
  const found = async (q: string) =>
    (await (await asStaff(`/api/admin/submissions?q=${encodeURIComponent(q)}`)).json()).map(
      (i: { submission: { id: string } }) => i.submission.id,
    );

  it('follow new submissions, status changes, edits and deletions', async () => {
    const first = await seedSubmission(t, { lastName: 'Mokoena', email: 'mokoena@example.co.za' });
    const second = await seedSubmission(t, { lastName: 'Naidoo' });
    await expectCountsAsCounted();
    expect(await found('MOKOENA')).toEqual([first.submissionId]);

    for (const status of ['under_review', 'approved', 'approved', 'rejected', 'approved']) {
      const res = await asStaff(`/api/admin/submissions/${first.submissionId}`, {
        method: 'PATCH',
        json: { status },
      });
      expect(res.status).toBe(200);
      await expectCountsAsCounted();
    }

    await t.deps.db
      .update(submissions)
      .set({ lastName: 'Mokoena-Khumalo', email: 'thabo@example.org' })
      .where(sql`${submissions.id} = ${first.submissionId}`);
    expect(await found('khumalo')).toEqual([first.submissionId]);
    expect(await found('mokoena@')).toEqual([]);

    const deleted = await asStaff(`/api/admin/submissions/${second.submissionId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    await expectCountsAsCounted();
    expect(await found('naidoo')).toEqual([]);
  });
});
