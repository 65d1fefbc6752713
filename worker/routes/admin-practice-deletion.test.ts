// Deleting within a practice that onboarded together (issue 39, decision 127), over real HTTP,
// libSQL and the object store: one practitioner's submission goes with the spec's cascade and
// the practice and the others stay; deleting the practice asks for each submission (keep as a
// lone application, or delete), refuses a list that is not the practice's, and removes the
// practice's own part with its shared documents' bytes in one batch, logged.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, securityEvents } from '../../schema/db.ts';
import { practiceDocuments } from '../../schema/db-practices.ts';
import { staffPracticeDetail } from '../../schema/practice-admin-api.ts';
import { manualClock } from '../testing/harness.ts';
import { seedPractice } from '../testing/practice-fixtures.ts';
import { changedTables, tableStates } from '../testing/row-counts.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
const s = staffSession({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });

async function practiceView(id: string) {
  const res = await s.request(`/api/admin/practices/${id}`);
  expect(res.status).toBe(200);
  return staffPracticeDetail.parse(await res.json());
}

async function objectKeysOf(submissionId: string) {
  const rows = await s.t.deps.db
    .select({ objectKey: documents.objectKey })
    .from(documents)
    .where(eq(documents.submissionId, submissionId));
  return rows.map((r) => r.objectKey);
}

describe('deleting in a practice', () => {
  it("deletes one practitioner's submission only; the practice and the other stay", async () => {
    const seeded = await seedPractice(s.t, s.cookie);
    const [gone, stays] = seeded.submissions;
    const res = await s.request(`/api/admin/submissions/${gone!.submissionId}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);

    const view = await practiceView(seeded.practiceId);
    expect(view.submissions.map((x) => x.submissionId)).toEqual([stays!.submissionId]);
    expect(view.practice.documents).toHaveLength(2);
    // Its invitation shows as invited again: the practitioner may send their part anew.
    expect(view.invitations.find((i) => i.email === gone!.email)?.state).toBe('invited');
    expect((await s.request(`/api/admin/submissions/${stays!.submissionId}`)).status).toBe(200);
    // The practice's originals stay in the store.
    const originals = await s.t.deps.db
      .select({ objectKey: practiceDocuments.objectKey })
      .from(practiceDocuments)
      .where(eq(practiceDocuments.practiceId, seeded.practiceId));
    for (const { objectKey } of originals) {
      expect(await s.t.deps.store.head(objectKey)).not.toBeNull();
    }
  });

  it('deletes a practice as staff chose for each submission, with its own part and bytes', async () => {
    const seeded = await seedPractice(s.t, s.cookie);
    const [kept, deleted] = seeded.submissions;
    const originals = (
      await s.t.deps.db
        .select({ objectKey: practiceDocuments.objectKey })
        .from(practiceDocuments)
        .where(eq(practiceDocuments.practiceId, seeded.practiceId))
    ).map((r) => r.objectKey);
    expect(originals).toHaveLength(2);
    const keptKeys = await objectKeysOf(kept!.submissionId);
    const deletedKeys = await objectKeysOf(deleted!.submissionId);
    const path = `/api/admin/practices/${seeded.practiceId}/deletion`;

    // A list that is not the practice's submissions (one left out) changes nothing.
    const before = await tableStates(s.t.deps.db);
    const partial = await s.request(path, {
      method: 'POST',
      json: { submissions: [{ submissionId: kept!.submissionId, action: 'keep' }] },
    });
    expect(partial.status).toBe(409);
    expect((await partial.json()).error.code).toBe('practice_changed');
    expect(changedTables(before, await tableStates(s.t.deps.db))).toEqual([]);
    const bad = await s.request(path, {
      method: 'POST',
      json: { submissions: [{ submissionId: kept!.submissionId, action: 'forget' }] },
    });
    expect(bad.status).toBe(400);

    const res = await s.request(path, {
      method: 'POST',
      json: {
        submissions: [
          { submissionId: kept!.submissionId, action: 'keep' },
          { submissionId: deleted!.submissionId, action: 'delete' },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ success: true, kept: 1, deleted: 1 });

    // The practice is gone: staff, the manager's link and every invitation link find nothing.
    expect((await s.request(`/api/admin/practices/${seeded.practiceId}`)).status).toBe(404);
    expect((await s.t.request(`/api/practices/${seeded.managerToken}`)).status).toBe(404);
    for (const { token } of seeded.invitations) {
      expect((await s.t.request(`/api/practice-invitations/${token}`)).status).toBe(404);
    }
    for (const key of originals) expect(await s.t.deps.store.head(key)).toBeNull();

    // The kept submission stands alone, whole, with its own copies.
    const marker = await s.request(`/api/admin/submissions/${kept!.submissionId}/practice`);
    expect(await marker.json()).toEqual({ practice: null });
    expect((await s.detail(kept!.submissionId)).documents).toHaveLength(3);
    for (const key of keptKeys) expect(await s.t.deps.store.head(key)).not.toBeNull();
    // The deleted one went with the spec's cascade, bytes included.
    expect((await s.request(`/api/admin/submissions/${deleted!.submissionId}`)).status).toBe(404);
    for (const key of deletedKeys) expect(await s.t.deps.store.head(key)).toBeNull();

    const logged = await s.t.deps.db
      .select()
      .from(securityEvents)
      .where(inArray(securityEvents.entityId, [seeded.practiceId, deleted!.submissionId]));
    expect(logged.map((e) => e.action).sort()).toEqual(['practice_deleted', 'submission_deleted']);
    expect(logged.find((e) => e.action === 'practice_deleted')?.details).toEqual({
      submissionsKept: 1,
      submissionsDeleted: 1,
      documents: 2,
      invitations: 3,
    });

    const again = await s.request(path, { method: 'POST', json: { submissions: [] } });
    expect(again.status).toBe(404);
  });

  it('refuses an unknown practice', async () => {
    const res = await s.request(`/api/admin/practices/${UNKNOWN_ID}/deletion`, {
      method: 'POST',
      json: { submissions: [] },
    });
    expect(res.status).toBe(404);
  });
});
