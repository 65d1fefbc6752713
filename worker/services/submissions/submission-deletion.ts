// Permanent deletion of a submission (docs/product.md#screens-and-routes delete dialog). One
// transaction removes the submission and everything that belongs to it: documents, signed
// scheme forms, consent records, medical aid statuses and their changes, status events, audit
// entries, practitioner notices and requests, the saved profile with its proofs and signing
// stops, its link to a practice, the upload tickets of its documents (replaced ones
// included), a stored idempotent answer or a queued mail naming its tracking token or id, and
// the practitioner (with mail addressed to them) when no other submission remains. The contact details the submission
// was made with (decision 016) are on its own row and go with it. Each table is named explicitly
// rather than left to ON DELETE CASCADE, so the result does not depend on the connection's
// foreign_keys setting.
// The stored bytes go after the commit; their keys are recorded as pending deletions in the
// same transaction, so a failed delete is retried by maintenance (object-deletions.ts). A
// single audit entry records who deleted which id, with no personal data. The security log
// (security-log.ts) is not touched but for one entry of the deletion: it keeps that these ids
// were acted on (links issued, reviews) after everything else about them is gone.
// The statements themselves are in submission-deletion-plan.ts, so a practice's deletion can
// put several submissions' cascades in its own batch (decision 131).
import type { BatchItem } from 'drizzle-orm/batch';
import type { Deps } from '../../deps.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { deletePendingObjects } from '../uploads/object-deletions.ts';
import {
  readSubmissionsToDelete,
  type SubmissionToDelete,
  submissionDeletionStatements,
} from './submission-deletion-plan.ts';

/**
 * Deletes the submission; false when there is no submission with this id. staff: who asked,
 * null for the retention job.
 */
export async function deleteSubmission(
  deps: Deps,
  staff: StaffIdentity | null,
  id: string,
): Promise<boolean> {
  const { db } = deps;
  const [target] = await readSubmissionsToDelete(db, [id]);
  if (!target) return false;
  const { statements, submissionIndex, practitionerIndex } = submissionDeletionStatements(
    db,
    staff,
    target,
    deps.clock.now(),
  );
  const results: unknown[] = await db.batch(
    statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
  );
  const deleted = results[submissionIndex] as unknown[];
  if (deleted.length === 0) return false;

  await afterSubmissionsDeleted(deps, [target]);
  deps.logger.info('submission deleted', {
    documents: target.documentIds.length,
    practitionerRemoved: (results[practitionerIndex] as unknown[]).length > 0,
  });
  return true;
}

/** After the commit: the stored bytes, and the local mail transport's copies of their mail. */
export async function afterSubmissionsDeleted(
  deps: Deps,
  deleted: readonly SubmissionToDelete[],
): Promise<void> {
  await deletePendingObjects(
    deps,
    deleted.flatMap((d) => d.objectKeys),
  );
  await deps.mailer?.forget?.(deleted.flatMap((d) => [d.trackingToken, d.id]));
}
