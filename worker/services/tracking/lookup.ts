// The privacy-limited status lookup by practice number or SA ID number (docs/product.md#entities,
// #roles): the
// most recent submission's status, scheme statuses and timeline, and nothing that identifies
// or contacts the practitioner. Every attempt counts against LOOKUP_RATE_LIMIT per client.
import { and, asc, desc, eq, isNotNull, isNull, notLike, or, sql } from 'drizzle-orm';
import {
  documentReminders,
  documents,
  medicalAidStatuses,
  statusEvents,
  submissions,
} from '../../../schema/db.ts';
import type { LookupRequest, LookupResponse } from '../../../schema/tracking-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { consume, LOOKUP_WINDOW_MS, type RateLimitResult } from '../rate-limits/rate-limits.ts';

export const LOOKUP_LIMITED_MESSAGE = 'Too many lookup attempts. Please try again in 15 minutes.';
export const LOOKUP_NOT_FOUND_MESSAGE =
  'No submission found for this identifier. Please check your details.';

export function lookupRateLimit(deps: Deps, clientAddress: string): Promise<RateLimitResult> {
  return consume(
    deps.db,
    { bucket: 'lookup', limit: deps.config.lookupRateLimit, windowMs: LOOKUP_WINDOW_MS },
    clientAddress,
    deps.clock.now(),
  );
}

async function mostRecentSubmission(db: Database, request: LookupRequest) {
  const columns = {
    id: submissions.id,
    practiceType: submissions.practiceType,
    status: submissions.status,
    createdAt: submissions.createdAt,
    updatedAt: submissions.updatedAt,
  };
  // The ID number a submission was made with, not the practitioner row's current one. Of the
  // submissions with that ID number, only the first one and those made later with its e-mail
  // whose address was confirmed count: a stranger's later submission with the same ID number,
  // even with the doctor's e-mail typed, cannot become what the lookup shows (decisions 062,
  // 100).
  const first = (column: typeof submissions.email | typeof submissions.id) => sql`(select ${column}
    from ${submissions} where ${submissions.idNumber} = ${request.identifier}
    order by ${submissions.createdAt} asc, ${submissions.id} asc limit 1)`;
  const [row] = await db
    .select(columns)
    .from(submissions)
    .where(
      request.identifierType === 'practice_number'
        ? eq(submissions.practiceNumber, request.identifier)
        : and(
            eq(submissions.idNumber, request.identifier),
            eq(submissions.email, first(submissions.email)),
            or(
              isNotNull(submissions.addressConfirmedAt),
              eq(submissions.id, first(submissions.id)),
              // Made before confirmation existed (migration 0018): decision 062's rule alone.
              isNull(submissions.addressCodeHash),
            ),
          ),
    )
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(1);
  return row;
}

// Document review events (review.ts writes document_approved and document_rejected) carry the
// section and the staff's rejection reason: documents are for the token holder only
// (docs/product.md#roles).
const DOCUMENT_EVENTS = 'document%';

/**
 * Whether something waits on the practitioner: a current document staff rejected or we asked
 * to renew (issue 38), or a scheme enrolment pending with the reason 'waiting on the
 * practitioner' (decision 088).
 */
async function actionNeeded(db: Database, submissionId: string): Promise<boolean> {
  const [waiting] = await db
    .select({ id: medicalAidStatuses.id })
    .from(medicalAidStatuses)
    .where(
      and(
        eq(medicalAidStatuses.submissionId, submissionId),
        eq(medicalAidStatuses.status, 'pending'),
        eq(medicalAidStatuses.reason, 'waiting_on_practitioner'),
      ),
    )
    .limit(1);
  if (waiting) return true;
  const [rejected] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.submissionId, submissionId),
        eq(documents.status, 'rejected'),
        isNull(documents.supersededAt),
      ),
    )
    .limit(1);
  if (rejected) return true;
  // A current document we asked to renew (issue 38) waits on the practitioner too.
  const [renewal] = await db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(
      documentReminders,
      and(
        eq(documentReminders.documentId, documents.id),
        eq(documentReminders.goodUntil, documents.goodUntil),
      ),
    )
    .where(and(eq(documents.submissionId, submissionId), isNull(documents.supersededAt)))
    .limit(1);
  return Boolean(renewal);
}

export async function lookupStatus(
  db: Database,
  request: LookupRequest,
): Promise<LookupResponse | null> {
  const submission = await mostRecentSubmission(db, request);
  if (!submission) return null;
  const [schemes, events, waiting] = await Promise.all([
    db
      .select()
      .from(medicalAidStatuses)
      .where(eq(medicalAidStatuses.submissionId, submission.id))
      .orderBy(asc(medicalAidStatuses.medicalAidName)),
    db
      .select()
      .from(statusEvents)
      .where(
        and(
          eq(statusEvents.submissionId, submission.id),
          notLike(statusEvents.eventType, DOCUMENT_EVENTS),
        ),
      )
      .orderBy(asc(statusEvents.createdAt), sql`rowid`),
    actionNeeded(db, submission.id),
  ]);
  // Last updated: the latest change to the submission, any scheme status or the timeline.
  const lastUpdated = Math.max(
    submission.updatedAt.getTime(),
    ...schemes.map((m) => m.lastUpdated.getTime()),
    ...events.map((e) => e.createdAt.getTime()),
  );
  return {
    status: {
      practiceType: submission.practiceType,
      applicationStatus: submission.status,
      submittedDate: submission.createdAt.toISOString(),
      lastUpdated: new Date(lastUpdated).toISOString(),
    },
    medicalAidStatuses: schemes.map((m) => ({
      schemeName: m.medicalAidName,
      status: m.status,
      requiresHardCopy: m.requiresHardCopy,
      notes: m.notes,
    })),
    // The description only: a staff note (e.note) is for the token holder (decision 062).
    timeline: events.map((e) => ({
      description: e.description,
      timestamp: e.createdAt.toISOString(),
    })),
    actionNeeded: waiting,
  };
}
