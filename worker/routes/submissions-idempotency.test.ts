// POST /api/submissions with an Idempotency-Key: a retry, even after a restart, gets the first
// answer and creates nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { idempotencyKeys, submissions } from '../../schema/db.ts';
import { submitResponse } from '../../schema/submission-api.ts';
import { trackingResponse } from '../../schema/tracking-api.ts';
import { objectKeyFromUploadUrl } from '../services/uploads/upload-tickets.ts';
import { buildApplication, postSubmission } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-02-02T09:30:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

describe('POST /api/submissions: Idempotency-Key', () => {
  it('answers a retry with the first answer and creates nothing new', async () => {
    const payload = await buildApplication(t);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await created(await postSubmission(t, payload, headers));
    const count = await t.deps.db.$count(submissions);
    const retry = await postSubmission(t, payload, headers);
    expect(retry.status).toBe(201);
    expect(submitResponse.parse(await retry.json())).toEqual(first);
    expect(await t.deps.db.$count(submissions)).toBe(count);

    const changed = await postSubmission(
      t,
      { ...payload, submission: { ...payload.submission, additionalNotes: 'different' } },
      headers,
    );
    expect(changed.status).toBe(422);
    expect(errorBody.parse(await changed.json()).error).toEqual({
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    });
    expect(await t.deps.db.$count(submissions)).toBe(count);
  });

  it('creates exactly one submission from concurrent duplicates', async () => {
    const payload = await buildApplication(t);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const count = await t.deps.db.$count(submissions);
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => created(await postSubmission(t, payload, headers))),
    );
    expect(new Set(answers.map((a) => a.trackingToken)).size).toBe(1);
    expect(await t.deps.db.$count(submissions)).toBe(count + 1);
    expect(
      await t.deps.db.$count(idempotencyKeys, eq(idempotencyKeys.key, headers['Idempotency-Key'])),
    ).toBe(1);
  });

  it('does not bind the key to a refused request, so the fixed request can reuse it', async () => {
    const payload = await buildApplication(t);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const missing = {
      ...payload,
      documents: payload.documents.map((d, i) =>
        i === 0
          ? {
              ...d,
              url: 'http://localhost:8787/api/storage/uploads/00000000-0000-4000-8000-000000000001',
            }
          : d,
      ),
    };
    expect((await postSubmission(t, missing, headers)).status).toBe(409);
    expect((await postSubmission(t, payload, headers)).status).toBe(201);
  });
});

describe('a restart', () => {
  it('keeps submissions, files, tracking and idempotent answers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-submissions-restart-'));
    try {
      const first = await createTestApp({ dataDir, clock });
      const payload = await buildApplication(first);
      const headers = { 'Idempotency-Key': crypto.randomUUID() };
      const answer = submitResponse.parse(
        await (await postSubmission(first, payload, headers)).json(),
      );
      const before = trackingResponse.parse(
        await (await first.request(`/api/submissions/${answer.trackingToken}`)).json(),
      );
      await first.stop();

      const second = await createTestApp({ dataDir, clock });
      try {
        const after = await second.request(`/api/submissions/${answer.trackingToken}`);
        expect(trackingResponse.parse(await after.json())).toEqual(before);
        const retry = await postSubmission(second, payload, headers);
        expect(retry.status).toBe(201);
        expect(submitResponse.parse(await retry.json())).toEqual(answer);
        expect(await second.deps.db.$count(submissions)).toBe(1);
        for (const doc of payload.documents) {
          expect(await second.deps.store.head(objectKeyFromUploadUrl(doc.url)!)).not.toBeNull();
        }
        const reused = await postSubmission(second, payload);
        expect(reused.status).toBe(409);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
