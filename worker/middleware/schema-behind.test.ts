// A database behind the code: /api/health says so and writes get a clear 503 (nothing
// written), reads go on; once migrated, everything works without a restart.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../schema/db.ts';
import journal from '../../schema/migrations/meta/_journal.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../testing/harness.ts';

const [previous, newest] = journal.entries.slice(-2);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The newest migration forgotten, as a deploy without `npm run deploy`'s migrate step would.
  await t.deps.db.run(sql`delete from __drizzle_migrations where created_at = ${newest!.when}`);
});
afterAll(() => t.dispose());

describe('a database schema older than the code', () => {
  it('is reported by /api/health and refuses writes with a 503, writing nothing', async () => {
    const health = await t.request('/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      ok: false,
      mail: 'configured',
      schema: { expected: newest!.tag, applied: previous!.tag, current: false },
    });

    const write = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: 'someone@bureau.co.za' },
    });
    expect(write.status).toBe(503);
    expect(write.headers.get('Retry-After')).toBe('30');
    expect(await write.json()).toMatchObject({ error: { code: 'schema_behind' } });
    expect(await t.deps.db.select().from(mailOutbox)).toEqual([]);

    expect((await t.request('/api/schemes')).status).toBe(200);
  });

  it('lets writes through once the migrations are applied', async () => {
    await t.deps.db.run(
      sql`insert into __drizzle_migrations (hash, created_at) values ('restored', ${newest!.when})`,
    );
    expect(await (await t.request('/api/health')).json()).toMatchObject({
      ok: true,
      schema: { applied: newest!.tag, current: true },
    });
    const write = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: 'someone@bureau.co.za' },
    });
    expect(write.status).toBe(200);
  });
});
