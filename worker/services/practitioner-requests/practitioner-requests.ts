// 'Waiting on the practitioner' (issue 27): staff ask the practitioner for something specific
// on one scheme enrolment. The request is mailed as a practitioner notice (decision 053, so it
// is combined with other news and goes by the cron on Workers, decision 087), shown on /track
// and answered there: with a note, or, when it names a document, with that document's
// replacement (document-replacement.ts). An answer puts the enrolment back in the staff queue
// ('The practitioner answered', due today). Reminders: reminders.ts.
import { and, eq, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  auditLogs,
  documents,
  enrolmentChanges,
  medicalAidStatuses,
  practitionerRequests,
  statusEvents,
  submissions,
} from '../../../schema/db.ts';
import { validityDay } from '../../../schema/document-validity.ts';
import type { PractitionerRequestCreate } from '../../../schema/enrolment-api.ts';
import type { RequestAnswerRequest } from '../../../schema/notify-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { refreshNextReminderDay } from '../document-validity/next-reminder-day.ts';
import { noticeInsert } from '../notices/practitioner-notices.ts';
import { enrolmentWrites } from '../review/enrolments.ts';
import { startReview } from '../review/review.ts';
import { southAfricanDay } from '../review/work-queue.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { submissionIdByToken } from '../tracking/tracking.ts';

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
type RequestRow = typeof practitionerRequests.$inferSelect;
type EnrolmentRow = typeof medicalAidStatuses.$inferSelect;

export const REQUEST_OPEN = 'A request to the practitioner is already open for this scheme.';
const NO_SUCH_REQUEST = 'This application has no such request.';
const ALREADY_ANSWERED = 'This request has already been answered.';

function eventInsert(db: Database, submissionId: string, type: string, text: string, now: Date) {
  return db.insert(statusEvents).values({
    id: crypto.randomUUID(),
    submissionId,
    eventType: type,
    description: text,
    note: null,
    createdAt: now,
  });
}

/** The open request of an enrolment, if any (at most one is open at a time). */
async function openRequestOf(db: Database, statusId: string): Promise<RequestRow | undefined> {
  const [open] = await db
    .select()
    .from(practitionerRequests)
    .where(
      and(eq(practitionerRequests.statusId, statusId), isNull(practitionerRequests.answeredAt)),
    );
  return open;
}

/** Staff ask: the enrolment goes to pending, 'waiting on the practitioner'; returns the id. */
export async function askPractitioner(
  deps: Deps,
  staff: StaffIdentity,
  statusId: string,
  input: PractitionerRequestCreate,
): Promise<string> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(medicalAidStatuses)
    .where(eq(medicalAidStatuses.id, statusId));
  if (!row) throw new ApiError(404, 'not_found', 'This enrolment no longer exists.');
  if (await openRequestOf(db, statusId)) throw new ApiError(409, 'request_open', REQUEST_OPEN);
  const [submission] = await db
    .select({ id: submissions.id, status: submissions.status })
    .from(submissions)
    .where(eq(submissions.id, row.submissionId));
  if (!submission) throw new ApiError(404, 'not_found', 'This enrolment no longer exists.');
  const now = deps.clock.now();
  const documentWrites: BatchItem<'sqlite'>[] = [];
  if (input.documentId) {
    const [document] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, input.documentId), eq(documents.submissionId, row.submissionId)));
    if (!document || document.supersededAt) {
      throw new ApiError(404, 'document_not_found', 'This application has no such document.', {
        documentId: 'Choose one of the application’s current documents',
      });
    }
    // Marked rejected with the request as its reason, so /track offers its replacement.
    if (document.status !== 'rejected') {
      documentWrites.push(
        db
          .update(documents)
          .set({ status: 'rejected', rejectionReason: input.request, reviewedAt: now })
          .where(eq(documents.id, document.id)),
        refreshNextReminderDay(db, eq(documents.id, document.id), validityDay(now)),
        eventInsert(
          db,
          row.submissionId,
          'document_rejected',
          `${document.sectionLabel}: ${input.request}`,
          now,
        ),
      );
    }
  }
  const id = crypto.randomUUID();
  const change = { status: 'pending' as const, reason: 'waiting_on_practitioner' as const };
  const statements: BatchItem<'sqlite'>[] = [
    ...startReview(db, staff, submission, now),
    ...enrolmentWrites(db, staff, row, { ...change, reasonDetail: input.request }, now),
    ...documentWrites,
    db.insert(practitionerRequests).values({
      id,
      submissionId: row.submissionId,
      statusId: row.id,
      request: input.request,
      documentId: input.documentId ?? null,
      requestedBy: staff.id,
      requestedAt: now,
    }),
    noticeInsert(
      db,
      row.submissionId,
      {
        kind: 'practitioner_request',
        payload: { requestId: id, schemeName: row.medicalAidName, request: input.request },
      },
      now,
    ),
    eventInsert(
      db,
      row.submissionId,
      'scheme_request',
      `${row.medicalAidName}: we need something from you`,
      now,
    ),
    securityLogInsert(
      db,
      {
        action: 'practitioner_request_made',
        actor: staffActor(staff),
        entityType: 'practitioner_request',
        entityId: id,
        submissionId: row.submissionId,
        details: { statusId: row.id, document: Boolean(input.documentId) },
      },
      now,
    ),
  ];
  await db.batch(statements as Batch);
  return id;
}

