// Staff review changes, made through the admin API, are what the practitioner sees through
// the tracking API ("each review change appears on the tracking view").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSubmissionDetail } from '../../schema/staff-review-api.ts';
import { submitResponse } from '../../schema/submission-api.ts';
import { trackingResponse } from '../../schema/tracking-api.ts';
import { submitApplication } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { addStaff } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t);
  cookie = await signIn(t);
});
afterAll(() => t.dispose());

const asStaff = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(path, {
    ...init,
    headers: { ...Object.fromEntries(new Headers(init.headers)), Cookie: cookie },
  });

describe('review changes on the tracking view', () => {
  it('shows a rejected document, an approved scheme and the new status, in order', async () => {
    const { response } = await submitApplication(t);
    expect(response.status).toBe(201);
    const { trackingToken } = submitResponse.parse(await response.json());
    const list = (await (await asStaff('/api/admin/submissions')).json()) as {
      submission: { id: string };
    }[];
    const id = list[0]!.submission.id;
    const detail = staffSubmissionDetail.parse(
      await (await asStaff(`/api/admin/submissions/${id}`)).json(),
    );
    const document = detail.documents[0]!;
    const scheme = detail.medicalAidStatuses[0]!;

    expect(
      (
        await asStaff(`/api/admin/documents/${document.id}`, {
          method: 'PATCH',
          json: { status: 'rejected', reason: 'The certification stamp is not legible' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await asStaff(`/api/admin/submissions/${id}/schemes/${scheme.id}`, {
          method: 'PATCH',
          json: { status: 'approved', notes: 'Provider number issued' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await asStaff(`/api/admin/submissions/${id}`, {
          method: 'PATCH',
          json: { status: 'under_review' },
        })
      ).status,
    ).toBe(200);

    const view = trackingResponse.parse(
      await (await t.request(`/api/submissions/${trackingToken}`)).json(),
    );
    expect(view.submission.status).toBe('under_review');
    expect(view.documents.find((d) => d.id === document.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The certification stamp is not legible',
    });
    expect(view.medicalAidStatuses.find((s) => s.id === scheme.id)).toMatchObject({
      status: 'approved',
      notes: 'Provider number issued',
    });
    expect(view.statusEvents.map((e) => e.eventType)).toEqual([
      'submission_received',
      // The first review change moved it under review; the explicit change then had nothing to do.
      'status_under_review',
      'document_rejected',
      'scheme_approved',
    ]);
  });
});
