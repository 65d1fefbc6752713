// Key handling of a snapshot (docs/decisions/090-encrypted-snapshots.md), with age (the npm
// package age-encryption, by age's author): every snapshot has a key of its own, an age X25519
// identity made for it, and every file of the snapshot is encrypted to it. That key is kept in
// the snapshot only sealed to the operator's key — an age recipient (public key) or a passphrase
// (age's scrypt) — which never lives on the server. The passphrase's slow scrypt runs once per
// snapshot, not once per file.
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';

/** What a snapshot is sealed to: the operator's age recipient (age1…) or a passphrase. */
export type SealingKey = { recipient: string } | { passphrase: string };
/** What opens one: the operator's age identity (AGE-SECRET-KEY-1…) or the passphrase. */
export type OpeningKey = { identity: string } | { passphrase: string };

export class SnapshotKeyError extends Error {}

/** A new snapshot key: its encrypter for the files, and the key sealed to the operator. */
export async function newSnapshotKey(sealing: SealingKey) {
  const identity = await generateX25519Identity();
  const files = new Encrypter();
  files.addRecipient(await identityToRecipient(identity));
  const seal = new Encrypter();
  try {
    if ('recipient' in sealing) seal.addRecipient(sealing.recipient);
    else seal.setPassphrase(sealing.passphrase);
  } catch (error) {
    throw new SnapshotKeyError(`The backup key is not usable: ${(error as Error).message}`);
  }
  return { files, sealed: await seal.encrypt(identity) };
}

/** Opens a snapshot's sealed key with the operator's key: a decrypter for its files. */
export async function openSnapshotKey(sealed: Uint8Array, opening: OpeningKey) {
  const unseal = new Decrypter();
  if ('identity' in opening) unseal.addIdentity(opening.identity);
  else unseal.addPassphrase(opening.passphrase);
  let identity: string;
  try {
    identity = await unseal.decrypt(sealed, 'text');
  } catch {
    throw new SnapshotKeyError(
      'The key given does not open this snapshot (wrong identity or passphrase).',
    );
  }
  const files = new Decrypter();
  files.addIdentity(identity);
  return files;
}
