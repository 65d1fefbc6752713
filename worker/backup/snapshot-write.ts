// Takes one snapshot while the portal serves (docs/decisions/090-encrypted-snapshots.md): the
// database first (one consistent read), then every stored object through the ObjectStore port
// (objects never change once stored, so a copy made after the database's holds every file its
// rows name, bar one deleted in between), the mail files, and the signing secret that opens
// sealed MFA secrets and signs URLs. Every file is encrypted as it is written; the folder
// appears under its final name only when complete.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Encrypter } from 'age-encryption';
import type { ObjectStore } from '../ports.ts';
import { copyDatabase, isFileDatabase, vacuumInto } from './database-copy.ts';
import { type Digest, digestOf, hashing, readFileStream, writeFileStream } from './hashed-files.ts';
import { type Manifest, manifestSchema, SNAPSHOT_FORMAT, type SnapshotIndex } from './manifest.ts';
import { newSnapshotKey, type SealingKey } from './snapshot-keys.ts';
import { partialName, plainCopyName, sweepSnapshotLeftovers } from './snapshot-leftovers.ts';

export type SnapshotSource = {
  databaseUrl: string;
  databaseAuthToken?: string;
  store: Pick<ObjectStore, 'list' | 'get'>;
  /** The file mailer's folder of .eml files, when there is one. */
  mailDir?: string;
  signingSecret: string;
  /** A private folder for the database's plain copy while it is encrypted (DATA_DIR). */
  workDir: string;
};

/** Snapshot folders sort by the time they were taken. */
export const SNAPSHOT_PREFIX = 'snapshot-';
const stampOf = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function counts(path: string) {
  const client = createClient({ url: `file:${path}` });
  try {
    const count = async (sql: string) => Number((await client.execute(sql)).rows[0]?.n ?? 0);
    return {
      submissions: await count('SELECT count(*) AS n FROM submissions'),
      documents: await count('SELECT count(*) AS n FROM documents'),
      staffAccounts: await count('SELECT count(*) AS n FROM staff_users'),
      queuedMail: await count('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL'),
    };
  } finally {
    client.close();
  }
}

async function plainCopyOfDatabase(source: SnapshotSource, target: string) {
  const from = createClient({
    url: source.databaseUrl,
    authToken: source.databaseAuthToken || undefined,
    timeout: 10_000,
  });
  try {
    if (isFileDatabase(source.databaseUrl)) {
      await vacuumInto(from, target);
      return 'file' as const;
    }
    const to = createClient({ url: `file:${target}` });
    try {
      await copyDatabase(from, to);
    } finally {
      to.close();
    }
    return 'libsql' as const;
  } finally {
    from.close();
  }
}

export async function takeSnapshot(
  source: SnapshotSource,
  options: { to: string; sealing: SealingKey; now: Date },
): Promise<{ path: string; manifest: Manifest }> {
  await mkdir(options.to, { recursive: true, mode: 0o700 });
  const name = `${SNAPSHOT_PREFIX}${stampOf(options.now)}`;
  const final = join(options.to, name);
  await sweepSnapshotLeftovers({ dataDir: source.workDir, backupDir: options.to }, options.now);
  const partial = join(options.to, partialName(name));
  await mkdir(partial, { mode: 0o700 });
  const plainDb = join(source.workDir, plainCopyName('snapshot'));
  try {
    const { files: encrypter, sealed } = await newSnapshotKey(options.sealing);
    await writeFile(join(partial, 'key.age'), sealed, { mode: 0o600, flag: 'wx' });

    /** Encrypts `body` into the snapshot file `path`; answers the plain bytes' digest. */
    const encrypted = async (path: string, body: ReadableStream<Uint8Array>) => {
      const plain = hashing();
      const sealedStream = await (encrypter as Encrypter).encrypt(body.pipeThrough(plain.stream));
      await writeFileStream(join(partial, path), sealedStream);
      return { path, ...plain.digest() };
    };

    const database = await plainCopyOfDatabase(source, plainDb);
    const counted = await counts(plainDb);
    const databaseEntry = await encrypted('database.sqlite.age', readFileStream(plainDb));
    await rm(plainDb, { force: true });

    await mkdir(join(partial, 'objects'), { mode: 0o700 });
    const objects: SnapshotIndex['objects'] = [];
    for await (const object of source.store.list()) {
      const stored = await source.store.get(object.key);
      // Deleted since the listing (a staff deletion, the orphan clean-up): not in the snapshot.
      if (!stored) continue;
      const entry = await encrypted(`objects/${String(objects.length + 1)}.age`, stored.body);
      objects.push({ ...entry, key: object.key, contentType: stored.contentType });
    }

    const mail: SnapshotIndex['mail'] = [];
    const mailNames = source.mailDir
      ? await readdir(source.mailDir).catch(() => [] as string[])
      : [];
    if (mailNames.length > 0) await mkdir(join(partial, 'mail'), { mode: 0o700 });
    // Finished messages only: the file mailer writes a hidden .tmp and renames it, so a
    // message being written while the server runs is taken by the next snapshot, not read
    // half-way (or after its rename, which failed the backup with ENOENT).
    const finished = mailNames.filter((n) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*\.eml$/.test(n));
    for (const mailName of finished.sort()) {
      const entry = await encrypted(
        `mail/${String(mail.length + 1)}.age`,
        readFileStream(join(source.mailDir!, mailName)),
      );
      mail.push({ ...entry, name: mailName });
    }

    const secretsBody = new Blob([JSON.stringify({ signingSecret: source.signingSecret })]);
    const secrets = await encrypted('secrets.json.age', secretsBody.stream());
    const index: SnapshotIndex = {
      format: SNAPSHOT_FORMAT,
      database: databaseEntry,
      secrets,
      objects,
      mail,
    };
    await encrypted('index.json.age', new Blob([JSON.stringify(index)]).stream());

    const files: Manifest['files'] = [];
    for (const path of await listFiles(partial)) {
      const digest: Digest = await digestOf(join(partial, path));
      files.push({ path, ...digest });
    }
    const manifest = manifestSchema.parse({
      format: SNAPSHOT_FORMAT,
      createdAt: options.now.toISOString(),
      sealedTo: 'recipient' in options.sealing ? 'recipient' : 'passphrase',
      database,
      counts: { ...counted, objects: objects.length, mailFiles: mail.length },
      files,
    } satisfies Manifest);
    await writeFile(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(partial, final);
    return { path: final, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(plainDb, { force: true });
  }
}

/** The snapshot's files (but the manifest), as paths inside it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .filter((path) => path !== 'manifest.json')
    .sort();
}
