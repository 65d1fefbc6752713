// POST /api/lookup is limited per client, and the count lives in the database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { createTestApp, manualClock } from '../testing/harness.ts';
import { lookup } from '../testing/lookup-requests.ts';

const clock = manualClock(new Date('2026-03-10T07:00:00Z'));

describe('lookup rate limit', () => {
  it('answers 429 past LOOKUP_RATE_LIMIT per client per 15 minutes, counting found and not found', async () => {
    const limited = await createTestApp({ clock, env: { LOOKUP_RATE_LIMIT: '3' } });
    try {
      clock.set(new Date('2026-03-20T10:00:00Z'));
      const miss = { identifier: '9999999', identifierType: 'practice_number' };
      expect((await lookup(limited, miss, '41.0.0.1')).status).toBe(404);
      expect((await lookup(limited, miss, '41.0.0.1')).status).toBe(404);
      expect((await lookup(limited, miss, '41.0.0.1')).status).toBe(404);
      const refused = await lookup(limited, miss, '41.0.0.1');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('900');
      expect(errorBody.parse(await refused.json()).error).toEqual({
        code: 'rate_limited',
        message: 'Too many lookup attempts. Please try again in 15 minutes.',
      });
      expect((await lookup(limited, miss, '41.0.0.2')).status).toBe(404);
      clock.advance(15 * 60_000);
      expect((await lookup(limited, miss, '41.0.0.1')).status).toBe(404);
    } finally {
      await limited.dispose();
    }
  });

  it('is counted in the database, so it holds across processes sharing it and across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-lookup-limit-'));
    const env = { LOOKUP_RATE_LIMIT: '4' };
    const one = await createTestApp({ dataDir, clock, env });
    const two = await createTestApp({ dataDir, clock, env });
    try {
      clock.set(new Date('2026-03-21T10:00:00Z'));
      const miss = { identifier: '9999999', identifierType: 'practice_number' };
      const statuses = await Promise.all([
        lookup(one, miss, '41.0.0.9'),
        lookup(two, miss, '41.0.0.9'),
        lookup(one, miss, '41.0.0.9'),
        lookup(two, miss, '41.0.0.9'),
        lookup(one, miss, '41.0.0.9'),
        lookup(two, miss, '41.0.0.9'),
      ]).then((all) => all.map((r) => r.status));
      expect(statuses.filter((s) => s === 404)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      await one.stop();
      const three = await createTestApp({ dataDir, clock, env });
      expect((await lookup(three, miss, '41.0.0.9')).status).toBe(429);
      await three.stop();
    } finally {
      await two.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
