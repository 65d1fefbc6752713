// One change for many enrolments at once (the work queue's bulk action, decision 088): all or
// nothing in one batch, each enrolment with its own history, audit and security-log entry, and
// a pending application moved under review like any first review change. Provider numbers may
// be given per enrolment (issue 40): each practitioner's own.
import { inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { submissions } from '../../../schema/db.ts';
import type { BulkEnrolmentChangeRequest } from '../../../schema/enrolment-api.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { checkOwner, enrolmentsById, enrolmentWrites } from './enrolments.ts';
import { startReview } from './review.ts';

/** Applies the change; the number of enrolments it changed. */
export async function changeEnrolmentsInBulk(
  deps: Deps,
  staff: StaffIdentity,
  request: BulkEnrolmentChangeRequest,
): Promise<number> {
  const { db } = deps;
  const { statusIds, providerNumbers = {}, ...change } = request;
  const stray = Object.keys(providerNumbers).filter((id) => !statusIds.includes(id));
  if (stray.length > 0) {
    throw new ApiError(
      400,
      'validation_error',
      'A provider number was given for an enrolment that is not selected.',
      { providerNumbers: 'Give provider numbers only for the selected enrolments' },
    );
  }
  await checkOwner(db, change.ownerId);
  const rows = await enrolmentsById(db, statusIds);
  const now = deps.clock.now();
  const changed = rows.map((row) => {
    const own = providerNumbers[row.id];
    const theirs = own === undefined ? change : { ...change, providerNumber: own };
    return enrolmentWrites(db, staff, row, theirs, now, { bulk: true });
  });
  const count = changed.filter((writes) => writes.length > 0).length;
  if (count === 0) return 0;
  const touched = [
    ...new Set(rows.filter((_, i) => changed[i]!.length > 0).map((r) => r.submissionId)),
  ];
  const pending = await db
    .select({ id: submissions.id, status: submissions.status })
    .from(submissions)
    .where(inArray(submissions.id, touched));
  const statements: BatchItem<'sqlite'>[] = [
    ...pending.flatMap((s) => startReview(db, staff, s, now)),
    ...changed.flat(),
  ];
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return count;
}
