// Finding 1: a failed query's message carries its parameters, so logs get only the error's
// class and codes. The API-level cases break the database under a route and read the logs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeError } from './safe-error.ts';
import { runMaintenance } from './services/maintenance/maintenance.ts';
import { capturingLogger } from './testing/captured-logs.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { lookup } from './testing/lookup-requests.ts';

const ID_NUMBER = '8001015009087';
const TOKEN = 'Zq3xV9kLm2Pw8RtY6uHj4NbC1aSdFgE7';

const logs = capturingLogger();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: logs.logger });
  // Every query on submissions now fails, with its parameters in the message.
  await t.deps.db.run(sql`ALTER TABLE submissions RENAME TO submissions_gone`);
});
afterAll(() => t.dispose());

describe('logged errors', () => {
  it('keeps the ID number of a failed lookup query out of the logs', async () => {
    const res = await lookup(t, { identifier: ID_NUMBER, identifierType: 'id_number' });
    expect(res.status).toBe(500);
    const all = logs.lines.join('\n');
    expect(all).toContain('unhandled error');
    expect(all).toContain('/api/lookup');
    expect(all).toContain('DrizzleQueryError');
    expect(all).not.toContain(ID_NUMBER);
    expect(all).not.toContain('submissions_gone');
  });

  it('keeps the tracking token of a failed tracking query out of the logs', async () => {
    const res = await t.request(`/api/submissions/${TOKEN}`);
    expect(res.status).toBe(500);
    expect(logs.lines.join('\n')).not.toContain(TOKEN);
  });

  it('logs a failed maintenance step by class and code only', async () => {
    await t.deps.db.run(sql`ALTER TABLE rate_limits RENAME TO rate_limits_gone`);
    logs.lines.length = 0;
    await runMaintenance(t.deps);
    const line = logs.lines.find((l) => l.includes('prune rate limits'));
    expect(line).toBeDefined();
    expect(line).toContain('LibsqlError');
    expect(line).toContain('SQLITE_ERROR');
    // Neither the SQL nor its parameters (the prune query's cut-off time).
    expect(line).not.toContain('rate_limits');
    expect(line).not.toContain('params');
  });
});

describe('safeError', () => {
  it('names the classes and codes along the cause chain, never a message', () => {
    const cause = Object.assign(new Error(`SQLITE_CONSTRAINT: ${ID_NUMBER}`), {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      rawCode: 2067,
    });
    class DrizzleQueryError extends Error {}
    const error = new DrizzleQueryError(`Failed query\nparams: ${ID_NUMBER}`, { cause });
    const safe = safeError(error);
    expect(safe).toEqual({
      errorClass: 'DrizzleQueryError',
      causes: ['Error'],
      codes: ['SQLITE_CONSTRAINT_UNIQUE', 'ERRNO_2067'],
    });
    expect(JSON.stringify(safe)).not.toContain(ID_NUMBER);
  });

  it('drops a code that is free text', () => {
    const error = Object.assign(new Error('x'), { code: `id ${ID_NUMBER}` });
    expect(JSON.stringify(safeError(error))).not.toContain(ID_NUMBER);
    expect(safeError('a string thrown')).toEqual({ errorClass: 'string' });
  });
});
