// POPIA retention (schema/terms.ts, docs/product.md#limits: the relationship plus 7 years). The
// relationship is taken to have ended at the last activity on any of the practitioner's
// submissions (its updatedAt: a status, scheme or document change); once that is more than
// RETENTION_YEARS ago, every submission of the practitioner is deleted as a staff deletion
// would (submission-deletion.ts: rows, stored files, the practitioner), audited as 'retention'.
import { and, eq, lt, max } from 'drizzle-orm';
import { submissions } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { deleteSubmission } from '../submissions/submission-deletion.ts';
import { workLeft } from '../work-budget/work-budget.ts';

/** Submissions removed per maintenance run, so one run never holds the database for long. */
const BATCH = 50;

export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/** Deletes the submissions of practitioners whose retention period is over; returns how many. */
export async function applyRetention(deps: Deps): Promise<number> {
  const years = deps.config.retentionYears;
  if (years === 0) return 0;
  const cutoff = retentionCutoff(deps.clock.now(), years);
  const lastActivity = deps.db
    .select({
      practitionerId: submissions.practitionerId,
      last: max(submissions.updatedAt).as('last'),
    })
    .from(submissions)
    .groupBy(submissions.practitionerId)
    .as('activity');
  const due = await deps.db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(lastActivity, eq(lastActivity.practitionerId, submissions.practitionerId))
    .where(and(lt(lastActivity.last, cutoff)))
    .limit(BATCH);
  let deleted = 0;
  for (const { id } of due) {
    if (!workLeft(deps)) break;
    if (await deleteSubmission(deps, null, id)) deleted++;
  }
  if (deleted) deps.logger.info('retention period over: submissions deleted', { deleted });
  return deleted;
}
