// What the staff list's search and totals read instead of every submission (decision 103):
// the trigram index submission_search and the counts in dashboard_counts, both kept by
// triggers of migration 0021 in the same transaction as the writes they follow.
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { normalizeApplicationReference } from '../../../schema/application-reference.ts';
import { submissions } from '../../../schema/db.ts';
import { practiceSubmissions } from '../../../schema/db-practices.ts';
import type { Database } from '../../db.ts';

/** A trigram index finds nothing shorter than three characters: those searches read the list. */
const INDEXED_LENGTH = 3;

/** A LIKE pattern that matches the text literally anywhere, ignoring case. */
function containsPattern(lowered: string): string {
  return `%${lowered.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The search's condition: q anywhere in the name ("first last"), e-mail, practice number,
 * tracking token or reference, ignoring case, or a reference typed over the phone (any case,
 * hyphen or not, I/L for 1, O for 0). The case-folded LIKEs decide what matches; the trigram
 * index, which folds case at least as widely, only picks the candidates they run on.
 */
export function searchCondition(q: string): SQL {
  const lowered = q.toLowerCase();
  const pattern = containsPattern(lowered);
  const like = (column: SQL) => sql`lower(${column}) like ${pattern} escape '\\'`;
  const reference = normalizeApplicationReference(q);
  const matches = or(
    like(sql`${submissions.firstName} || ' ' || ${submissions.lastName}`),
    like(sql`${submissions.email}`),
    like(sql`coalesce(${submissions.practiceNumber}, '')`),
    like(sql`${submissions.trackingToken}`),
    like(sql`coalesce(${submissions.reference}, '')`),
    ...(reference ? [eq(submissions.reference, reference)] : []),
  )!;
  if ([...lowered].length < INDEXED_LENGTH) return matches;
  const phrase = `"${lowered.replaceAll('"', '""')}"`;
  const indexed = sql`${submissions.id} in (select submission_id from submission_search where submission_search match ${phrase})`;
  const candidates = reference ? or(indexed, eq(submissions.reference, reference))! : indexed;
  return sql`(${candidates}) and ${matches}`;
}

/** Submissions of one practice that onboarded together (decision 127), by the link's index. */
export function ofPractice(submissionId: AnySQLiteColumn, practiceId: string): SQL {
  return sql`${submissionId} in (select ${practiceSubmissions.submissionId} from ${practiceSubmissions} where ${practiceSubmissions.practiceId} = ${practiceId})`;
}

type Counts = { byStatus: Record<string, number>; practitioners: number };

export async function dashboardCounts(db: Database): Promise<Counts> {
  const rows = await db.all<{ name: string; n: number }>(sql`select name, n from dashboard_counts`);
  const byStatus: Record<string, number> = {};
  let practitioners = 0;
  for (const { name, n } of rows) {
    if (name === 'practitioners') practitioners = Number(n);
    else if (name.startsWith('submissions.'))
      byStatus[name.slice('submissions.'.length)] = Number(n);
  }
  return { byStatus, practitioners };
}

/** How many submissions there are with this status, or in all, from the kept counts. */
export async function countedSubmissions(db: Database, status?: string): Promise<number> {
  const { byStatus } = await dashboardCounts(db);
  if (status) return byStatus[status] ?? 0;
  return Object.values(byStatus).reduce((sum, n) => sum + n, 0);
}
