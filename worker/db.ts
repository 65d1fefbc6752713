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

const LOCK_TIMEOUT = /^SQLITE_(BUSY|LOCKED)/;

/**
 * A local client that starts its connections afresh after a lock timeout. libsql leaves the
 * statement that failed with SQLITE_BUSY unfinished on its pooled connection, and from then on
 * every transaction on that connection fails to commit ("SQL statements in progress"): one
 * writer holding the lock past the busy timeout would turn every later write into a failure
 * until a restart (shown by worker/routes/faults.test.ts). The request that met the lock still
 * gets its 503; the pool is reopened and prepared again (prepare) for the next ones.
 */
export function recoveringFromLockTimeouts(client: Client, prepare: () => Promise<void>): Client {
  let recovering: Promise<void> | null = null;
  const recover = () => {
    recovering ??= (async () => {
      await client.reconnect();
      await prepare();
    })().finally(() => {
      recovering = null;
    });
    return recovering;
  };
  const guarded = new Set<PropertyKey>(['execute', 'batch', 'transaction', 'executeMultiple']);
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      // The client keeps its state in private fields: its methods must run on it, not the proxy.
      if (!guarded.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        if (recovering) await recovering;
        try {
          return await value.apply(target, args);
        } catch (error) {
          const code = (error as { code?: unknown } | null)?.code;
          if (typeof code === 'string' && LOCK_TIMEOUT.test(code)) await recover().catch(() => {});
          throw error;
        }
      };
    },
  });
}
