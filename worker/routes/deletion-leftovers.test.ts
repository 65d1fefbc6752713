// What a deletion must not leave behind outside the rows admin-deletion.test.ts searches: bytes
// whose delete failed once (retried by maintenance) and the deleted values in the database
// file's free pages (secure_delete).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingObjectDeletions, practitioners, submissions } from '../../schema/db.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { submitApplication } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { mailFiles } from '../testing/mail-files.ts';
import { addStaff, seedSubmission } from '../testing/staff-fixtures.ts';
import { staffRequest } from '../testing/staff-requests.ts';
import { signIn } from '../testing/staff-sign-in.ts';
import { created } from '../testing/submission-requests.ts';

let t: TestApp;
afterEach(() => t.dispose());

async function deleteAsStaff(id: string) {
  await addStaff(t);
  const cookie = await signIn(t);
  const res = await staffRequest(t, cookie, `/api/admin/submissions/${id}`, { method: 'DELETE' });
  expect(res.status).toBe(200);
}

describe('after a submission is deleted', () => {
  it('removes a stored object whose first delete failed at the next maintenance run', async () => {
    t = await createTestApp({ clock: manualClock() });
    const seeded = await seedSubmission(t);
    const store = t.deps.store;
    const realDelete = store.delete.bind(store);
    let failures = 1;
    store.delete = async (key) => {
      if (failures-- > 0) throw new Error('store unavailable');
      return realDelete(key);
    };
    await deleteAsStaff(seeded.submissionId);
    const [failed, removed] = seeded.objectKeys;
    expect(await store.head(failed!)).not.toBeNull();
    expect(await store.head(removed!)).toBeNull();

    await runMaintenance(t.deps);
    for (const key of seeded.objectKeys) expect(await store.head(key)).toBeNull();
    expect(await t.deps.db.select().from(pendingObjectDeletions)).toEqual([]);
  });

  it('leaves the ID number and e-mail nowhere in the database file', async () => {
    t = await createTestApp({ clock: manualClock() });
    const seeded = await seedSubmission(t, { email: 'vanishing.practitioner@example.co.za' });
    const idNumber = '9202204720082';
    await t.deps.db
      .update(practitioners)
      .set({ idNumber })
      .where(eq(practitioners.id, seeded.practitionerId));
    await t.deps.db
      .update(submissions)
      .set({ idNumber })
      .where(eq(submissions.id, seeded.submissionId));
    await t.deps.db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    const file = join(t.dataDir, 'portal.db');
    // The values are in the file before the deletion, so the search below can find them.
    expect((await readFile(file)).includes(idNumber)).toBe(true);

    await deleteAsStaff(seeded.submissionId);
    await t.deps.db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    const bytes = await readFile(file);
    expect(bytes.includes(idNumber)).toBe(false);
    expect(bytes.includes('vanishing.practitioner@example.co.za')).toBe(false);
  });

  it('removes the local copies of the mail about it (receipt and staff notice .eml files)', async () => {
    t = await createTestApp({ env: { STAFF_NOTIFY_EMAIL: 'desk@bureau.co.za' } });
    const { response } = await submitApplication(t);
    const { trackingToken } = await created(response);
    await t.settled();
    const [row] = await t.deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.trackingToken, trackingToken));
    const mentioning = async () =>
      (await mailFiles(t)).filter((m) => m.eml.includes(trackingToken) || m.eml.includes(row!.id));
    // Both mails were really written, so the check below can find a leftover.
    expect((await mentioning()).length).toBeGreaterThanOrEqual(2);

    await deleteAsStaff(row!.id);
    expect(await mentioning()).toEqual([]);
  });
});
