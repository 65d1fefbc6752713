// Permanent deletion of a submission (docs/product.md#screens-and-routes delete dialog). One
// transaction removes the
// submission and everything that belongs to it: documents, signed scheme forms, consent records, medical aid
// statuses, status events, audit entries, practitioner notices, the upload tickets of its
// documents (replaced ones included), a stored idempotent answer or a queued mail naming its
// tracking token or id, and the practitioner (with
// mail addressed to them) when no other submission remains. The contact details the submission
// was made with (decision 016) are on its own row and go with it. Each table is named explicitly
// rather than left to ON DELETE CASCADE, so the result does not depend on the connection's
// foreign_keys setting.
// The stored bytes go after the commit; their keys are recorded as pending deletions in the
// same transaction, so a failed delete is retried by maintenance (object-deletions.ts). A
// single audit entry records who deleted which id, with no personal data. The security log
// (security-log.ts) is not touched but for one entry of the deletion: it keeps that these ids
// were acted on (links issued, reviews) after everything else about them is gone.
import { and, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  auditLogs,
  consentRecords,
  documents,
  idempotencyKeys,
  mailOutbox,
  medicalAidStatuses,
  practitionerNotices,
  practitioners,
  signedSchemeForms,
  staffUsers,
  statusEvents,
  submissions,
  uploadTickets,
} from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { deletePendingObjects, recordPendingDeletions } from '../uploads/object-deletions.ts';
import { applicationDeletedEvent } from '../webhooks/webhook-events.ts';

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
  const [target] = await db
    .select({
      practitionerId: submissions.practitionerId,
      trackingToken: submissions.trackingToken,
      email: practitioners.email,
      submittedEmail: submissions.email,
    })
    .from(submissions)
    .innerJoin(practitioners, eq(practitioners.id, submissions.practitionerId))
    .where(eq(submissions.id, id));
  if (!target) return false;
  const [docs, statuses, signedForms] = await Promise.all([
    db
      .select({ id: documents.id, objectKey: documents.objectKey })
      .from(documents)
      .where(eq(documents.submissionId, id)),
    db
      .select({ id: medicalAidStatuses.id })
      .from(medicalAidStatuses)
      .where(eq(medicalAidStatuses.submissionId, id)),
    db
      .select({ objectKey: signedSchemeForms.objectKey })
      .from(signedSchemeForms)
      .where(eq(signedSchemeForms.submissionId, id)),
  ]);
  const objectKeys = [...docs, ...signedForms].map((d) => d.objectKey);
  const entityIds = [id, ...docs.map((d) => d.id), ...statuses.map((s) => s.id)];
  const { practitionerId } = target;
  // Mail to the practitioner's current address or the one this submission was made with goes
  // when nobody left (practitioner, submission or staff member) still uses that address.
  const addresses = [...new Set([target.email, target.submittedEmail].map((e) => e.toLowerCase()))];

  const latestRemaining = (column: AnySQLiteColumn) =>
    sql`(select ${column} from ${submissions} where ${submissions.practitionerId} = ${practitionerId}
      order by ${submissions.createdAt} desc, ${submissions.id} desc limit 1)`;
  const pending = recordPendingDeletions(db, objectKeys, deps.clock.now());
  const [, , , , , , , , , , , , , deleted, removedPractitioner] = await db.batch([
    // First, while the application's rows still exist: its webhook events (decision 122).
    ...applicationDeletedEvent(db, id, deps.clock.now()),
    db
      .delete(auditLogs)
      .where(or(eq(auditLogs.submissionId, id), inArray(auditLogs.entityId, entityIds))),
    db.delete(statusEvents).where(eq(statusEvents.submissionId, id)),
    db.delete(medicalAidStatuses).where(eq(medicalAidStatuses.submissionId, id)),
    db.delete(consentRecords).where(eq(consentRecords.submissionId, id)),
    db.delete(documents).where(eq(documents.submissionId, id)),
    db.delete(signedSchemeForms).where(eq(signedSchemeForms.submissionId, id)),
    db.delete(uploadTickets).where(inArray(uploadTickets.objectKey, objectKeys)),
    db
      .delete(idempotencyKeys)
      .where(sql`instr(${idempotencyKeys.responseBody}, ${target.trackingToken}) > 0`),
    db.delete(practitionerNotices).where(eq(practitionerNotices.submissionId, id)),
    // Queued mail naming the token (the practitioner's) or the id (staff notifications).
    db
      .delete(mailOutbox)
      .where(
        or(
          sql`instr(${mailOutbox.text}, ${target.trackingToken}) > 0`,
          sql`instr(${mailOutbox.text}, ${id}) > 0`,
        ),
      ),
    db.delete(submissions).where(eq(submissions.id, id)).returning({ id: submissions.id }),
    db
      .delete(practitioners)
      .where(
        and(
          eq(practitioners.id, practitionerId),
          notExists(
            db.select().from(submissions).where(eq(submissions.practitionerId, practitionerId)),
          ),
        ),
      )
      .returning({ id: practitioners.id }),
    // When other submissions remain, the profile may hold details that came with the deleted
    // one: it takes them from the latest remaining submission instead (its e-mail only when no
    // other practitioner has it, since e-mails are unique).
    db
      .update(practitioners)
      .set({
        firstName: latestRemaining(submissions.firstName),
        lastName: latestRemaining(submissions.lastName),
        idNumber: latestRemaining(submissions.idNumber),
        phone: latestRemaining(submissions.phone),
        specialization: latestRemaining(submissions.specialization),
        email: sql`coalesce((
          select ${submissions.email} from ${submissions}
          where ${submissions.practitionerId} = ${practitionerId}
            and not exists (
              select 1 from ${practitioners} as other
              where other.email = ${submissions.email} and other.id <> ${practitionerId}
            )
          order by ${submissions.createdAt} desc, ${submissions.id} desc limit 1
        ), ${practitioners.email})`,
      })
      .where(
        and(
          eq(practitioners.id, practitionerId),
          exists(
            db.select().from(submissions).where(eq(submissions.practitionerId, practitionerId)),
          ),
        ),
      ),
    db
      .delete(mailOutbox)
      .where(
        or(
          ...addresses.map((email) =>
            and(
              sql`lower(${mailOutbox.to}) = ${email}`,
              notExists(db.select().from(practitioners).where(eq(practitioners.email, email))),
              notExists(db.select().from(submissions).where(eq(submissions.email, email))),
              notExists(db.select().from(staffUsers).where(sql`${staffUsers.email} = ${email}`)),
            ),
          ),
        ),
      ),
    ...(pending ? [pending] : []),
    auditInsert(
      db,
      {
        staff,
        action: 'submission_deleted',
        entityType: 'submission',
        entityId: id,
        details: { documents: docs.length },
      },
      deps.clock.now(),
    ),
    securityLogInsert(
      db,
      {
        action: 'submission_deleted',
        actor: staff ? staffActor(staff) : { type: 'retention' },
        entityType: 'submission',
        entityId: id,
        submissionId: id,
        details: { documents: docs.length },
      },
      deps.clock.now(),
    ),
  ]);
  if (deleted.length === 0) return false;

  await deletePendingObjects(deps, objectKeys);
  // Copies of the mail about it (the local file transport's .eml files) go too.
  await deps.mailer?.forget?.([target.trackingToken, id]);
  deps.logger.info('submission deleted', {
    documents: docs.length,
    practitionerRemoved: removedPractitioner.length > 0,
  });
  return true;
}
