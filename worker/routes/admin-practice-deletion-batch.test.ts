// Deleting a practice is one batch (decision 131), over real HTTP, libSQL and the object store:
// the submissions staff chose to delete, the practice's own part and the security-log entry
// commit together or not at all. A trigger refusing the practice row's delete, the batch's
// later step, stands in for a failure midway (a lost connection, a full disk).
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { documents } from '../../schema/db.ts';
import { practiceDocuments } from '../../schema/db-practices.ts';
import { manualClock } from '../testing/harness.ts';
import { seedPractice } from '../testing/practice-fixtures.ts';
import { changedTables, tableStates } from '../testing/row-counts.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
const s = staffSession({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });

async function storedKeys(practiceId: string, submissionIds: string[]) {
  const shared = await s.t.deps.db
    .select({ objectKey: practiceDocuments.objectKey })
    .from(practiceDocuments)
    .where(eq(practiceDocuments.practiceId, practiceId));
  const own = await s.t.deps.db
    .select({ objectKey: documents.objectKey, id: documents.submissionId })
    .from(documents);
  return [
    ...shared.map((r) => r.objectKey),
    ...own.filter((r) => submissionIds.includes(r.id)).map((r) => r.objectKey),
  ];
}

afterEach(async () => {
  await s.t.deps.db.run(sql`drop trigger if exists practice_deletion_fails`);
});

describe('deleting a practice, all or nothing', () => {
  it('a failure midway leaves the submissions, the practice and every stored file', async () => {
    const seeded = await seedPractice(s.t, s.cookie, 3);
    const ids = seeded.submissions.map((x) => x.submissionId);
    const keys = await storedKeys(seeded.practiceId, ids);
    expect(keys.length).toBeGreaterThanOrEqual(2 + 3 * 3);
    const path = `/api/admin/practices/${seeded.practiceId}/deletion`;
    const json = {
      submissions: [
        { submissionId: ids[0]!, action: 'delete' },
        { submissionId: ids[1]!, action: 'delete' },
        { submissionId: ids[2]!, action: 'keep' },
      ],
    };

    await s.t.deps.db.run(
      sql.raw(`create trigger practice_deletion_fails before delete on practices
        begin select raise(abort, 'the database went away'); end`),
    );
    const before = await tableStates(s.t.deps.db);
    const failed = await s.request(path, { method: 'POST', json });
    expect(failed.status).toBe(500);
    // Nothing changed: not the two submissions to delete (the cascade ran before the
    // practice's row in the batch), not the links, not the log, not a pending deletion.
    expect(changedTables(before, await tableStates(s.t.deps.db))).toEqual([]);
    for (const key of keys) expect(await s.t.deps.store.head(key)).not.toBeNull();
    for (const id of ids)
      expect((await s.request(`/api/admin/submissions/${id}`)).status).toBe(200);
    expect((await s.request(`/api/admin/practices/${seeded.practiceId}`)).status).toBe(200);

    // The same request, once the database answers again, deletes it all.
    await s.t.deps.db.run(sql`drop trigger practice_deletion_fails`);
    const res = await s.request(path, { method: 'POST', json });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ success: true, kept: 1, deleted: 2 });
    for (const id of ids.slice(0, 2)) {
      expect((await s.request(`/api/admin/submissions/${id}`)).status).toBe(404);
    }
    expect((await s.request(`/api/admin/submissions/${ids[2]}`)).status).toBe(200);
    const keptKeys = await storedKeys('', [ids[2]!]);
    for (const key of keys) {
      expect(await s.t.deps.store.head(key), key).toEqual(
        keptKeys.includes(key) ? expect.anything() : null,
      );
    }
  });
});
