import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { consume, pruneRateLimits, release } from './rate-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const rule = { bucket: 'test', limit: 3, windowMs: 60_000 };

describe('database rate limits', () => {
  it('allows the limit and refuses the next, per subject and window', async () => {
    const now = new Date('2026-03-01T10:00:10Z');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consume(t.deps.db, rule, '1.2.3.4', now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(50);
    expect((await consume(t.deps.db, rule, '5.6.7.8', now)).allowed).toBe(true);
    // Attempts given back (a right password) make room again.
    await release(t.deps.db, rule, '1.2.3.4', now);
    await release(t.deps.db, rule, '1.2.3.4', now);
    expect((await consume(t.deps.db, rule, '1.2.3.4', now)).allowed).toBe(true);
    const nextWindow = new Date('2026-03-01T10:01:00Z');
    expect((await consume(t.deps.db, rule, '1.2.3.4', nextWindow)).allowed).toBe(true);
  });

  it('counts concurrent attempts exactly', async () => {
    const now = new Date('2026-03-01T11:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consume(t.deps.db, { ...rule, bucket: 'burst' }, 'x', now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('stores no subject in the clear and prunes ended windows', async () => {
    const rows = await t.deps.db.query.rateLimits.findMany();
    expect(rows.some((r) => r.subject.includes('1.2.3.4'))).toBe(false);
    await pruneRateLimits(t.deps.db, new Date('2026-03-02T00:00:00Z'));
    expect(await t.deps.db.query.rateLimits.findMany()).toEqual([]);
  });
});
