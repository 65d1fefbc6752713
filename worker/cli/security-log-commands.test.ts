// `npm run admin -- security-log verify` as an operator runs it, on a real libSQL file that
// the portal wrote through its HTTP API; the tampering is done the way someone holding the
// database would: drop the append-only trigger and change or remove a row with plain SQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../testing/admin-cli.ts';
import { createTestApp } from '../testing/harness.ts';
import { login } from '../testing/staff-sign-in.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-chain-'));
  // Real entries: wrong sign-ins (one entry each) through the login API.
  const t = await createTestApp({ dataDir });
  try {
    for (let i = 0; i < 6; i++) {
      const res = await login(t, `nobody${i}@bureau.co.za`, 'not the password', { totp: null });
      expect(res.status).toBe(401);
    }
  } finally {
    await t.stop();
  }
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const verify = (...extra: string[]) => runAdmin(dataDir, ['security-log', 'verify', ...extra]);

/** Plain SQL on the portal's database file, as someone with its credentials would run it. */
async function tamper(statements: string[]) {
  const client = createClient({ url: `file:${join(dataDir, 'portal.db')}` });
  try {
    for (const statement of statements) await client.execute(statement);
  } finally {
    client.close();
  }
}

async function linkOf(seq: number): Promise<{ eventId: string; hash: string }> {
  const client = createClient({ url: `file:${join(dataDir, 'portal.db')}` });
  try {
    const { rows } = await client.execute({
      sql: 'SELECT event_id, hash FROM security_log_chain WHERE seq = ?',
      args: [seq],
    });
    return { eventId: String(rows[0]!.event_id), hash: String(rows[0]!.hash) };
  } finally {
    client.close();
  }
}

describe('npm run admin -- security-log verify', { timeout: 120_000 }, () => {
  it('passes on the log the portal wrote, and checks a digest against it', async () => {
    const first = await verify();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const entries = Number(first.stdout.match(/intact: (\d+) entries/)?.[1]);
    expect(entries).toBeGreaterThanOrEqual(6);

    const third = await linkOf(3);
    const matching = await verify('--digest', `3:${third.hash}`);
    expect(matching.code).toBe(0);
    expect(matching.stdout).toContain('Entry 3 matches the digest.');

    const rewritten = await verify('--digest', `3:${'0'.repeat(64)}`);
    expect(rewritten.code).toBe(1);
    expect(rewritten.stderr).toContain(
      `Entry 3 (id ${third.eventId}) differs from the digest: the history up to it was rewritten.`,
    );
  });

  it('fails naming the entry changed in the database, and the one removed', async () => {
    const changed = await linkOf(2);
    const removed = await linkOf(4);
    await tamper([
      'DROP TRIGGER security_events_no_update',
      'DROP TRIGGER security_events_no_delete',
      `UPDATE security_events SET entity_id = 'someone-else' WHERE id = '${changed.eventId}'`,
      `DELETE FROM security_events WHERE id = '${removed.eventId}'`,
    ]);
    const run = await verify();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The security log has been tampered with: 2 broken link(s)');
    expect(run.stderr).toContain(
      `Entry 2 (id ${changed.eventId}) was changed after it was sealed (now reads: staff_login_failed on staff_user someone-else at`,
    );
    expect(run.stderr).toContain(`Entry 4 (id ${removed.eventId}) was removed from the log.`);
    // Entries after the altered ones still verify: only the broken ones are named.
    expect(run.stderr).not.toContain('Entry 5 ');
  });
});
