// The restore drill (issue 29), part of `npm run test:load`: the real Node server takes
// applications with files from the load run's practitioners while `npm run admin -- backup`
// runs beside it; the snapshot is verified and restored by the same CLI into a fresh DATA_DIR,
// a second server starts on it, and every application the manifest counts is there: it
// tracks, each of its documents downloads byte for byte, and staff sign in with MFA.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../crypto/totp.ts';
import { type HttpTarget, PARITY_STAFF, startTarget } from '../testing/http-targets.ts';
import { newTally, practitioner } from '../testing/load-clients.ts';
import { cli, stopAll } from '../testing/smoke-processes.ts';
import type { Manifest } from './manifest.ts';

const CLIENTS = Number(process.env.BACKUP_LOAD_CLIENTS ?? 12);
const SECONDS = Number(process.env.BACKUP_LOAD_SECONDS ?? 25);

let work: string;
let first: HttpTarget;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'portal-drill-'));
  first = await startTarget('node', { TRUST_PROXY: '1' });
}, 120_000);
afterAll(async () => {
  await stopAll();
  await first?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const address = (i: number) => `10.9.${(i >> 8) & 255}.${i & 255}`;

describe('a backup taken while the portal serves', () => {
  it(
    'restores on a second server with every application it counts, byte for byte, and staff MFA',
    async () => {
      const identity = await generateX25519Identity();
      const identityFile = join(work, 'operator.key');
      await writeFile(identityFile, `${identity}\n`, { mode: 0o600 });
      const cliEnv = {
        ...process.env,
        DATA_DIR: first.dataDir,
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
      };

      const tally = newTally();
      const until = Date.now() + SECONDS * 1000;
      const clients = Promise.all(
        Array.from({ length: CLIENTS }, (_, i) =>
          practitioner(first, address(i + 1), until, tally),
        ),
      );
      await new Promise((done) => setTimeout(done, 4000));
      const before = new Set(tally.submitted.map((s) => s.token));
      const t0 = performance.now();
      const out = await cli(
        'worker/cli/admin.ts',
        [
          'backup',
          '--to',
          join(work, 'backups'),
          '--recipient',
          await identityToRecipient(identity),
        ],
        cliEnv,
      );
      const backupMs = performance.now() - t0;
      const during = tally.submitted.length;
      // Applications kept arriving while the snapshot was written.
      expect(during).toBeGreaterThan(before.size);
      await clients;
      expect(tally.faults).toEqual([]);
      expect(out).toMatch(/Snapshot written to /);
      const [name] = await readdir(join(work, 'backups'));
      const snapshot = join(work, 'backups', name!);
      const manifest = JSON.parse(
        await readFile(join(snapshot, 'manifest.json'), 'utf8'),
      ) as Manifest;
      console.log(
        `backup of ${manifest.counts.submissions} applications, ${manifest.counts.objects} files in ${backupMs.toFixed(0)} ms while ${CLIENTS} practitioners submitted (${during - before.size} acknowledged meanwhile)`,
      );

      await cli(
        'worker/cli/admin.ts',
        ['backup', 'verify', snapshot, '--identity', identityFile],
        cliEnv,
      );
      const restoredDir = join(work, 'restored');
      await cli(
        'worker/cli/admin.ts',
        ['restore', '--from', snapshot, '--identity', identityFile],
        { ...cliEnv, DATA_DIR: restoredDir },
      );
      const second = await startTarget('node', { DATA_DIR: restoredDir });

      const db = createClient({ url: `file:${join(restoredDir, 'portal.db')}` });
      try {
        const rows = (await db.execute('SELECT id, tracking_token AS token FROM submissions')).rows;
        expect(rows.length).toBe(manifest.counts.submissions);
        const tokens = new Set(rows.map((r) => String(r.token)));
        // Everything acknowledged before the backup began is in it; nothing it holds is invented.
        for (const token of before) expect(tokens.has(token), token).toBe(true);
        const acknowledged = new Set(tally.submitted.map((s) => s.token));
        for (const token of tokens) expect(acknowledged.has(token), token).toBe(true);
        const events = await db.execute(
          "SELECT action FROM security_events WHERE entity_type = 'snapshot'",
        );
        expect(events.rows.map((r) => r.action)).toEqual(['backup_restored']);

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
          const { documents: docs } = (await detail.json()) as {
            documents: { downloadUrl: string; fileSize: number }[];
          };
          for (const doc of docs) {
            const restored = await second.request(doc.downloadUrl, { headers: { Cookie: cookie } });
            expect(restored.status).toBe(200);
            const bytes = new Uint8Array(await restored.arrayBuffer());
            expect(bytes.byteLength).toBe(doc.fileSize);
            // The same document as the first server holds it.
            const path = new URL(doc.downloadUrl, 'http://x').pathname;
            const original = await first.request(
              `${path}${new URL(doc.downloadUrl, 'http://x').search}`,
            );
            expect(original.status).toBe(200);
            expect(sha(bytes)).toBe(sha(new Uint8Array(await original.arrayBuffer())));
            documents++;
          }
        }
        expect(documents).toBe(manifest.counts.documents);
      } finally {
        db.close();
      }
    },
    (SECONDS + 240) * 1000,
  );
});
