// SQLite's plan of a drizzle query on the test database, one line per step (EXPLAIN QUERY PLAN):
// what tests of a read that must walk an index, not a table, look at.
import { sql } from 'drizzle-orm';
import type { Database } from '../db.ts';

type Query = { toSQL(): { sql: string; params: unknown[] } };

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

export async function queryPlan(db: Database, query: Query): Promise<string[]> {
  const { sql: text, params } = query.toSQL();
  const values = [...params];
  const rows = await db.all<{ detail: string }>(
    sql.raw(`explain query plan ${text.replace(/\?/g, () => literal(values.shift()))}`),
  );
  return rows.map((r) => r.detail);
}
