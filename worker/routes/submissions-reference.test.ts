// POST /api/submissions and the short reference (decision 089): every submission gets its own,
// and a drawn reference that another submission already has is drawn again in the same
// request, so the practitioner never sees the clash.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { submissions } from '../../schema/db.ts';
import { buildApplication, postSubmission } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { created } from '../testing/submission-requests.ts';

/** References the next draws return before the real random ones (to force a clash). */
const queued = vi.hoisted(() => [] as string[]);
vi.mock('../../schema/application-reference.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../schema/application-reference.ts')>();
  return {
    ...real,
    newApplicationReference: () => queued.shift() ?? real.newApplicationReference(),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

describe('POST /api/submissions: the short reference', () => {
  it('draws again when the reference is taken, and stores the one it answers with', async () => {
    queued.push('AAAA-0001');
    const first = await created(await postSubmission(t, await buildApplication(t)));
    expect(first.reference).toBe('AAAA-0001');

    queued.push('AAAA-0001', 'AAAA-0001', 'BBBB-0002');
    const second = await created(await postSubmission(t, await buildApplication(t)));
    expect(second.reference).toBe('BBBB-0002');
    expect(queued).toEqual([]);

    const [row] = await t.deps.db
      .select({ reference: submissions.reference })
      .from(submissions)
      .where(eq(submissions.trackingToken, second.trackingToken));
    expect(row?.reference).toBe('BBBB-0002');
    expect(await t.deps.db.$count(submissions)).toBe(2);
  });
});
