// PRACTICE_RATE_LIMIT (decision 120): new practices accepted per client per hour. The next one
// gets 429 with Retry-After and writes nothing; an hour later the client may start one again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practices } from '../../schema/db-practices.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { practiceApplication } from '../testing/practice-requests.ts';

const LIMIT = 2;
const clock = manualClock(new Date('2026-03-02T09:10:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { PRACTICE_RATE_LIMIT: String(LIMIT), UPLOAD_RATE_LIMIT: '2000' },
  });
});
afterAll(() => t.dispose());

const start = async () =>
  t.request('/api/practices', { method: 'POST', json: await practiceApplication(t) });
const stored = () => t.deps.db.$count(practices);

describe('POST /api/practices: PRACTICE_RATE_LIMIT', () => {
  it('refuses the (N+1)th practice of an hour with 429, and takes one again an hour later', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: { code: 'too_many_practices' } });
    expect(await stored()).toBe(LIMIT);
    clock.advance(3_600_000);
    expect((await start()).status).toBe(201);
  });
});
