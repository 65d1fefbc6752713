// A snapshot taken from a real DATA_DIR (libSQL file, disk store, .eml mail), restored into a
// fresh one that the portal then serves: the application tracks, its document comes back byte
// for byte, staff sign in with their MFA code. Without the key nothing personal can be read
// from any file, verify finds a flipped byte, and restore refuses a DATA_DIR that is not empty.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../testing/file-fixtures.ts';
import {
  buildApplication,
  postSubmission,
  saIdNumber,
  uploadDocument,
} from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { STAFF_EMAIL, STAFF_PASSWORD, STAFF_TOTP_SECRET } from '../testing/staff-fixtures.ts';
import { login } from '../testing/staff-sign-in.ts';
import { restoreTargetFrom, snapshotSourceFrom } from './node-wiring.ts';
import { SnapshotKeyError } from './snapshot-keys.ts';
import { logSnapshot } from './snapshot-log.ts';
import { restoreSnapshot, SnapshotError, verifySnapshot } from './snapshot-read.ts';
import { takeSnapshot } from './snapshot-write.ts';

const STAFF_ENV = {
  ADMIN_EMAIL: STAFF_EMAIL,
  ADMIN_PASSWORD: STAFF_PASSWORD,
  ADMIN_TOTP_SECRET: STAFF_TOTP_SECRET,
};

let t: TestApp;
let backups: string;
let identity: string;
let snapshot: string;
const idNumber = saIdNumber('750317', '4123');
// A photo of the ID with bytes no other file has: searched for in the snapshot.
const photo = (() => {
  const image = fixtureBytes('jpeg');
  const bytes = new Uint8Array(image.length + 4096);
  bytes.set(image);
  for (let i = image.length; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) & 255;
  return bytes;
})();
let token = '';

beforeAll(async () => {
  t = await createTestApp({ env: STAFF_ENV });
  backups = await mkdtemp(join(tmpdir(), 'portal-backups-'));
  identity = await generateX25519Identity();
  const payload = await buildApplication(t, { practitioner: { idNumber } });
  payload.documents.push(await uploadDocument(t, 'certified_id', 'jpeg', { bytes: photo }));
  const res = await postSubmission(t, payload, { 'Idempotency-Key': crypto.randomUUID() });
  expect(res.status).toBe(201);
  token = ((await res.json()) as { trackingToken: string }).trackingToken;
  await t.settled();
  const taken = await takeSnapshot(await snapshotSourceFrom(t.env), {
    to: backups,
    sealing: { recipient: await identityToRecipient(identity) },
    now: new Date(),
  });
  snapshot = taken.path;
  await logSnapshot(
    { url: `file:${join(t.dataDir, 'portal.db')}` },
    {
      action: 'backup_taken',
      actor: { type: 'cli' },
      snapshot: basename(snapshot),
      manifest: taken.manifest,
      now: new Date(),
    },
  );
});
afterAll(async () => {
  await t?.dispose();
  await rm(backups, { recursive: true, force: true });
});

