// The database client port: drizzle over any libSQL client (a local file on Node, Turso
// over HTTPS on Workers). Services receive it through deps and never open one themselves.
import type { Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as tables from '../schema/db.ts';

export type Database = LibSQLDatabase<typeof tables>;

export function createDatabase(client: Client): Database {
  return drizzle(client, { schema: tables });
}

/** How many connections the local client's pool may open; each is prepared at start. */
export const LOCAL_CONNECTIONS = 8;

/**
 * Settings for a local libSQL file. sqld refuses PRAGMAs over HTTP, so this runs for file:
 * URLs only (remote databases have foreign keys on by default).
 * secure_delete overwrites deleted content with zeros, so a deleted practitioner's name, ID
 * number and e-mail cannot be read back from free pages of the file (POPIA). It is a setting
 * of each connection, and the client pools up to LOCAL_CONNECTIONS of them: holding that many
 * transactions at once makes the pool open every one, so each gets the setting before use.
 */
export async function prepareLocalFile(client: Client): Promise<void> {
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA foreign_keys = ON');
  const held = await Promise.all(
    Array.from({ length: LOCAL_CONNECTIONS }, () => client.transaction('deferred')),
  );
  try {
    for (const tx of held) await tx.execute('PRAGMA secure_delete = ON');
  } finally {
    for (const tx of held) await tx.rollback();
  }
}
