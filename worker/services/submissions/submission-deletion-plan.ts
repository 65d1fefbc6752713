// What deleting submissions must remove (the spec's cascade, submission-deletion.ts says why
// each table): the reads for any number of submissions in one batch, then each submission's
// statements, so a caller can put several submissions' cascades, and its own rows, in one
// batch — one transaction, all or nothing (deleting a practice, decision 131).
import { and, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  auditLogs,
  consentRecords,
  documents,
  enrolmentChanges,
  idempotencyKeys,
  mailOutbox,
  medicalAidStatuses,
  practitionerNotices,
  practitionerProfiles,
  practitionerRequests,
  practitioners,
  profileProofs,
  signedSchemeForms,
  signingStops,
  staffUsers,
  statusEvents,
  submissions,
  uploadTickets,
} from '../../../schema/db.ts';
import { practiceSubmissions } from '../../../schema/db-practices.ts';
import type { Database } from '../../db.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { recordPendingDeletions } from '../uploads/object-deletions.ts';
import { applicationDeletedEvent } from '../webhooks/webhook-events.ts';

/** The tables whose rows belong to one submission (submission_id), children first. */
const OWN_ROWS = [
  enrolmentChanges,
  practitionerRequests,
  signingStops,
  profileProofs,
  practitionerProfiles,
  practiceSubmissions,
  statusEvents,
  medicalAidStatuses,
  consentRecords,
  documents,
  signedSchemeForms,
  practitionerNotices,
] as const;

/** One submission found for deletion, with what its cascade needs to name. */
export type SubmissionToDelete = {
  id: string;
  practitionerId: string;
  trackingToken: string;
  email: string;
  submittedEmail: string;
  documentIds: string[];
  statusIds: string[];
  /** Its documents' and signed scheme forms' stored bytes, removed after the commit. */
  objectKeys: string[];
};

/** Reads the submissions with these ids (those that exist) in one batch of four reads. */
export async function readSubmissionsToDelete(
  db: Database,
  ids: readonly string[],
): Promise<SubmissionToDelete[]> {
  if (ids.length === 0) return [];
  const [targets, docs, statuses, signedForms] = await db.batch([
    db
      .select({
        id: submissions.id,
        practitionerId: submissions.practitionerId,
        trackingToken: submissions.trackingToken,
        email: practitioners.email,
        submittedEmail: submissions.email,
      })
      .from(submissions)
      .innerJoin(practitioners, eq(practitioners.id, submissions.practitionerId))
      .where(inArray(submissions.id, [...ids])),
    db
      .select({
        id: documents.id,
        submissionId: documents.submissionId,
        objectKey: documents.objectKey,
      })
      .from(documents)
      .where(inArray(documents.submissionId, [...ids])),
    db
      .select({ id: medicalAidStatuses.id, submissionId: medicalAidStatuses.submissionId })
      .from(medicalAidStatuses)
      .where(inArray(medicalAidStatuses.submissionId, [...ids])),
    db
      .select({
        submissionId: signedSchemeForms.submissionId,
        objectKey: signedSchemeForms.objectKey,
      })
      .from(signedSchemeForms)
      .where(inArray(signedSchemeForms.submissionId, [...ids])),
  ]);
  return targets.map((target) => {
    const ownDocs = docs.filter((d) => d.submissionId === target.id);
    return {
      ...target,
      documentIds: ownDocs.map((d) => d.id),
      statusIds: statuses.filter((s) => s.submissionId === target.id).map((s) => s.id),
      objectKeys: [...ownDocs, ...signedForms.filter((f) => f.submissionId === target.id)].map(
        (d) => d.objectKey,
      ),
    };
  });
}

/**
 * The statements of one submission's cascade, in order. The submission's own delete returns
 * its id and the practitioner's delete theirs, at the indexes given, so a caller can tell a
 * submission deleted meanwhile and whether the practitioner went too.
 */
export function submissionDeletionStatements(
  db: Database,
  staff: StaffIdentity | null,
  target: SubmissionToDelete,
  now: Date,
): { statements: BatchItem<'sqlite'>[]; submissionIndex: number; practitionerIndex: number } {
  const { id, practitionerId, objectKeys } = target;
  const entityIds = [id, ...target.documentIds, ...target.statusIds];
  // Mail to the practitioner's current address or the one this submission was made with goes
  // when nobody left (practitioner, submission or staff member) still uses that address.
  const addresses = [...new Set([target.email, target.submittedEmail].map((e) => e.toLowerCase()))];
  const latestRemaining = (column: AnySQLiteColumn) =>
    sql`(select ${column} from ${submissions} where ${submissions.practitionerId} = ${practitionerId}
      order by ${submissions.createdAt} desc, ${submissions.id} desc limit 1)`;
  const pending = recordPendingDeletions(db, objectKeys, now);
  const before: BatchItem<'sqlite'>[] = [
    // First, while the application's rows still exist: its webhook events (decision 122).
    ...applicationDeletedEvent(db, id, now),
    db
      .delete(auditLogs)
      .where(or(eq(auditLogs.submissionId, id), inArray(auditLogs.entityId, entityIds))),
    // Each table that hangs on the submission, named rather than left to ON DELETE CASCADE,
    // children before their parents.
    ...OWN_ROWS.map((table) => db.delete(table).where(eq(table.submissionId, id))),
    db.delete(uploadTickets).where(inArray(uploadTickets.objectKey, objectKeys)),
    db
      .delete(idempotencyKeys)
      .where(sql`instr(${idempotencyKeys.responseBody}, ${target.trackingToken}) > 0`),
    // Queued mail naming the token (the practitioner's) or the id (staff notifications).
    db
      .delete(mailOutbox)
      .where(
        or(
          sql`instr(${mailOutbox.text}, ${target.trackingToken}) > 0`,
          sql`instr(${mailOutbox.text}, ${id}) > 0`,
        ),
      ),
  ];
  const statements: BatchItem<'sqlite'>[] = [
    ...before,
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
        details: { documents: target.documentIds.length },
      },
      now,
    ),
    securityLogInsert(
      db,
      {
        action: 'submission_deleted',
        actor: staff ? staffActor(staff) : { type: 'retention' },
        entityType: 'submission',
        entityId: id,
        submissionId: id,
        details: { documents: target.documentIds.length },
      },
      now,
    ),
  ];
  return { statements, submissionIndex: before.length, practitionerIndex: before.length + 1 };
}
