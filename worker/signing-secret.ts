// The one home of the Node entry's signing secret (decision 098): it signs storage URLs and
// every key the portal derives (MFA secrets' and practitioner profiles' sealing keys), so
// whoever holds it and a copy of the database opens those. Read from SIGNING_SECRET, else the
// file SIGNING_SECRET_FILE names (kept outside DATA_DIR), else DATA_DIR/signing-secret, which
// is generated on the first start when neither is set. The server, the CLI, backups and
// restore all find it here.
import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

type Env = Record<string, string | undefined>;

export class SigningSecretError extends Error {}

/** What a snapshot accepts back (backup/manifest.ts); a generated one has 64 hex digits. */
const MIN_LENGTH = 16;

export type SigningSecret = {
  secret: string;
  /** The file it was read from, or null when it came from SIGNING_SECRET. */
  file: string | null;
  /** True when the file is inside DATA_DIR, so a copy of DATA_DIR carries it. */
  insideDataDir: boolean;
  /** True when this call made it (a first start with neither variable set). */
  generated: boolean;
};

const dataDirFile = (dataDir: string) => join(dataDir, 'signing-secret');

function isInside(dir: string, file: string): boolean {
  const path = relative(resolve(dir), resolve(file));
  return path !== '' && !path.startsWith('..') && !path.startsWith('/');
}

function checked(secret: string, where: string): string {
  if (secret.length < MIN_LENGTH) {
    throw new SigningSecretError(
      `The signing secret in ${where} is shorter than ${MIN_LENGTH} characters: make one with "openssl rand -hex 32".`,
    );
  }
  return secret;
}

async function readSecret(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SigningSecretError(
      `Cannot read the signing secret ${file}: ${(error as Error).message}`,
    );
  }
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null)) !== null;
}

/**
 * The signing secret for a start (`generate`: make DATA_DIR/signing-secret when nothing is
 * configured) or for a tool that must find the existing one (backup: never makes one).
 */
export async function loadSigningSecret(
  env: Env,
  dataDir: string,
  options: { generate: boolean },
): Promise<SigningSecret> {
  if (env.SIGNING_SECRET) {
    const secret = checked(env.SIGNING_SECRET.trim(), 'SIGNING_SECRET');
    return { secret, file: null, insideDataDir: false, generated: false };
  }
  if (env.SIGNING_SECRET_FILE) {
    const file = resolve(env.SIGNING_SECRET_FILE);
    const secret = await readSecret(file);
    if (secret === null) {
      // A mistyped path must not silently become a new secret: MFA secrets sealed with the
      // old one would no longer open.
      const old = dataDirFile(dataDir);
      throw new SigningSecretError(
        (await exists(old))
          ? `SIGNING_SECRET_FILE names ${file}, which does not exist. To move the secret out of DATA_DIR: mv ${old} ${file}`
          : `SIGNING_SECRET_FILE names ${file}, which does not exist. Make one with: (umask 077; openssl rand -hex 32 > ${file})`,
      );
    }
    return {
      secret: checked(secret, file),
      file,
      insideDataDir: isInside(dataDir, file),
      generated: false,
    };
  }
  const file = dataDirFile(dataDir);
  const found = await readSecret(file);
  if (found !== null)
    return { secret: checked(found, file), file, insideDataDir: true, generated: false };
  if (!options.generate) {
    throw new SigningSecretError(
      `No signing secret: neither SIGNING_SECRET, SIGNING_SECRET_FILE nor ${file}. Is DATA_DIR right?`,
    );
  }
  let generated = true;
  // wx: two processes starting at once keep whichever was written first.
  await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      generated = false;
    },
  );
  const secret = (await readSecret(file)) ?? '';
  return { secret: checked(secret, file), file, insideDataDir: true, generated };
}

/** What `npm start` prints once, when it has just made the secret inside DATA_DIR. */
export function generatedSecretNotice(loaded: SigningSecret): string | null {
  if (!loaded.generated || !loaded.file) return null;
  return `Generated a signing secret in ${loaded.file}. It seals the staff MFA secrets, so a copy of DATA_DIR with it opens them: move it out of DATA_DIR and point SIGNING_SECRET_FILE at it (or give it as SIGNING_SECRET), and keep it apart from the data and its copies.`;
}

/**
 * Puts a restored snapshot's signing secret where the next start reads it: refuses, before
 * anything is written, a configured secret that is another one (the restored MFA secrets and
 * profiles would not open); writes SIGNING_SECRET_FILE or DATA_DIR/signing-secret otherwise.
 */
export async function placeRestoredSigningSecret(
  env: Env,
  dataDir: string,
  secret: string,
): Promise<() => Promise<void>> {
  const differs = (where: string) =>
    new SigningSecretError(
      `${where} holds another signing secret than the snapshot's: the restored MFA secrets would not open. Unset it, or empty that file's place, and restore again.`,
    );
  if (env.SIGNING_SECRET) {
    if (env.SIGNING_SECRET.trim() !== secret) throw differs('SIGNING_SECRET');
    return async () => {};
  }
  const file = env.SIGNING_SECRET_FILE ? resolve(env.SIGNING_SECRET_FILE) : dataDirFile(dataDir);
  const present = await readSecret(file);
  if (present !== null) {
    if (present !== secret) throw differs(file);
    return async () => {};
  }
  return () => writeFile(file, secret, { mode: 0o600, flag: 'wx' });
}
