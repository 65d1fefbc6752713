// A snapshot's two tables of contents (docs/decisions/090-encrypted-snapshots.md). The manifest
// (manifest.json, plain) lists every file of the snapshot folder with its size and SHA-256, so
// `backup verify` checks a snapshot without its key, and counts what it holds; it names no
// person and no object key. The index (index.json.age, encrypted) says what each encrypted file
// holds: the object key and type, the plain size and SHA-256.
import { z } from 'zod/mini';

export const SNAPSHOT_FORMAT = 'portal-snapshot/1';

const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const size = z.number().check(z.int(), z.gte(0));
/** Paths inside the snapshot folder: made by the writer, never from stored names. */
const snapshotPath = z.string().check(z.regex(/^[a-z]+(\/[a-z0-9]+)?(\.[a-z]+)+$/));

export const manifestSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  createdAt: z.iso.datetime(),
  /** How the snapshot's key is sealed to the operator: an age recipient or a passphrase. */
  sealedTo: z.enum(['recipient', 'passphrase']),
  /** Where the database came from: a local file (VACUUM INTO) or a libSQL server (client protocol). */
  database: z.enum(['file', 'libsql']),
  counts: z.object({
    submissions: size,
    documents: size,
    staffAccounts: size,
    queuedMail: size,
    objects: size,
    mailFiles: size,
  }),
  files: z.array(z.object({ path: snapshotPath, size, sha256 })),
});
export type Manifest = z.infer<typeof manifestSchema>;

const entry = z.object({ path: snapshotPath, size, sha256 });

export const indexSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  database: entry,
  secrets: entry,
  objects: z.array(z.extend(entry, { key: z.string(), contentType: z.string() })),
  mail: z.array(z.extend(entry, { name: z.string().check(z.regex(/^[A-Za-z0-9._-]+$/)) })),
});
export type SnapshotIndex = z.infer<typeof indexSchema>;

export const secretsSchema = z.object({ signingSecret: z.string().check(z.minLength(16)) });
