// Deleting a practice that onboarded together (decision 127). Staff decide for every one of its
// submissions: keep it as a lone application (it loses only its link to the practice) or delete
// it with the spec's cascade (submission-deletion.ts, one batch each, as from the review page).
// Then the practice's own part — details, shared documents, invitations, links — goes in one
// batch with one security-log entry, and the shared documents' bytes after the commit (recorded
// as pending deletions in that batch, so maintenance retries a failed one).
// The request must name exactly the practice's submissions: one sent meanwhile is never
// decided for by default.
import { eq, inArray } from 'drizzle-orm';
import { uploadTickets } from '../../../schema/db.ts';
import {
  practiceDocuments,
  practiceInvitations,
  practiceSubmissions,
  practices,
} from '../../../schema/db-practices.ts';
import type {
  PracticeDeletionRequest,
  PracticeDeletionResult,
} from '../../../schema/practice-admin-api.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { deleteSubmission } from '../submissions/submission-deletion.ts';
import { deletePendingObjects, recordPendingDeletions } from '../uploads/object-deletions.ts';
import { practiceNotFound } from './admin-practices.ts';

function choicesMatch(linked: readonly string[], request: PracticeDeletionRequest): boolean {
  const chosen = request.submissions.map((s) => s.submissionId);
  return (
    new Set(chosen).size === chosen.length &&
    chosen.length === linked.length &&
    chosen.every((id) => linked.includes(id))
  );
}

export async function deletePractice(
  deps: Deps,
  staff: StaffIdentity,
  id: string,
  request: PracticeDeletionRequest,
): Promise<PracticeDeletionResult> {
  const { db } = deps;
  const [[practice], linked, documents, invitations] = await db.batch([
    db.select({ id: practices.id }).from(practices).where(eq(practices.id, id)).limit(1),
    db
      .select({ submissionId: practiceSubmissions.submissionId })
      .from(practiceSubmissions)
      .where(eq(practiceSubmissions.practiceId, id)),
    db
      .select({ objectKey: practiceDocuments.objectKey })
      .from(practiceDocuments)
      .where(eq(practiceDocuments.practiceId, id)),
    db
      .select({ id: practiceInvitations.id })
      .from(practiceInvitations)
      .where(eq(practiceInvitations.practiceId, id)),
  ]);
  if (!practice) throw practiceNotFound();
  if (
    !choicesMatch(
      linked.map((l) => l.submissionId),
      request,
    )
  ) {
    throw new ApiError(
      409,
      'practice_changed',
      "The practice's submissions are not the ones listed. Open the practice again and choose for each submission.",
    );
  }

  const toDelete = request.submissions.filter((s) => s.action === 'delete');
  // One by one, as the review page deletes them; a failure leaves the practice and the
  // submissions not yet deleted, so the same request can be sent again.
  for (const { submissionId } of toDelete) await deleteSubmission(deps, staff, submissionId);

  const now = deps.clock.now();
  const objectKeys = documents.map((d) => d.objectKey);
  const pending = recordPendingDeletions(db, objectKeys, now);
  await db.batch([
    db.delete(practiceSubmissions).where(eq(practiceSubmissions.practiceId, id)),
    db.delete(practiceInvitations).where(eq(practiceInvitations.practiceId, id)),
    db.delete(practiceDocuments).where(eq(practiceDocuments.practiceId, id)),
    db.delete(uploadTickets).where(inArray(uploadTickets.objectKey, objectKeys)),
    db.delete(practices).where(eq(practices.id, id)),
    ...(pending ? [pending] : []),
    securityLogInsert(
      db,
      {
        action: 'practice_deleted',
        actor: staffActor(staff),
        entityType: 'practice',
        entityId: id,
        details: {
          submissionsKept: request.submissions.length - toDelete.length,
          submissionsDeleted: toDelete.length,
          documents: objectKeys.length,
          invitations: invitations.length,
        },
      },
      now,
    ),
  ]);
  await deletePendingObjects(deps, objectKeys);
  deps.logger.info('practice deleted', {
    documents: objectKeys.length,
    invitations: invitations.length,
  });
  return {
    success: true,
    kept: request.submissions.length - toDelete.length,
    deleted: toDelete.length,
  };
}
