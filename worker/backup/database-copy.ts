// The database's part of a snapshot, always as one SQLite file. A local file database is
// copied by SQLite's own online backup, VACUUM INTO (one read transaction: a consistent copy
// while the server writes). A libSQL server (Turso, sqld) is read through its client protocol
// only: schema and rows in one read transaction, written into a fresh local file. The same
// row copy writes a snapshot's file into an empty libSQL server on restore.
import type { Client, InStatement, Transaction } from '@libsql/client';

/** A URL names a local database file (file:…) rather than a libSQL server. */
export const isFileDatabase = (url: string) => url.startsWith('file:');

/** VACUUM INTO: a complete, consistent copy of a live local database at `target`. */
export async function vacuumInto(source: Client, target: string): Promise<void> {
  await source.execute({ sql: 'VACUUM INTO ?', args: [target] });
}

type SchemaRow = { type: string; name: string; sql: string };

/** The user's schema: tables first, then indexes, triggers and views (libSQL's own left out). */
async function schemaOf(tx: Transaction): Promise<SchemaRow[]> {
  const result = await tx.execute(
    `SELECT type, name, sql FROM sqlite_master
     WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
       AND name NOT LIKE 'libsql\\_%' ESCAPE '\\' AND name NOT LIKE '\\_litestream%' ESCAPE '\\'
     ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'trigger' THEN 2 ELSE 3 END, name`,
  );
  return result.rows.map((row) => ({
    type: String(row.type),
    name: String(row.name),
    sql: String(row.sql),
  }));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables in an order where each comes after the tables it references, so rows can be written
 * with foreign keys enforced (sqld takes no PRAGMA to defer them).
 */
function byReferences(tables: SchemaRow[]): SchemaRow[] {
  const names = new Set(tables.map((t) => t.name));
  const refs = new Map(
    tables.map((t) => [
      t.name,
      [...t.sql.matchAll(/REFERENCES\s+[`"[]?(\w+)/gi)]
        .map((m) => m[1]!)
        .filter((n) => names.has(n) && n !== t.name),
    ]),
  );
  const ordered: SchemaRow[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter(
      (t) => !placed.has(t.name) && refs.get(t.name)!.every((r) => placed.has(r)),
    );
    if (next.length === 0) throw new Error('The tables reference each other in a cycle');
    for (const t of next) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

const BATCH = 200;

/** Whether a database has no tables of its own yet (a restore writes only into such a one). */
export async function isEmptyDatabase(client: Client): Promise<boolean> {
  const result = await client.execute(
    `SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'libsql\\_%' ESCAPE '\\'
       AND name NOT LIKE '\\_litestream%' ESCAPE '\\'`,
  );
  return Number(result.rows[0]?.n ?? 0) === 0;
}

/** A virtual table (full-text index): its own CREATE makes its shadow tables. */
const isVirtual = (t: SchemaRow) => /^CREATE VIRTUAL TABLE/i.test(t.sql);
const hasRowid = (t: SchemaRow) => !/WITHOUT\s+ROWID\s*$/i.test(t.sql.trim());

/**
 * The tables to create and fill: a virtual table's shadow tables (name_data, name_idx, …) are
 * not created, since creating the virtual table makes them and writing its rows fills them;
 * only its settings (FTS5's name_config, e.g. secure-delete) are copied over the defaults.
 */
function tablesToCopy(schema: SchemaRow[]): { create: SchemaRow[]; settings: SchemaRow[] } {
  const tables = schema.filter((s) => s.type === 'table');
  const virtual = tables.filter(isVirtual).map((t) => `${t.name}_`);
  const isShadow = (t: SchemaRow) => virtual.some((prefix) => t.name.startsWith(prefix));
  return {
    create: tables.filter((t) => !isShadow(t)),
    settings: tables.filter((t) => isShadow(t) && t.name.endsWith('_config')),
  };
}

/**
 * Copies schema and every row from `source` (read in one transaction, so consistent) into the
 * empty database `target`. Both are libSQL clients; neither needs a PRAGMA. Rowids are kept, as
 * VACUUM INTO keeps them: the submissions' full-text index is keyed by them (decision 103).
 */
export async function copyDatabase(source: Client, target: Client): Promise<void> {
  if (!(await isEmptyDatabase(target))) throw new Error('The target database is not empty');
  const tx = await source.transaction('read');
  try {
    const schema = await schemaOf(tx);
    const { create, settings } = tablesToCopy(schema);
    const tables = byReferences(create);
    await target.batch(
      tables.map((t) => t.sql),
      'write',
    );
    for (const table of [...tables, ...settings]) {
      const rowid = hasRowid(table) ? '"rowid", ' : '';
      const rows = await tx.execute(`SELECT ${rowid}* FROM ${quoted(table.name)}`);
      const columns = rows.columns.map(quoted).join(', ');
      const marks = rows.columns.map(() => '?').join(', ');
      const verb = settings.includes(table) ? 'INSERT OR REPLACE' : 'INSERT';
      const insert = `${verb} INTO ${quoted(table.name)} (${columns}) VALUES (${marks})`;
      for (let i = 0; i < rows.rows.length; i += BATCH) {
        const statements: InStatement[] = rows.rows
          .slice(i, i + BATCH)
          .map((row) => ({ sql: insert, args: rows.columns.map((_, c) => row[c] ?? null) }));
        await target.batch(statements, 'write');
      }
    }
    const sequences = await tx.execute('SELECT name, seq FROM sqlite_sequence').catch(() => null);
    if (sequences && sequences.rows.length > 0) {
      await target.batch(
        sequences.rows.map((row) => ({
          sql: 'INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)',
          args: [row.name ?? null, row.seq ?? null],
        })),
        'write',
      );
    }
    const rest = schema.filter((s) => s.type !== 'table');
    if (rest.length > 0)
      await target.batch(
        rest.map((s) => s.sql),
        'write',
      );
  } finally {
    tx.close();
  }
}
