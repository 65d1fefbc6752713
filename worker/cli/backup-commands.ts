// npm run admin -- backup|restore: encrypted snapshots of everything the portal keeps
// (docs/decisions/090-encrypted-snapshots.md), on the same DATA_DIR / DATABASE_URL wiring as
// the server, while it serves.
//
//   backup keygen --out FILE              the operator's age key (identity in FILE)
//   backup --to DIR [--recipient age1…]   take one snapshot into a new folder under DIR
//   backup verify SNAPSHOT [--identity F] check it without restoring (with F: decrypt all too)
//   restore --from SNAPSHOT [--identity F] into an empty DATA_DIR
import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import {
  BackupConfigError,
  openingKeyFrom,
  restoreTargetFrom,
  sealingKeyFrom,
  snapshotSourceFrom,
} from '../backup/node-wiring.ts';
import { SnapshotKeyError } from '../backup/snapshot-keys.ts';
import { logSnapshot } from '../backup/snapshot-log.ts';
import { restoreSnapshot, SnapshotError, verifySnapshot } from '../backup/snapshot-read.ts';
import { takeSnapshot } from '../backup/snapshot-write.ts';
import { SigningSecretError } from '../signing-secret.ts';

export const BACKUP_USAGE = `  backup keygen --out FILE   make the operator's age key (on the operator's machine, not
                            the server): FILE gets the identity, the recipient is printed
  backup --to DIR [--recipient age1…]
                            take an encrypted snapshot (a new folder under DIR) while the
                            portal serves; sealed to --recipient, BACKUP_RECIPIENT or
                            BACKUP_PASSPHRASE
  backup verify SNAPSHOT [--identity FILE]
                            check a snapshot's files against its manifest; with the key
                            (--identity, BACKUP_IDENTITY_FILE or BACKUP_PASSPHRASE) decrypt
                            every file too
  restore --from SNAPSHOT [--identity FILE]
                            restore into an empty DATA_DIR (refuses a non-empty one)`;

const summary = (counts: Record<string, number>) =>
  `${counts.submissions} applications, ${counts.documents} documents, ${counts.objects} stored files, ${counts.staffAccounts} staff accounts, ${counts.queuedMail} queued mails, ${counts.mailFiles} mail files`;

/** Runs a backup command; answers the exit code, or throws a usage problem's message. */
export async function runBackupCommand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      recipient: { type: 'string' },
      identity: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const env = process.env;
  const [command, sub, target] = positionals;
  try {
    if (command === 'backup' && sub === 'keygen') {
      if (!values.out) throw new BackupConfigError('backup keygen needs --out FILE.');
      const identity = await generateX25519Identity();
      const recipient = await identityToRecipient(identity);
      await writeFile(values.out, `# public key: ${recipient}\n${identity}\n`, {
        mode: 0o600,
        flag: 'wx',
      }).catch((error: NodeJS.ErrnoException) => {
        throw new BackupConfigError(
          error.code === 'EEXIST'
            ? `${values.out} exists already: a key is never overwritten.`
            : `Cannot write ${values.out}: ${error.message}`,
        );
      });
      console.log(
        `Wrote the identity to ${values.out}: keep it away from the server (it opens every snapshot).\nEncrypt to: BACKUP_RECIPIENT=${recipient}`,
      );
      return 0;
    }
    if (command === 'backup' && sub === 'verify') {
      if (!target) throw new BackupConfigError('backup verify needs the snapshot folder.');
      const opening = await openingKeyFrom(env, values.identity);
      const manifest = await verifySnapshot(target, opening ?? undefined);
      console.log(
        `${target}: every file matches the manifest${opening ? ' and decrypts whole' : ' (not decrypted: no key given)'}; ${summary(manifest.counts)}.`,
      );
      return 0;
    }
    if (command === 'backup') {
      if (sub || !values.to) throw new BackupConfigError('backup needs --to DIR.');
      const sealing = sealingKeyFrom(env, values.recipient);
      if (!sealing) {
        throw new BackupConfigError(
          'No key to encrypt to: give --recipient age1… (or BACKUP_RECIPIENT), or set BACKUP_PASSPHRASE.',
        );
      }
      const source = await snapshotSourceFrom(env);
      const now = new Date();
      const { path, manifest } = await takeSnapshot(source, { to: values.to, sealing, now });
      console.log(`Snapshot written to ${path}: ${summary(manifest.counts)}.`);
      const database = { url: source.databaseUrl, authToken: source.databaseAuthToken };
      const event = { actor: { type: 'cli' as const }, snapshot: basename(path), manifest, now };
      await logSnapshot(database, { action: 'backup_taken', ...event });
      return 0;
    }
    if (command === 'restore') {
      if (!values.from) throw new BackupConfigError('restore needs --from SNAPSHOT.');
      const opening = await openingKeyFrom(env, values.identity);
      if (!opening) {
        throw new BackupConfigError(
          'No key to open the snapshot: give --identity FILE (or BACKUP_IDENTITY_FILE), or set BACKUP_PASSPHRASE.',
        );
      }
      const restoreTarget = restoreTargetFrom(env);
      const manifest = await restoreSnapshot(values.from, restoreTarget, opening);
      await logSnapshot(
        { url: restoreTarget.databaseUrl, authToken: restoreTarget.databaseAuthToken },
        {
          action: 'backup_restored',
          actor: { type: 'cli' },
          snapshot: basename(resolve(values.from)),
          manifest,
          now: new Date(),
        },
      );
      console.log(
        `Restored ${values.from} into ${restoreTarget.dataDir}: ${summary(manifest.counts)}. The signing secret went where the start reads it (SIGNING_SECRET_FILE, else DATA_DIR/signing-secret). Start the portal on it with npm start.`,
      );
      return 0;
    }
    throw new BackupConfigError(`Unknown command "${[command, sub].filter(Boolean).join(' ')}".`);
  } catch (error) {
    if (
      error instanceof BackupConfigError ||
      error instanceof SnapshotError ||
      error instanceof SnapshotKeyError ||
      error instanceof SigningSecretError
    ) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