/**
 * The writes of an answer: the request closed, and the enrolment (still waiting) back in the
 * staff queue as 'The practitioner answered', due today, with a history entry.
 */
export function answerWrites(
  db: Database,
  request: RequestRow,
  enrolment: EnrolmentRow,
  answer: { note: string | null; documentId: string | null },
  now: Date,
): BatchItem<'sqlite'>[] {
  const followUpOn = southAfricanDay(now);
  const back = enrolment.reason === 'waiting_on_practitioner';
  const changes: Record<string, [unknown, unknown]> = {
    reason: [enrolment.reason, 'practitioner_answered'],
    ...(enrolment.followUpOn !== followUpOn
      ? { followUpOn: [enrolment.followUpOn, followUpOn] }
      : {}),
  };
  return [
    db
      .update(practitionerRequests)
      .set({ answeredAt: now, answerNote: answer.note, answerDocumentId: answer.documentId })
      .where(and(eq(practitionerRequests.id, request.id), isNull(practitionerRequests.answeredAt))),
    ...(back
      ? [
          db
            .update(medicalAidStatuses)
            .set({ reason: 'practitioner_answered', followUpOn, lastUpdated: now })
            .where(eq(medicalAidStatuses.id, enrolment.id)),
          db.insert(enrolmentChanges).values({
            id: crypto.randomUUID(),
            submissionId: enrolment.submissionId,
            statusId: enrolment.id,
            staffUserId: null,
            actor: 'practitioner',
            changes,
            createdAt: now,
          }),
        ]
      : []),
    db.update(submissions).set({ updatedAt: now }).where(eq(submissions.id, request.submissionId)),
    eventInsert(
      db,
      request.submissionId,
      'request_answered',
      `${enrolment.medicalAidName}: your answer was received`,
      now,
    ),
    db.insert(auditLogs).values({
      id: crypto.randomUUID(),
      submissionId: request.submissionId,
      actor: 'practitioner',
      action: 'practitioner_request_answered',
      entityType: 'practitioner_request',
      entityId: request.id,
      details: {
        statusId: enrolment.id,
        note: Boolean(answer.note),
        document: Boolean(answer.documentId),
      },
      createdAt: now,
    }),
    securityLogInsert(
      db,
      {
        action: 'practitioner_request_answered',
        actor: { type: 'anonymous' },
        entityType: 'practitioner_request',
        entityId: request.id,
        submissionId: request.submissionId,
      },
      now,
    ),
  ];
}

/** The open request that asked for this document to be sent again, with its enrolment. */
export async function requestForDocument(db: Database, documentId: string) {
  const [found] = await db
    .select({ request: practitionerRequests, enrolment: medicalAidStatuses })
    .from(practitionerRequests)
    .innerJoin(medicalAidStatuses, eq(medicalAidStatuses.id, practitionerRequests.statusId))
    .where(
      and(eq(practitionerRequests.documentId, documentId), isNull(practitionerRequests.answeredAt)),
    );
  return found;
}

/** The practitioner answers with a note, holding the tracking token. */
export async function answerRequest(
  deps: Deps,
  token: string,
  requestId: string,
  input: RequestAnswerRequest,
): Promise<void> {
  const { db } = deps;
  const submission = { id: await submissionIdByToken(db, token) };
  const [found] = await db
    .select({ request: practitionerRequests, enrolment: medicalAidStatuses })
    .from(practitionerRequests)
    .innerJoin(medicalAidStatuses, eq(medicalAidStatuses.id, practitionerRequests.statusId))
    .where(
      and(
        eq(practitionerRequests.id, requestId),
        eq(practitionerRequests.submissionId, submission.id),
      ),
    );
  if (!found) throw new ApiError(404, 'request_not_found', NO_SUCH_REQUEST);
  if (found.request.answeredAt) throw new ApiError(409, 'request_answered', ALREADY_ANSWERED);
  const now = deps.clock.now();
  const writes = answerWrites(
    db,
    found.request,
    found.enrolment,
    { note: input.note, documentId: null },
    now,
  );
  await db.batch(writes as Batch);
}
