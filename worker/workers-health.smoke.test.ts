// The Workers entry in workerd on a database a deploy did not migrate and with no mail
// transport: /api/health says both, writes get 503 schema_behind (not 500s) until the
// migration runs, and then mail waits in the outbox untried (decisions 086, 087).
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import journal from '../schema/migrations/meta/_journal.json' with { type: 'json' };
import { cli } from './testing/smoke-processes.ts';
import {
  type SmokeStack,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  startSmokeStack,
} from './testing/smoke-stack.ts';

let stack: SmokeStack;
beforeAll(async () => {
  stack = await startSmokeStack({ mail: false, schemaBehind: true });
}, 90_000);
afterAll(() => stack?.stop(), 20_000);

const newest = journal.entries.at(-1)!;
const previous = journal.entries.at(-2)!;

async function health() {
  const res = await fetch(`${stack.base}/api/health`);
  const body = (await res.json()) as { ok: boolean };
  // A monitor reading only the status sees what ok says.
  expect(res.status).toBe(body.ok ? 200 : 503);
  return body;
}

function forgotPassword() {
  return fetch(`${stack.base}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: stack.base },
    body: JSON.stringify({ email: STAFF_EMAIL }),
  });
}

describe('the Workers entry on an old schema, without a mail transport', () => {
  it('reports the old schema and refuses writes with a 503', async () => {
    expect(await health()).toEqual({
      ok: false,
      mail: 'not_configured',
      schema: { expected: newest.tag, applied: previous.tag, current: false },
    });
    const res = await forgotPassword();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'schema_behind' } });
  });

  it('takes writes once migrated, and keeps the mail queued with no attempt counted', async () => {
    await cli('worker/cli/migrate.ts', [], stack.cliEnv);
    await cli(
      'worker/cli/admin.ts',
      ['create', '--email', STAFF_EMAIL],
      stack.cliEnv,
      `${STAFF_PASSWORD}\n`,
    );
    expect(await health()).toMatchObject({ ok: true, schema: { current: true } });
    expect((await forgotPassword()).status).toBe(200);
    // The maintenance's mail retries run too: still nothing tried.
    const cron = await fetch(`${stack.base}/cdn-cgi/local/scheduled?cron=*/10+*+*+*+*&format=json`);
    expect(await cron.json()).toMatchObject({ outcome: 'ok' });
    const client = createClient({ url: stack.databaseUrl });
    try {
      const { rows } = await client.execute(
        'select attempts, sent_at, last_error from mail_outbox',
      );
      expect(rows.map((r) => ({ ...r }))).toEqual([
        { attempts: 0, sent_at: null, last_error: null },
      ]);
      // The cron's maintenance sealed the security log on workerd too (decision 109).
      const chain = await client.execute(
        `select count(*) as links,
          (select count(*) from security_events e where not exists
            (select 1 from security_log_chain c where c.event_id = e.id)) as unsealed
          from security_log_chain where seq > 0`,
      );
      expect(Number(chain.rows[0]!.unsealed)).toBe(0);
      expect(Number(chain.rows[0]!.links)).toBeGreaterThan(0);
    } finally {
      client.close();
    }
    expect(stack.mails).toEqual([]);
  });
});
