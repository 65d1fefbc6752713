// The database client port: drizzle over any libSQL client (a local file on Node, Turso
// over HTTPS on Workers). Services receive it through deps and never open one themselves.
import type { Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as tables from '../schema/db.ts';

export type Database = LibSQLDatabase<typeof tables>;

export function createDatabase(client: Client): Database {
  return drizzle(client, { schema: tables });
}

/**
 * Per-connection settings for a local libSQL file. sqld refuses PRAGMAs over HTTP, so this
 * runs for file: URLs only (remote databases have foreign keys on by default).
 */
export async function prepareLocalFile(client: Client): Promise<void> {
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA foreign_keys = ON');
}
