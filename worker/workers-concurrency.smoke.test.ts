// 100 requests at once into one isolate of `npm run start:workers` (wrangler dev runs one),
// each reading the database. A libSQL client shared by the isolate queues queries past its
// concurrency (20) and sends a queued one from whichever request frees a slot: workerd refuses
// I/O across requests: the request that queued it fails (a 500) or never answers. One client per request
// (worker/cloudflare.ts) keeps each request's queries in its own context.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpTarget, startTarget } from './testing/http-targets.ts';

const AT_ONCE = 100;
let target: HttpTarget;
beforeAll(async () => {
  target = await startTarget('workers');
}, 150_000);
afterAll(() => target?.stop(), 20_000);

describe('one isolate under concurrent requests (npm run start:workers)', () => {
  it(`answers ${AT_ONCE} concurrent database reads, none hanging`, async () => {
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, i) => {
        const path = i % 2 ? '/api/schemes' : '/api/medical-aid-documents';
        try {
          const res = await fetch(`${target.base}${path}`, { signal: AbortSignal.timeout(30_000) });
          await res.arrayBuffer();
          return res.status;
        } catch (error) {
          return (error as Error).name;
        }
      }),
    );
    const tally = Object.fromEntries(
      [...new Set(answers)].map((a) => [a, answers.filter((b) => b === a).length]),
    );
    expect(tally).toEqual({ 200: AT_ONCE });
  }, 60_000);
});
