// What every table of the test database holds (row count and a digest of its rows), to show
// that a refused request wrote nothing: no row added, removed or changed.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db.ts';

export type TableStates = Record<string, { rows: number; digest: string }>;

export async function tableStates(db: Database): Promise<TableStates> {
  const tables = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`,
  );
  const states: TableStates = {};
  for (const { name } of tables) {
    const rows = await db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM "${name}"`));
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    states[name] = {
      rows: rows.length,
      digest: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  return states;
}

/** The tables whose rows differ between two readings. */
export function changedTables(before: TableStates, after: TableStates): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (name) => before[name]?.digest !== after[name]?.digest,
  );
}

/**
 * Sends one request and checks the property of the fuzz tests: never a 5xx, and a refusal
 * writes nothing but the tables in `allowed`.
 */
export async function refusalWritesNothing(
  t: { deps: { db: Database }; settled(): Promise<unknown> },
  label: string,
  send: () => Promise<Response>,
  allowed: string[] = ['rate_limits'],
) {
  const before = await tableStates(t.deps.db);
  const res = await send();
  const text = await res.text();
  await t.settled();
  if (res.status >= 500) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`);
  if (res.status >= 400) {
    const written = changedTables(before, await tableStates(t.deps.db)).filter(
      (table) => !allowed.includes(table),
    );
    if (written.length) throw new Error(`${label}: ${res.status} but wrote ${written.join(', ')}`);
  }
}
