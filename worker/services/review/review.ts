// Staff review of a submission: its overall status, each scheme's status and each document's
// approval. Every change is one transaction that also writes the status event the
// practitioner sees on the tracking page and an audit entry naming the staff member, and, for a
// new status or a rejected document, the notice the practitioner is mailed about (053).
import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod/mini';
import { documents, medicalAidStatuses, statusEvents, submissions } from '../../../schema/db.ts';
import { validityDay } from '../../../schema/document-validity.ts';
import type {
  updateDocumentStatusRequest,
  updateSchemeStatusRequest,
  updateSubmissionStatusRequest,
} from '../../../schema/staff-review-api.ts';
import type { SubmissionStatus } from '../../../schema/submission-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { refreshNextReminderDay } from '../document-validity/next-reminder-day.ts';
import { noticeInsert } from '../notices/practitioner-notices.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { submissionNotFound } from './dashboard.ts';
import { checkOwner, enrolmentWrites } from './enrolments.ts';

const SUBMISSION_STATUS_TEXT: Record<SubmissionStatus, string> = {
  pending: 'Application is pending review',
  under_review: 'Application is under review',
  approved: 'Application approved',
  rejected: 'Application rejected',
};

function eventInsert(
  db: Database,
  submissionId: string,
  eventType: string,
  description: string,
  now: Date,
  note?: string | null,
) {
  // The note goes in its own column: the tracking view shows it, the lookup does not.
  return db.insert(statusEvents).values({
    id: crypto.randomUUID(),
    submissionId,
    eventType,
    description,
    note: note || null,
    createdAt: now,
  });
}

async function currentSubmission(db: Database, id: string) {
  const [row] = await db
    .select({ id: submissions.id, status: submissions.status })
    .from(submissions)
    .where(eq(submissions.id, id));
  if (!row) throw submissionNotFound();
  return row;
}

/**
 * The first review change staff make (a scheme or a document) moves a pending application to
 * under review, with its own event and audit entry; opening the page does not. No mail of its
 * own: the change that caused it is mailed when it is worth telling (decision 088).
 */
type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

export function startReview(
  db: Database,
  staff: StaffIdentity,
  submission: { id: string; status: SubmissionStatus },
  now: Date,
) {
  if (submission.status !== 'pending') return [];
  const status = 'under_review' as const;
  return [
    db.update(submissions).set({ status }).where(eq(submissions.id, submission.id)),
    eventInsert(db, submission.id, `status_${status}`, SUBMISSION_STATUS_TEXT[status], now),
    auditInsert(
      db,
      {
        staff,
        submissionId: submission.id,
        action: 'submission_status_changed',
        entityType: 'submission',
        entityId: submission.id,
        details: { from: submission.status, to: status, reason: 'first_review_change' },
      },
      now,
    ),
  ];
}

export async function changeSubmissionStatus(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
  change: z.infer<typeof updateSubmissionStatusRequest>,
): Promise<void> {
  const { db } = deps;
  const current = await currentSubmission(db, submissionId);
  const note = change.note || null;
  // Setting the status it already has, with nothing to say, changes nothing.
  if (current.status === change.status && !note) return;
  const now = deps.clock.now();
  const notice =
    current.status === change.status
      ? []
      : [
          noticeInsert(
            db,
            submissionId,
            { kind: 'submission_status', payload: { status: change.status } },
            now,
          ),
        ];
  await db.batch([
    db
      .update(submissions)
      .set({ status: change.status, updatedAt: now })
      .where(eq(submissions.id, submissionId)),
    // A rejected application's documents are reminded no more; one taken back, again.
    refreshNextReminderDay(db, eq(documents.submissionId, submissionId), validityDay(now)),
    ...notice,
    eventInsert(
      db,
      submissionId,
      `status_${change.status}`,
      SUBMISSION_STATUS_TEXT[change.status],
      now,
      note,
    ),
    auditInsert(
      db,
      {
        staff,
        submissionId,
        action: 'submission_status_changed',
        entityType: 'submission',
        entityId: submissionId,
        details: { from: current.status, to: change.status, ...(note ? { note } : {}) },
      },
      now,
    ),
  ]);
}

export async function changeSchemeStatus(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
  statusId: string,
  change: z.infer<typeof updateSchemeStatusRequest>,
): Promise<void> {
  const { db } = deps;
  const submission = await currentSubmission(db, submissionId);
  const [scheme] = await db
    .select()
    .from(medicalAidStatuses)
    .where(
      and(eq(medicalAidStatuses.id, statusId), eq(medicalAidStatuses.submissionId, submissionId)),
    );
  if (!scheme) {
    throw new ApiError(404, 'not_found', 'This submission has no scheme status with this id.');
  }
  await checkOwner(db, change.ownerId);
  const now = deps.clock.now();
  const writes = enrolmentWrites(db, staff, scheme, change, now);
  if (writes.length === 0) return;
  await db.batch([...startReview(db, staff, submission, now), ...writes] as Batch);
}

/** Approves or rejects one document; returns its submission's id for the caller's answer. */
export async function changeDocumentStatus(
  deps: Deps,
  staff: StaffIdentity,
  documentId: string,
  change: z.infer<typeof updateDocumentStatusRequest>,
): Promise<string> {
  const { db } = deps;
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) throw new ApiError(404, 'not_found', 'There is no document with this id.');
  if (document.supersededAt) {
    throw new ApiError(
      409,
      'document_superseded',
      'The practitioner has replaced this document. Please review the replacement instead.',
    );
  }
  const reason = change.status === 'rejected' ? change.reason || null : null;
  if (document.status === change.status && document.rejectionReason === reason) {
    return document.submissionId;
  }
  const submission = await currentSubmission(db, document.submissionId);
  const now = deps.clock.now();
  const label = document.sectionLabel;
  const notice =
    change.status === 'rejected' && reason
      ? [
          noticeInsert(
            db,
            document.submissionId,
            {
              kind: 'document_rejected',
              payload: {
                documentId,
                sectionLabel: label,
                fileName: document.fileName,
                reason,
              },
            },
            now,
          ),
        ]
      : [];
  await db.batch([
    db
      .update(documents)
      .set({ status: change.status, rejectionReason: reason, reviewedAt: now })
      .where(eq(documents.id, documentId)),
    // Rejected: reminded no more (its replacement is asked for); accepted again: as before.
    refreshNextReminderDay(db, eq(documents.id, documentId), validityDay(now)),
    ...notice,
    db.update(submissions).set({ updatedAt: now }).where(eq(submissions.id, document.submissionId)),
    ...startReview(db, staff, submission, now),
    eventInsert(
      db,
      document.submissionId,
      `document_${change.status}`,
      change.status === 'rejected' ? `${label}: ${reason}` : `${label} approved`,
      now,
    ),
    auditInsert(
      db,
      {
        staff,
        submissionId: document.submissionId,
        action: 'document_status_changed',
        entityType: 'document',
        entityId: documentId,
        details: {
          sectionKey: document.sectionKey,
          from: document.status,
          to: change.status,
          ...(reason ? { reason } : {}),
        },
      },
      now,
    ),
  ]);
  return document.submissionId;
}
