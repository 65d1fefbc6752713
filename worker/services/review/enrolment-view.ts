// What staff alone see of a submission's scheme enrolments (decision 088): reason and details,
// follow-up, owner, internal notes, hard copies received and every change, oldest first.
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  enrolmentChanges,
  type medicalAidStatuses,
  practitionerRequests,
  staffUsers,
} from '../../../schema/db.ts';
import type { StaffEnrolment, StaffMember } from '../../../schema/enrolment-api.ts';
import type { Database } from '../../db.ts';

export async function staffEnrolments(
  db: Database,
  submissionId: string,
  schemes: readonly (typeof medicalAidStatuses.$inferSelect)[],
): Promise<StaffEnrolment[]> {
  const [history, requests] = await Promise.all([
    db
      .select()
      .from(enrolmentChanges)
      .where(eq(enrolmentChanges.submissionId, submissionId))
      .orderBy(asc(enrolmentChanges.createdAt), sql`rowid`),
    db
      .select()
      .from(practitionerRequests)
      .where(eq(practitionerRequests.submissionId, submissionId))
      .orderBy(desc(practitionerRequests.requestedAt)),
  ]);
  return schemes.map((m) => ({
    statusId: m.id,
    reason: m.reason,
    providerNumber: m.providerNumber,
    effectiveDate: m.effectiveDate,
    reasonDetail: m.reasonDetail,
    followUpOn: m.followUpOn,
    ownerId: m.ownerId,
    internalNotes: m.internalNotes,
    hardCopiesReceived: m.hardCopiesReceived,
    history: history
      .filter((h) => h.statusId === m.id)
      .map((h) => ({
        id: h.id,
        actor: h.actor,
        changes: h.changes,
        bulk: h.bulk,
        createdAt: h.createdAt.toISOString(),
      })),
    request: requestView(requests.find((r) => r.statusId === m.id)),
  }));
}

function requestView(
  r: typeof practitionerRequests.$inferSelect | undefined,
): StaffEnrolment['request'] {
  if (!r) return null;
  return {
    id: r.id,
    request: r.request,
    documentId: r.documentId,
    requestedAt: r.requestedAt.toISOString(),
    remindersSent: r.remindersSent,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    answerNote: r.answerNote,
    answerDocumentId: r.answerDocumentId,
  };
}

/** Active staff accounts, for owners: ids and e-mail addresses only. */
export function staffMembers(db: Database): Promise<StaffMember[]> {
  return db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.disabled, false))
    .orderBy(asc(staffUsers.email));
}
