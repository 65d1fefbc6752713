// Deleting a practice that onboarded together (decisions 127 and 131). Staff decide for every
// one of its submissions: keep it as a lone application (it loses only its link to the
// practice) or delete it with the spec's cascade (submission-deletion-plan.ts). Everything —
// those cascades, the practice's own part (details, shared documents, invitations, links) and
// one security-log entry — is one batch, so one transaction: all of it or none of it. The
// stored bytes go after the commit (recorded as pending deletions in that batch, so
// maintenance retries a failed one).
// The request must name exactly the practice's submissions: one sent meanwhile is never
// decided for by default. A practice holds at most MAX_INVITATIONS invitations, so at most as
// many submissions: the batch stays within a few hundred statements (decision 131).
import { eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
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
import { afterSubmissionsDeleted } from '../submissions/submission-deletion.ts';
import {
  readSubmissionsToDelete,
  submissionDeletionStatements,
} from '../submissions/submission-deletion-plan.ts';
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
  const toDelete = request.submissions.filter((s) => s.action === 'delete');
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

  const targets = await readSubmissionsToDelete(
    db,
    toDelete.map((s) => s.submissionId),
  );

  const now = deps.clock.now();
  const objectKeys = documents.map((d) => d.objectKey);
  const pending = recordPendingDeletions(db, objectKeys, now);
  const statements: BatchItem<'sqlite'>[] = [
    // The links first: a kept submission stands alone, and no cascade is left to the
    // connection's foreign_keys setting.
    db.delete(practiceSubmissions).where(eq(practiceSubmissions.practiceId, id)),
    ...targets.flatMap((t) => submissionDeletionStatements(db, staff, t, now).statements),
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
  ];
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  await deletePendingObjects(deps, objectKeys);
  await afterSubmissionsDeleted(deps, targets);
  deps.logger.info('practice deleted', {
    submissionsDeleted: targets.length,
    documents: objectKeys.length,
    invitations: invitations.length,
  });
  return {
    success: true,
    kept: request.submissions.length - toDelete.length,
    deleted: toDelete.length,
  };
}
