// After a replacement: the staff list's 'Needs review' filter finds the submission until the
// replacement is reviewed, and deleting the submission removes the replaced files too.
import { describe, expect, it } from 'vitest';
import { documents } from '../../schema/db.ts';
import type { AdminSubmissionListItem } from '../../schema/staff-review-api.ts';
import { submitApplication, uploadDocument } from '../testing/fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { staffSession } from '../testing/staff-requests.ts';
import { created, track } from '../testing/submission-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });

const asStaff = staff.request;

async function needingReview(): Promise<{ ids: string[]; total: string | null }> {
  const res = await asStaff('/api/admin/submissions?review=needed&limit=2');
  expect(res.status).toBe(200);
  const items: AdminSubmissionListItem[] = await res.json();
  return { ids: items.map((i) => i.submission.id), total: res.headers.get('X-Total-Count') };
}

describe('Needs review and the replaced documents', () => {
  it('lists pending submissions and those with a replacement waiting, and deletes every file', async () => {
    const { response } = await submitApplication(staff.t);
    const { trackingToken } = await created(response);
    const view = await track(staff.t, trackingToken);
    const id = view.submission.id;
    expect((await needingReview()).ids).toContain(id);

    // Reviewed: under review, one document rejected; no longer waiting for staff.
    await asStaff(`/api/admin/submissions/${id}`, {
      method: 'PATCH',
      json: { status: 'under_review' },
    });
    const rejected = view.documents[0]!;
    await asStaff(`/api/admin/documents/${rejected.id}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'Expired' },
    });
    expect((await needingReview()).ids).not.toContain(id);

    const upload = await uploadDocument(staff.t, rejected.sectionKey);
    const res = await staff.t.request(
      `/api/submissions/${trackingToken}/documents/${rejected.id}/replacement`,
      { method: 'POST', json: { url: upload.url, name: upload.name, size: upload.size } },
    );
    expect(res.status).toBe(201);
    const waiting = await needingReview();
    expect(waiting.ids).toContain(id);
    expect(Number(waiting.total)).toBeGreaterThanOrEqual(1);
    // A bad filter value is a 400, not an unfiltered list.
    expect((await asStaff('/api/admin/submissions?review=maybe')).status).toBe(400);

    const keys = (await staff.t.deps.db.select().from(documents)).map((d) => d.objectKey);
    expect(keys.length).toBe(view.documents.length + 1);
    expect((await asStaff(`/api/admin/submissions/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await staff.t.deps.db.$count(documents)).toBe(0);
    for (const key of keys) expect(await staff.t.deps.store.head(key)).toBeNull();
  });
});