const contains = (haystack: Buffer, needle: Uint8Array) => haystack.indexOf(needle) !== -1;

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('an encrypted snapshot', () => {
  it('counts what it holds and has no readable personal data without the key', async () => {
    const manifest = await verifySnapshot(snapshot);
    expect(manifest.counts).toMatchObject({ submissions: 1, staffAccounts: 1 });
    expect(manifest.counts.objects).toBe(manifest.counts.documents);
    expect(manifest.counts.mailFiles).toBeGreaterThan(0);
    // The plain data is really in DATA_DIR (so the search below can find it where it is plain).
    const db = await readFile(join(t.dataDir, 'portal.db'));
    const wal = await readFile(join(t.dataDir, 'portal.db-wal')).catch(() => Buffer.alloc(0));
    expect(contains(Buffer.concat([db, wal]), Buffer.from(idNumber))).toBe(true);
    const window = photo.subarray(photo.length - 512);
    for (const file of await allFiles(snapshot)) {
      const bytes = await readFile(file);
      expect(contains(bytes, Buffer.from(idNumber)), file).toBe(false);
      expect(contains(bytes, window), file).toBe(false);
      expect(contains(bytes, Buffer.from('Nkosi')), file).toBe(false);
      expect(contains(bytes, Buffer.from(token)), file).toBe(false);
    }
  });

  it('is written to the security log with ids and counts only', async () => {
    const [entry] = await t.deps.db.all<{
      action: string;
      actor_type: string;
      entity_id: string;
      details: string;
    }>(
      sql`SELECT action, actor_type, entity_id, details FROM security_events WHERE entity_type = 'snapshot'`,
    );
    expect(entry).toMatchObject({
      action: 'backup_taken',
      actor_type: 'cli',
      entity_id: basename(snapshot),
    });
    expect(JSON.parse(entry!.details)).toMatchObject({ submissions: 1, sealedTo: 'recipient' });
  });

  it('passes verify with the key, and fails it on one flipped byte or with another key', async () => {
    await expect(verifySnapshot(snapshot, { identity })).resolves.toBeTruthy();
    await expect(
      verifySnapshot(snapshot, { identity: await generateX25519Identity() }),
    ).rejects.toThrow(SnapshotKeyError);
    const copy = join(backups, 'flipped');
    await cp(snapshot, copy, { recursive: true });
    const target = join(copy, 'objects', '1.age');
    const bytes = await readFile(target);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await writeFile(target, bytes);
    await expect(verifySnapshot(copy)).rejects.toThrow(/objects\/1\.age differs/);
    await expect(
      restoreSnapshot(copy, restoreTargetFrom({ DATA_DIR: join(backups, 'r0') }), { identity }),
    ).rejects.toThrow(SnapshotError);

    // The manifest is unkeyed: with the flipped file's digest written into it, verify without
    // the key passes (it shows integrity, not authorship: SECURITY.md, L3) and only age's
    // authenticated chunks, with the key, refuse the file.
    const manifestPath = join(copy, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
      files: { path: string; sha256: string }[];
    };
    const { createHash } = await import('node:crypto');
    manifest.files.find((f) => f.path === 'objects/1.age')!.sha256 = createHash('sha256')
      .update(bytes)
      .digest('hex');
    await writeFile(manifestPath, JSON.stringify(manifest));
    await expect(verifySnapshot(copy)).resolves.toBeTruthy();
    await expect(verifySnapshot(copy, { identity })).rejects.toThrow(
      /objects\/1\.age does not decrypt/,
    );
  });

  it('is sealed to a passphrase just as well, and opens with that passphrase only', async () => {
    const taken = await takeSnapshot(await snapshotSourceFrom(t.env), {
      to: join(backups, 'by-passphrase'),
      sealing: { passphrase: 'four random words: kudu baobab fynbos' },
      now: new Date(),
    });
    expect(taken.manifest.sealedTo).toBe('passphrase');
    await expect(
      verifySnapshot(taken.path, { passphrase: 'four random words: kudu baobab fynbos' }),
    ).resolves.toBeTruthy();
    await expect(verifySnapshot(taken.path, { passphrase: 'a guess' })).rejects.toThrow(
      SnapshotKeyError,
    );
  });

  it('restores only into an empty DATA_DIR, and the portal then serves what it held', async () => {
    const busy = join(backups, 'busy');
    await cp(snapshot, join(busy, 'something'), { recursive: true });
    await expect(
      restoreSnapshot(snapshot, restoreTargetFrom({ DATA_DIR: busy }), { identity }),
    ).rejects.toThrow(/not empty/);
    // Nor over a database file that DATABASE_URL names outside DATA_DIR.
    await expect(
      restoreSnapshot(
        snapshot,
        {
          ...restoreTargetFrom({ DATA_DIR: join(backups, 'elsewhere') }),
          databaseUrl: `file:${join(t.dataDir, 'portal.db')}`,
        },
        { identity },
      ),
    ).rejects.toThrow(/exists/);

    const fresh = join(backups, 'restored');
    const manifest = await restoreSnapshot(snapshot, restoreTargetFrom({ DATA_DIR: fresh }), {
      identity,
    });
    expect(manifest.counts.submissions).toBe(1);
    const restored = await createTestApp({ dataDir: fresh });
    try {
      const view = await restored.request(`/api/submissions/${token}`);
      expect(view.status).toBe(200);
      const { documents } = (await view.json()) as { documents: { objectKey?: string }[] };
      expect(documents.length).toBe(manifest.counts.documents);
      // Every stored file is back, byte for byte.
      for await (const object of t.deps.store.list()) {
        const original = await t.deps.store.get(object.key);
        const back = await restored.deps.store.get(object.key);
        expect(back, object.key).not.toBeNull();
        expect(Buffer.from(await new Response(back!.body).arrayBuffer())).toEqual(
          Buffer.from(await new Response(original!.body).arrayBuffer()),
        );
        expect(back!.contentType).toBe(object.contentType);
      }
      // The staff account signs in with a code of its MFA secret: it was sealed with the
      // signing secret the snapshot carried.
      const res = await login(restored, STAFF_EMAIL, STAFF_PASSWORD);
      expect(res.status).toBe(200);
    } finally {
      await restored.stop();
    }
  });

  it('restores the signing secret to SIGNING_SECRET_FILE when it is kept outside DATA_DIR', async () => {
    const fresh = join(backups, 'restored-apart');
    const secretFile = join(backups, 'kept-apart-signing-secret');
    const env = { DATA_DIR: fresh, SIGNING_SECRET_FILE: secretFile };
    await restoreSnapshot(snapshot, restoreTargetFrom(env), { identity });
    expect(await readdir(fresh)).not.toContain('signing-secret');
    const restored = await createTestApp({
      dataDir: fresh,
      env: { SIGNING_SECRET_FILE: secretFile },
    });
    try {
      expect((await login(restored, STAFF_EMAIL, STAFF_PASSWORD)).status).toBe(200);
    } finally {
      await restored.stop();
    }
  });
});
