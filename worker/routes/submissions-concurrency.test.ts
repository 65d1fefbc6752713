// POST /api/submissions sent together: distinct tracking tokens, one practitioner per e-mail,
// and an upload spent by one submission only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { practitioners, submissions } from '../../schema/db.ts';
import { buildApplication, postSubmission } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created, track } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-02-02T09:30:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000', SUBMIT_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

describe('POST /api/submissions: concurrency', () => {
  it('accepts 30 concurrent submissions with 30 distinct tracking tokens', async () => {
    const count = await t.deps.db.$count(submissions);
    const payloads = await Promise.all(Array.from({ length: 30 }, () => buildApplication(t)));
    const answers = await Promise.all(
      payloads.map(async (payload) => created(await postSubmission(t, payload))),
    );
    const tokens = new Set(answers.map((a) => a.trackingToken));
    expect(tokens.size).toBe(30);
    expect(await t.deps.db.$count(submissions)).toBe(count + 30);
    const views = await Promise.all([...tokens].map((token) => track(t, token)));
    expect(views.every((v) => v.documents.length === 3 && v.medicalAidStatuses.length === 3)).toBe(
      true,
    );
  });

  // Nothing typed joins two submissions (decision 100): each is its own practitioner until its
  // receipt's link confirms the address, so sent together they all go in, none refused.
  it('accepts submissions with the same new e-mail sent together, each its own practitioner', async () => {
    const email = `same.person.${crypto.randomUUID()}@example.co.za`;
    const payloads = await Promise.all(
      Array.from({ length: 5 }, () =>
        buildApplication(t, { practitioner: { email, idNumber: '' } }),
      ),
    );
    const responses = await Promise.all(payloads.map((payload) => postSubmission(t, payload)));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    expect(await t.deps.db.$count(practitioners, eq(practitioners.email, email))).toBe(5);
  });

  it('lets only one of two concurrent submissions spend the same uploads', async () => {
    const payload = await buildApplication(t);
    const other = {
      ...payload,
      practitioner: { ...payload.practitioner, email: 'other@example.co.za' },
    };
    const [a, b] = await Promise.all([postSubmission(t, payload), postSubmission(t, other)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(errorBody.parse(await loser.json()).error.code).toBe('upload_already_used');
  });
});
