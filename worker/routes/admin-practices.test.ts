// The staff's side of a practice that onboarded together (issue 39, decision 127), over real
// HTTP and libSQL: the list with counts, one practice with its part, invitations and
// submissions, the practice filter of the submissions list and the work queue, and the
// marker of a submission's practice with its copies of the shared documents, and a signed
// link to a shared document.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { securityEvents } from '../../schema/db.ts';
import { workQueue } from '../../schema/enrolment-api.ts';
import {
  staffPracticeDetail,
  staffPracticeList,
  submissionPractice,
} from '../../schema/practice-admin-api.ts';
import type { AdminSubmissionListItem } from '../../schema/staff-review-api.ts';
import { manualClock } from '../testing/harness.ts';
import { seedPractice } from '../testing/practice-fixtures.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
const s = staffSession({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });

describe('staff see a practice', () => {
  it('lists practices with invited and submitted counts, and shows one practice whole', async () => {
    const seeded = await seedPractice(s.t, s.cookie);
    const listed = staffPracticeList.parse(await (await s.request('/api/admin/practices')).json());
    expect(listed.practices.find((p) => p.id === seeded.practiceId)).toMatchObject({
      name: seeded.application.name,
      practiceType: 'established',
      invited: 3,
      submitted: 2,
    });

    const res = await s.request(`/api/admin/practices/${seeded.practiceId}`);
    expect(res.status).toBe(200);
    const detail = staffPracticeDetail.parse(await res.json());
    expect(detail.practice).toMatchObject({
      name: seeded.application.name,
      managerEmail: seeded.application.managerEmail,
    });
    expect(detail.practice.documents.map((d) => d.fileName)).toEqual([
      'bank_proof-scan.pdf',
      'bhf_form-scan.pdf',
    ]);
    expect(detail.invitations.map((i) => i.state).sort()).toEqual([
      'invited',
      'submitted',
      'submitted',
    ]);
    expect(detail.submissions.map((x) => x.submissionId).sort()).toEqual(
      seeded.submissions.map((x) => x.submissionId).sort(),
    );
    for (const submission of detail.submissions) {
      expect(submission.enrolments.map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    }
    // The manager's and the invitations' link secrets are never shown to staff either.
    const text = JSON.stringify(detail);
    for (const secret of [seeded.managerToken, ...seeded.invitations.map((i) => i.token)]) {
      expect(text).not.toContain(secret);
    }

    const unknown = await s.request(`/api/admin/practices/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');
  });

  it("narrows the submissions list and the work queue to one practice's", async () => {
    const seeded = await seedPractice(s.t, s.cookie);
    const lone = await seedSubmission(s.t);
    const ids = seeded.submissions.map((x) => x.submissionId).sort();

    const list = await s.request(`/api/admin/submissions?practiceId=${seeded.practiceId}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('X-Total-Count')).toBe('2');
    const items = (await list.json()) as AdminSubmissionListItem[];
    expect(items.map((i) => i.submission.id).sort()).toEqual(ids);

    const queue = workQueue.parse(
      await (await s.request(`/api/admin/enrolments?practiceId=${seeded.practiceId}`)).json(),
    );
    expect(queue.items).toHaveLength(6);
    expect([...new Set(queue.items.map((i) => i.submissionId))].sort()).toEqual(ids);
    expect(queue.items.map((i) => i.submissionId)).not.toContain(lone.submissionId);

    const none = await s.request(`/api/admin/submissions?practiceId=${UNKNOWN_ID}`);
    expect(none.headers.get('X-Total-Count')).toBe('0');
  });

  it('marks a submission that came through a practice, and not a lone one', async () => {
    const seeded = await seedPractice(s.t, s.cookie, 1);
    const lone = await seedSubmission(s.t);
    const marker = async (id: string) => {
      const res = await s.request(`/api/admin/submissions/${id}/practice`);
      expect(res.status).toBe(200);
      return submissionPractice.parse(await res.json()).practice;
    };
    const submissionId = seeded.submissions[0]!.submissionId;
    const found = await marker(submissionId);
    expect(found).toMatchObject({ id: seeded.practiceId, name: seeded.application.name });
    // Which of its documents are its copies of the practice's: the two shared, not its own.
    const { documents } = await s.detail(submissionId);
    const shared = documents.filter((d) => found!.documentIds.includes(d.id));
    expect(shared.map((d) => d.fileName).sort()).toEqual([
      'bank_proof-scan.pdf',
      'bhf_form-scan.pdf',
    ]);
    expect(documents.length).toBeGreaterThan(shared.length);
    expect(await marker(lone.submissionId)).toBeNull();
    expect((await s.request(`/api/admin/submissions/${UNKNOWN_ID}/practice`)).status).toBe(404);
  });

  it("gives staff a short-lived signed link to a practice's shared document, logged", async () => {
    const seeded = await seedPractice(s.t, s.cookie, 0);
    const { practice } = staffPracticeDetail.parse(
      await (await s.request(`/api/admin/practices/${seeded.practiceId}`)).json(),
    );
    const doc = practice.documents[0]!;
    expect(doc.fileType).toBe('application/pdf');
    const res = await s.request(`/api/admin/practice-documents/${doc.id}/download`);
    expect(res.status).toBe(200);
    const { downloadUrl } = (await res.json()) as { downloadUrl: string };
    const file = await s.t.request(downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Disposition')).toContain('attachment');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const logged = await s.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.entityId, doc.id));
    expect(logged.map((e) => [e.action, e.entityType])).toEqual([
      ['document_link_issued', 'practice_document'],
    ]);
    clock.advance(5 * 60_000 + 1000);
    expect((await s.t.request(downloadUrl)).status).toBe(403);

    const unknown = await s.request(`/api/admin/practice-documents/${UNKNOWN_ID}/download`);
    expect(unknown.status).toBe(404);
    // Staff only.
    expect((await s.t.request(`/api/admin/practice-documents/${doc.id}/download`)).status).toBe(
      401,
    );
  });
});
