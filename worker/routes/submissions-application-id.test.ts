// POST /api/submissions with an Application-Id (decision 067): one application per practitioner
// action, for ever. A repeat gets the first answer however late; an edited repeat is refused
// with the accepted application's tracking link; a refusal writes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  documents,
  idempotencyKeys,
  mailOutbox,
  submissions,
  uploadTickets,
} from '../../schema/db.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { buildApplication, postSubmission, uploadDocument } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created, refused } from '../testing/submission-requests.ts';

const DAY_MS = 24 * 60 * 60_000;
const clock = manualClock(new Date('2026-03-02T09:30:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

async function counts() {
  const db = t.deps.db;
  return {
    submissions: await db.$count(submissions),
    documents: await db.$count(documents),
    audit: await db.$count(auditLogs),
    keys: await db.$count(idempotencyKeys),
    mail: await db.$count(mailOutbox),
    spent: (await db.select().from(uploadTickets)).filter((ticket) => ticket.usedAt).length,
  };
}

const headersFor = (applicationId: string) => ({
  'Application-Id': applicationId,
  'Idempotency-Key': crypto.randomUUID(),
});

describe('POST /api/submissions: Application-Id', () => {
  it('answers a repeat after the Idempotency-Key has expired with the original token', async () => {
    const payload = await buildApplication(t);
    const applicationId = crypto.randomUUID();
    const headers = headersFor(applicationId);
    const first = await created(await postSubmission(t, payload, headers));
    const before = await counts();

    // Eight days on: the maintenance run has pruned the key's stored answer.
    clock.advance(8 * DAY_MS);
    await runMaintenance(t.deps);
    expect(
      await t.deps.db.$count(idempotencyKeys, eq(idempotencyKeys.key, headers['Idempotency-Key'])),
    ).toBe(0);

    const sameKey = await created(await postSubmission(t, payload, headers));
    const newKey = await created(await postSubmission(t, payload, headersFor(applicationId)));
    expect(sameKey).toEqual(first);
    expect(newKey).toEqual(first);
    expect(await counts()).toEqual({ ...before, keys: before.keys - 1 });
  });

  it('refuses an edited repeat with 409 and the tracking link, writing nothing', async () => {
    const payload = await buildApplication(t);
    const applicationId = crypto.randomUUID();
    const first = await created(await postSubmission(t, payload, headersFor(applicationId)));
    const before = await counts();

    // The answer was lost; the practitioner took it back, changed a note and uploaded a page
    // again (so the old upload is 'already used' as well): it must not become a second one.
    const edited = {
      ...payload,
      submission: { ...payload.submission, additionalNotes: 'Call me in the morning.' },
      documents: [
        ...payload.documents.slice(1),
        await uploadDocument(t, payload.documents[0]!.sectionKey!),
      ],
    };
    const afterUpload = await counts();
    for (const headers of [headersFor(applicationId), headersFor(applicationId.toUpperCase())]) {
      const error = await refused(t, edited, 409, 'application_already_submitted', headers);
      expect(error.trackingToken).toBe(first.trackingToken);
      expect(error.message).toBe(
        `This application was already submitted, so these changes were not sent. Follow it with its tracking link: http://localhost:8787/track?token=${first.trackingToken}`,
      );
    }
    expect(await counts()).toEqual(afterUpload);
    expect(afterUpload).toEqual(before);
  });

  it('creates one submission from concurrent attempts with different keys', async () => {
    const payload = await buildApplication(t);
    const applicationId = crypto.randomUUID();
    const before = await t.deps.db.$count(submissions);
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        created(await postSubmission(t, payload, headersFor(applicationId))),
      ),
    );
    expect(new Set(answers.map((a) => a.trackingToken)).size).toBe(1);
    expect(await t.deps.db.$count(submissions)).toBe(before + 1);
  });

  it('keeps two applications with different ids apart, and accepts clients that send none', async () => {
    const one = await created(
      await postSubmission(t, await buildApplication(t), headersFor(crypto.randomUUID())),
    );
    const two = await created(await postSubmission(t, await buildApplication(t)));
    expect(one.trackingToken).not.toBe(two.trackingToken);
  });

  it('refuses an Application-Id that is not a UUID, writing nothing', async () => {
    const payload = await buildApplication(t);
    const before = await counts();
    const error = await refused(t, payload, 400, 'invalid_application_id', {
      'Application-Id': 'draft-1',
    });
    expect(error.message).toBe(
      'The Application-Id header must be a UUID made once for the application.',
    );
    expect(await counts()).toEqual(before);
  });
});
