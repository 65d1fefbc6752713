// The prepared reads (ports.ts PreparedReads) on a local libSQL file, for the Node entry: a
// connection of its own that cannot write (query_only), each statement prepared once and kept.
// @libsql/client prepares every statement it runs anew, which for the tracking view's one
// statement cost about six times running it (decision 105); its connections are private, so
// the kept statements live on this one, opened with the same engine (the `libsql` package the
// client itself runs on). In WAL mode a reader sees every write committed before it starts,
// and each read resets its statement, so no snapshot is held between requests.
import Database from 'libsql';
import type { PreparedReads } from '../ports.ts';

/** Busy timeout (ms), as the client's: only a WAL recovery can keep a reader waiting. */
const BUSY_TIMEOUT_MS = 5000;

export function localFileReads(path: string): PreparedReads & { close(): void } {
  const connection = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  connection.exec('PRAGMA query_only = ON');
  const statements = new Map<string, Database.Statement>();
  return {
    async firstValue(sql, args) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql).raw(true);
        statements.set(sql, statement);
      }
      const row = statement.get([...args]) as unknown[] | undefined;
      return row?.[0];
    },
    close: () => connection.close(),
  };
}
