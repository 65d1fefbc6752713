// A practice that onboarded together, for the staff tests (decision 127): the manager's part
// with its two shared documents, three invited practitioners and the first `submitted` of them
// sent their own part, all through the app as the web app would.
import { expect } from 'vitest';
import type { StaffPracticeList } from '../../schema/practice-admin-api.ts';
import { uniqueNumber } from './fixtures.ts';
import type { TestApp } from './harness.ts';
import {
  invitePractitioner,
  ownPart,
  practiceApplication,
  sendOwnPart,
  startPractice,
} from './practice-requests.ts';
import { staffRequest } from './staff-requests.ts';
import { created, track } from './submission-requests.ts';

export async function seedPractice(t: TestApp, cookie: string, submitted = 2) {
  const n = uniqueNumber();
  const application = await practiceApplication(t, { name: `Practice ${n}` });
  const managerToken = await startPractice(t, application);
  const invitations = [];
  const submissions: { submissionId: string; trackingToken: string; email: string }[] = [];
  for (const i of [0, 1, 2]) {
    const email = `doctor${i}.${n}@practice.example.co.za`;
    const invitation = await invitePractitioner(t, managerToken, { name: `Dr Number ${i}`, email });
    invitations.push({ ...invitation, email });
    if (i < submitted) {
      const sent = await created(await sendOwnPart(t, invitation.token, await ownPart(t, email)));
      const { submission } = await track(t, sent.trackingToken);
      submissions.push({ submissionId: submission.id, trackingToken: sent.trackingToken, email });
    }
  }
  const res = await staffRequest(t, cookie, '/api/admin/practices');
  expect(res.status).toBe(200);
  const { practices } = (await res.json()) as StaffPracticeList;
  const practiceId = practices.find((p) => p.name === application.name)!.id;
  return { application, managerToken, invitations, submissions, practiceId };
}
