// Checking and restoring a snapshot (docs/decisions/090-encrypted-snapshots.md). verify needs
// no key: every file's size and SHA-256 against the manifest, nothing missing, nothing extra.
// With the key it also decrypts every file (age authenticates each chunk) and checks the plain
// bytes against the index. Restore writes only into an empty DATA_DIR (and an empty database
// and bucket), checking every file on the way.
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Decrypter } from 'age-encryption';
import type { ObjectStore } from '../ports.ts';
import { copyDatabase, isEmptyDatabase, isFileDatabase } from './database-copy.ts';
import { type Digest, digestOf, hashing, readFileStream, writeFileStream } from './hashed-files.ts';
import { indexSchema, type Manifest, manifestSchema, secretsSchema } from './manifest.ts';
import { type OpeningKey, openSnapshotKey } from './snapshot-keys.ts';
import { plainCopyName } from './snapshot-leftovers.ts';
import { listFiles } from './snapshot-write.ts';

export class SnapshotError extends Error {}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, 'manifest.json'), 'utf8');
  } catch {
    throw new SnapshotError(`${dir} is not a snapshot: it has no manifest.json.`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new SnapshotError(`${dir}/manifest.json is not a snapshot manifest.`);
  return parsed.data;
}

const same = (a: Digest, b: Digest) => a.size === b.size && a.sha256 === b.sha256;

/** Every file against the manifest, without the key; answers the problems found. */
async function checkFiles(dir: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  const present = new Set(await listFiles(dir));
  for (const file of manifest.files) {
    if (!present.delete(file.path)) {
      problems.push(`${file.path} is missing`);
      continue;
    }
    if (!same(await digestOf(join(dir, file.path)), file)) {
      problems.push(`${file.path} differs from the manifest (size or SHA-256)`);
    }
  }
  for (const extra of present) problems.push(`${extra} is not in the manifest`);
  return problems;
}

/** Decrypts a snapshot file, checking its plain bytes against the index's digest. */
async function decrypted(
  files: Decrypter,
  dir: string,
  entry: { path: string } & Digest,
  into: (body: ReadableStream<Uint8Array>) => Promise<void>,
) {
  const plain = hashing();
  try {
    const body = await files.decrypt(readFileStream(join(dir, entry.path)));
    await into(body.pipeThrough(plain.stream));
  } catch (error) {
    throw new SnapshotError(`${entry.path} does not decrypt: ${(error as Error).message}`);
  }
  if (!same(plain.digest(), entry)) {
    throw new SnapshotError(`${entry.path} decrypts to other bytes than the index says`);
  }
}

const drain = (body: ReadableStream<Uint8Array>) => body.pipeTo(new WritableStream());
const text = async (files: Decrypter, dir: string, path: string) => {
  try {
    return await files.decrypt(await readFile(join(dir, path)), 'text');
  } catch (error) {
    throw new SnapshotError(`${path} does not decrypt: ${(error as Error).message}`);
  }
};

async function openIndex(dir: string, opening: OpeningKey) {
  const files = await openSnapshotKey(await readFile(join(dir, 'key.age')), opening);
  const index = indexSchema.parse(JSON.parse(await text(files, dir, 'index.json.age')));
  return { files, index };
}

/**
 * Checks a snapshot without restoring it: its files against the manifest, and with the key,
 * every file decrypted. Answers the manifest; throws SnapshotError naming every problem.
 */
export async function verifySnapshot(dir: string, opening?: OpeningKey): Promise<Manifest> {
  const manifest = await readManifest(dir);
  const problems = await checkFiles(dir, manifest);
  if (problems.length > 0) throw new SnapshotError(problems.join('\n'));
  if (opening) {
    const { files, index } = await openIndex(dir, opening);
    for (const entry of [index.database, index.secrets, ...index.objects, ...index.mail]) {
      await decrypted(files, dir, entry, drain);
    }
  }
  return manifest;
}

export type RestoreTarget = {
  dataDir: string;
  /** file:DATA_DIR/portal.db, or a libSQL server to restore into (empty). */
  databaseUrl: string;
  databaseAuthToken?: string;
  /** Where objects go: made once the snapshot's signing secret is known (the disk store needs it). */
  store: (signingSecret: string) => Promise<Pick<ObjectStore, 'put' | 'list'>>;
  /**
   * Checks where the next start will read the signing secret (refusing another one) and
   * answers the write that puts the snapshot's there (signing-secret.ts).
   */
  placeSigningSecret: (signingSecret: string) => Promise<() => Promise<void>>;
};

async function isEmptyDir(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

export async function restoreSnapshot(
  dir: string,
  target: RestoreTarget,
  opening: OpeningKey,
): Promise<Manifest> {
  if (!(await isEmptyDir(target.dataDir))) {
    throw new SnapshotError(
      `DATA_DIR ${target.dataDir} is not empty: a snapshot is restored only into an empty one, so nothing there is overwritten.`,
    );
  }
  const databaseFile = isFileDatabase(target.databaseUrl)
    ? target.databaseUrl.slice('file:'.length).split('?')[0]!
    : null;
  // A database file named by DATABASE_URL outside DATA_DIR is never overwritten either.
  if (databaseFile && (await stat(databaseFile).catch(() => null))?.size) {
    throw new SnapshotError(
      `The database file ${databaseFile} exists: a snapshot is restored only where nothing is.`,
    );
  }
  const remote = !isFileDatabase(target.databaseUrl)
    ? createClient({ url: target.databaseUrl, authToken: target.databaseAuthToken || undefined })
    : null;
  try {
    if (remote && !(await isEmptyDatabase(remote))) {
      throw new SnapshotError(
        'The database at DATABASE_URL is not empty: a snapshot is restored only into an empty one.',
      );
    }
    const manifest = await readManifest(dir);
    const problems = await checkFiles(dir, manifest);
    if (problems.length > 0) throw new SnapshotError(problems.join('\n'));
    const { files, index } = await openIndex(dir, opening);

    const secrets = secretsSchema.parse(JSON.parse(await text(files, dir, index.secrets.path)));
    const store = await target.store(secrets.signingSecret);
    for await (const _ of store.list()) {
      throw new SnapshotError(
        'The object store already holds objects: a snapshot is restored only into an empty one.',
      );
    }
    const writeSecret = await target.placeSigningSecret(secrets.signingSecret);
    await mkdir(target.dataDir, { recursive: true, mode: 0o700 });
    await writeSecret();

    const plainDb = join(target.dataDir, plainCopyName('restore'));
    await decrypted(files, dir, index.database, (body) => writeFileStream(plainDb, body));
    if (remote) {
      const local = createClient({ url: `file:${plainDb}` });
      try {
        await copyDatabase(local, remote);
      } finally {
        local.close();
        await rm(plainDb, { force: true });
      }
    } else {
      await rename(plainDb, databaseFile!);
    }

    for (const object of index.objects) {
      await decrypted(files, dir, object, async (body) => {
        await store.put(object.key, body, {
          contentType: object.contentType,
          maxBytes: object.size,
          length: object.size,
        });
      });
    }
    if (index.mail.length > 0) await mkdir(join(target.dataDir, 'mail'), { mode: 0o700 });
    for (const mail of index.mail) {
      await decrypted(files, dir, mail, (body) =>
        writeFileStream(join(target.dataDir, 'mail', mail.name), body),
      );
    }
    return manifest;
  } finally {
    remote?.close();
  }
}
