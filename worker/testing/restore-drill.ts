// The restore drill of worker/backup/*.load.test.ts: load practitioners submit to a real
// target while `npm run admin -- backup` runs beside it; afterwards a second server, started
// on the restored snapshot, must hold every application the manifest counts: each tracks,
// each document downloads byte for byte as the first target stored it, and staff sign in with
// their MFA code.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { expect } from 'vitest';
import type { Manifest } from '../backup/manifest.ts';
import { totpCode } from '../crypto/totp.ts';
import { type HttpTarget, PARITY_STAFF } from './http-targets.ts';
import { newTally, practitioner, type Tally } from './load-clients.ts';
import { cli } from './smoke-processes.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type Drill = {
  snapshot: string;
  manifest: Manifest;
  identityFile: string;
  /** Tokens acknowledged before the backup began. */
  before: Set<string>;
  tally: Tally;
};

/** Practitioners submit to `target` for `seconds`; a backup runs by the CLI from second 4. */
export async function backUpWhileServing(
  target: HttpTarget,
  options: { work: string; clients: number; seconds: number; env: NodeJS.ProcessEnv },
): Promise<Drill> {
  const identity = await generateX25519Identity();
  const identityFile = join(options.work, 'operator.key');
  await writeFile(identityFile, `${identity}\n`, { mode: 0o600 });
  const tally = newTally();
  const until = Date.now() + options.seconds * 1000;
  const address = (i: number) => `10.9.${(i >> 8) & 255}.${i & 255}`;
  const clients = Promise.all(
    Array.from({ length: options.clients }, (_, i) =>
      // A 503 during the backup is asked again, as the app does: what must hold is that every
      // acknowledged application is in the snapshot or arrived after it, none lost.
      practitioner(target, (n) => address(n * options.clients + i + 1), until, tally, {
        retryUnavailable: true,
      }),
    ),
  );
  await new Promise((done) => setTimeout(done, 4000));
  const before = new Set(tally.submitted.map((s) => s.token));
  const t0 = performance.now();
  const backups = join(options.work, 'backups');
  const recipient = await identityToRecipient(identity);
  const out = await cli(
    'worker/cli/admin.ts',
    ['backup', '--to', backups, '--recipient', recipient],
    options.env,
    '',
    120_000,
  );
  const backupMs = performance.now() - t0;
  const during = tally.submitted.length;
  console.log(`backup command returned after ${backupMs.toFixed(0)} ms`);
  // Applications kept arriving while the snapshot was written.
  expect(during).toBeGreaterThan(before.size);
  await clients;
  // What the servers printed says where a hang or a refusal came from.
  expect(tally.faults, `faults; the target printed:\n${target.output().slice(-6000)}`).toEqual([]);
  expect(out).toMatch(/Snapshot written to /);
  const [name] = await readdir(backups);
  const snapshot = join(backups, name!);
  const manifest = JSON.parse(await readFile(join(snapshot, 'manifest.json'), 'utf8')) as Manifest;
  console.log(
    `backup of ${manifest.counts.submissions} applications, ${manifest.counts.objects} files in ${backupMs.toFixed(0)} ms while ${options.clients} practitioners submitted (${during - before.size} acknowledged meanwhile; ${tally.retried.length} requests answered 503 or unanswered and asked again${tally.retried.length > 0 ? `: ${[...new Set(tally.retried.map((r) => r.split(':')[0]))].join(', ')}` : ''})`,
  );
  await cli(
    'worker/cli/admin.ts',
    ['backup', 'verify', snapshot, '--identity', identityFile],
    options.env,
    '',
    120_000,
  );
  return { snapshot, manifest, identityFile, before, tally };
}

/**
 * The second server holds exactly what the snapshot counts. `restored` reads its database;
 * `original` the first target's stored bytes of an object key.
 */
export async function expectRestored(
  drill: Drill,
  second: HttpTarget,
  restored: Client,
  original: (key: string) => Promise<Uint8Array>,
) {
  const rows = (await restored.execute('SELECT id, tracking_token AS token FROM submissions')).rows;
  expect(rows.length).toBe(drill.manifest.counts.submissions);
  const tokens = new Set(rows.map((r) => String(r.token)));
  // Everything acknowledged before the backup began is in it; nothing it holds is invented.
  for (const token of drill.before) expect(tokens.has(token), token).toBe(true);
  const acknowledged = new Set(drill.tally.submitted.map((s) => s.token));
  for (const token of tokens) expect(acknowledged.has(token), token).toBe(true);
  const events = await restored.execute(
    "SELECT action FROM security_events WHERE entity_type = 'snapshot'",
  );
  expect(events.rows.map((r) => r.action)).toEqual(['backup_restored']);
  const keys = new Map(
    (await restored.execute('SELECT id, object_key FROM documents')).rows.map((r) => [
      String(r.id),
      String(r.object_key),
    ]),
  );

  // Staff sign in on the restored server with a code of their MFA secret.
  const login = await second.request('/api/auth/login', {
    method: 'POST',
    json: {
      email: PARITY_STAFF.email,
      password: PARITY_STAFF.password,
      totp: totpCode(PARITY_STAFF.totpSecret, new Date()),
    },
    client: '192.0.2.10',
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  let documents = 0;
  for (const row of rows) {
    const track = await second.request(`/api/submissions/${String(row.token)}`);
    expect(track.status).toBe(200);
    await track.body?.cancel();
    const detail = await second.request(`/api/admin/submissions/${String(row.id)}`, {
      headers: { Cookie: cookie },
    });
    expect(detail.status).toBe(200);
    // The search index and the kept counts came back with the rows (decision 103).
    const found = await second.request(
      `/api/admin/submissions?q=${String(row.token).slice(3, 20).toUpperCase()}`,
      { headers: { Cookie: cookie } },
    );
    const items = (await found.json()) as { submission: { id: string } }[];
    expect(items.map((i) => i.submission.id)).toEqual([String(row.id)]);
    const { documents: docs } = (await detail.json()) as {
      documents: { id: string; downloadUrl: string; fileSize: number }[];
    };
    for (const doc of docs) {
      const download = await second.request(doc.downloadUrl, { headers: { Cookie: cookie } });
      expect(download.status).toBe(200);
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(bytes.byteLength).toBe(doc.fileSize);
      expect(sha(bytes)).toBe(sha(await original(keys.get(doc.id)!)));
      documents++;
    }
  }
  expect(documents).toBe(drill.manifest.counts.documents);
  const stats = await second.request('/api/admin/stats', { headers: { Cookie: cookie } });
  expect(((await stats.json()) as { totalSubmissions: number }).totalSubmissions).toBe(rows.length);
}
