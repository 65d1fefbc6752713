// Whether the database carries every migration this code was built with. The Node entry
// migrates at start; a Workers deployment is migrated by `npm run deploy` before the new code
// goes out, but a release deployed without it (or a database restored from an older backup)
// would meet tables and columns it expects and does not find. Drizzle's migrator records each
// applied migration's folder time in __drizzle_migrations; the code knows its newest from the
// journal it was bundled with.
import { sql } from 'drizzle-orm';
import journal from '../../../schema/migrations/meta/_journal.json' with { type: 'json' };
import type { Database } from '../../db.ts';

export type SchemaStatus = {
  /** The newest migration this code expects. */
  expected: string;
  /** The newest migration the database has, or null when it has none. */
  applied: string | null;
  current: boolean;
};

const newest = journal.entries.at(-1)!;

/** Reads the database's newest applied migration (one query). */
export async function readSchemaStatus(db: Database): Promise<SchemaStatus> {
  let appliedAt: number | null = null;
  try {
    const [row] = await db.all<{ created_at: number | null }>(
      sql`select max(created_at) as created_at from __drizzle_migrations`,
    );
    appliedAt = row?.created_at == null ? null : Number(row.created_at);
  } catch (error) {
    // A database never migrated has no such table: the schema is older than anything.
    // drizzle wraps the driver's error ('Failed query: …'); the reason is in its cause.
    const reason = `${String((error as Error)?.message ?? error)} ${String((error as Error)?.cause ?? '')}`;
    if (!/no such table/i.test(reason)) throw error;
  }
  const applied =
    appliedAt === null
      ? null
      : (journal.entries.findLast((entry) => entry.when <= appliedAt)?.tag ?? 'older');
  return {
    expected: newest.tag,
    applied,
    current: appliedAt !== null && appliedAt >= newest.when,
  };
}

/**
 * The check as an isolate (or process) keeps it: once the schema is current it stays so (a
 * migration is never undone), so later requests cost no query; while it is behind, every call
 * looks again, so a migration run meanwhile is noticed at once.
 */
export function schemaStatusCache(): (db: Database) => Promise<SchemaStatus> {
  let known: SchemaStatus | null = null;
  return async (db) => {
    if (known) return known;
    const status = await readSchemaStatus(db);
    if (status.current) known = status;
    return status;
  };
}
