// Where a backup reads from and a restore writes to, from the same environment as `npm start`
// (DATA_DIR, DATABASE_URL, SIGNING_SECRET or SIGNING_SECRET_FILE) and, for objects in an S3-compatible bucket, the
// Workers deployment's R2_* variables. The operator's key comes from BACKUP_RECIPIENT (an age
// public key) or BACKUP_PASSPHRASE to take a snapshot, and from BACKUP_IDENTITY_FILE (the age
// identity, kept off the server) or BACKUP_PASSPHRASE to open one.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createDiskStore } from '../adapters/disk-store.ts';
import { createS3ObjectIo } from '../adapters/s3-object-io.ts';
import { importSigningKey } from '../crypto/signed-urls.ts';
import { type ObjectStore, systemClock } from '../ports.ts';
import {
  loadSigningSecret,
  placeRestoredSigningSecret,
  SigningSecretError,
} from '../signing-secret.ts';
import { signingSecretOpensSealed } from './signing-secret-check.ts';
import type { OpeningKey, SealingKey } from './snapshot-keys.ts';
import type { RestoreTarget } from './snapshot-read.ts';
import type { SnapshotSource } from './snapshot-write.ts';

type Env = Record<string, string | undefined>;

export class BackupConfigError extends Error {}

export const dataDirOf = (env: Env) => resolve(env.DATA_DIR || './data');

/** The sealing key, or null when none is configured. */
export function sealingKeyFrom(env: Env, recipient?: string): SealingKey | null {
  const given = recipient || env.BACKUP_RECIPIENT;
  if (given) return { recipient: given };
  if (env.BACKUP_PASSPHRASE) return { passphrase: env.BACKUP_PASSPHRASE };
  return null;
}

export async function openingKeyFrom(env: Env, identityFile?: string): Promise<OpeningKey | null> {
  const file = identityFile || env.BACKUP_IDENTITY_FILE;
  if (file) {
    const text = await readFile(file, 'utf8').catch(() => {
      throw new BackupConfigError(`Cannot read the identity file ${file}.`);
    });
    const identity = text.split(/\r?\n/).find((line) => line.startsWith('AGE-SECRET-KEY-'));
    if (!identity) throw new BackupConfigError(`${file} holds no age identity (AGE-SECRET-KEY-…).`);
    return { identity };
  }
  if (env.BACKUP_PASSPHRASE) return { passphrase: env.BACKUP_PASSPHRASE };
  return null;
}

/** Objects in an S3-compatible bucket (R2 or a stand-in) when R2_BUCKET_NAME is set. */
function bucketOf(env: Env): Pick<ObjectStore, 'list' | 'get' | 'put'> | null {
  if (!env.R2_BUCKET_NAME) return null;
  if (!env.R2_ACCESS_KEY_ID || !env.R2_SECRET_ACCESS_KEY) {
    throw new BackupConfigError('R2_BUCKET_NAME needs R2_ACCESS_KEY_ID and R2_SECRET_ACCESS_KEY.');
  }
  const s3Origin =
    env.R2_S3_ORIGIN ||
    (env.R2_ACCOUNT_ID ? `https://${env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com` : '');
  if (!s3Origin)
    throw new BackupConfigError('R2_BUCKET_NAME needs R2_ACCOUNT_ID (or R2_S3_ORIGIN).');
  return createS3ObjectIo({
    s3Origin,
    bucketName: env.R2_BUCKET_NAME,
    accessKeyId: env.R2_ACCESS_KEY_ID,
    secretAccessKey: env.R2_SECRET_ACCESS_KEY,
  });
}

async function diskStoreOf(dataDir: string, signingSecret: string) {
  return createDiskStore({
    root: join(dataDir, 'store'),
    publicOrigin: 'http://localhost',
    signingKey: await importSigningKey(signingSecret),
    clock: systemClock,
  });
}

const databaseUrlOf = (env: Env, dataDir: string) =>
  env.DATABASE_URL || `file:${join(dataDir, 'portal.db')}`;

export async function snapshotSourceFrom(env: Env): Promise<SnapshotSource> {
  const dataDir = dataDirOf(env);
  const { secret: signingSecret } = await loadSigningSecret(env, dataDir, {
    generate: false,
  }).catch((error) => {
    throw error instanceof SigningSecretError ? new BackupConfigError(error.message) : error;
  });
  const databaseUrl = databaseUrlOf(env, dataDir);
  // Before anything is written: a snapshot with another signing secret restores a portal whose
  // staff cannot sign in.
  const check = { url: databaseUrl, authToken: env.DATABASE_AUTH_TOKEN };
  if ((await signingSecretOpensSealed(check, signingSecret)) === 'does not open') {
    throw new BackupConfigError(
      "The signing secret here does not open the staff MFA secrets in the database, so it is not the portal's: a snapshot with it would restore a portal whose staff cannot sign in. Set SIGNING_SECRET (or SIGNING_SECRET_FILE) to the value the portal runs with (on Cloudflare, the one given to `wrangler secret put SIGNING_SECRET`), then run the backup again. Nothing was written.",
    );
  }
  return {
    databaseUrl,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    store: bucketOf(env) ?? (await diskStoreOf(dataDir, signingSecret)),
    mailDir: join(dataDir, 'mail'),
    signingSecret,
    workDir: dataDir,
  };
}

export function restoreTargetFrom(env: Env): RestoreTarget {
  const dataDir = dataDirOf(env);
  return {
    dataDir,
    databaseUrl: databaseUrlOf(env, dataDir),
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    store: async (signingSecret) => bucketOf(env) ?? (await diskStoreOf(dataDir, signingSecret)),
    placeSigningSecret: (signingSecret) => placeRestoredSigningSecret(env, dataDir, signingSecret),
  };
}
