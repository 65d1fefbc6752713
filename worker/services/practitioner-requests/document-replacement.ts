// A practitioner replaces a rejected document (or one asked to be renewed, issue 38), holding the submission's tracking token. The new
// file is checked like a submitted one (submission-documents.ts) for the rejected document's
// section, then one batch writes the new document (replaces_document_id), marks the rejected
// one superseded (kept for the record), and adds the status event, an audit row, the spent
// upload ticket and the staff notification, and answers the request that asked for it, if one
// did. At most one replacement per document: checked first, and held by a unique index when
// two requests race.
import { and, eq, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  auditLogs,
  documents,
  statusEvents,
  submissions,
  uploadTickets,
} from '../../../schema/db.ts';
import { validityDay } from '../../../schema/document-validity.ts';
import type { DocumentReplacementRequest } from '../../../schema/notify-api.ts';
import { findAnySection, findSection } from '../../../schema/sections.ts';
import { isWellFormedTrackingToken } from '../../crypto/tracking-tokens.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { replacedDocumentMail } from '../../mail/staff-mail.ts';
import { renewalAsked } from '../document-validity/document-reminders.ts';
import { refreshNextReminderDay } from '../document-validity/next-reminder-day.ts';
import { goodUntilUnder, validityRules } from '../document-validity/validity-rules.ts';
import { outboxInsert } from '../notices/mail-outbox.ts';
import { isUniqueViolation } from '../submissions/constraint-violations.ts';
import { verifyDocuments } from '../submissions/submission-documents.ts';
import { SUBMISSION_NOT_FOUND } from '../tracking/tracking.ts';
import { documentReplacedEvent } from '../webhooks/webhook-events.ts';
import { answerWrites, requestForDocument } from './practitioner-requests.ts';

export const RESUBMITTED_EVENT_TYPE = 'document_resubmitted';
const NO_SUCH_DOCUMENT = 'This application has no such document.';
const NOT_REJECTED = 'Only a rejected document, or one we asked you to renew, can be replaced.';
const ALREADY_REPLACED = 'This document has already been replaced.';

/** The verifier's answer about the one file, with the field named as in this request. */
function asReplacementError(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const detail = Object.values(error.fields)[0];
  return detail ? new ApiError(error.status, error.code, detail, { url: detail }) : error;
}

/** Writes the replacement; returns the outbox ids to deliver (the staff notification). */
export async function replaceDocument(
  deps: Deps,
  token: string,
  documentId: string,
  input: DocumentReplacementRequest,
): Promise<{ mailIds: string[] }> {
  const { db } = deps;
  const [submission] = isWellFormedTrackingToken(token)
    ? await db.select().from(submissions).where(eq(submissions.trackingToken, token))
    : [];
  if (!submission) throw new ApiError(404, 'not_found', SUBMISSION_NOT_FOUND);
  const [rejected] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.submissionId, submission.id)));
  if (!rejected) throw new ApiError(404, 'document_not_found', NO_SUCH_DOCUMENT);
  if (rejected.supersededAt) throw new ApiError(409, 'already_replaced', ALREADY_REPLACED);
  // A document near the end of its validity is renewed the same way once it was asked for.
  if (rejected.status !== 'rejected' && !(await renewalAsked(db, rejected)))
    throw new ApiError(409, 'document_not_rejected', NOT_REJECTED);

  const section =
    findSection(submission.practiceType, rejected.sectionKey) ??
    findAnySection(rejected.sectionKey);
  if (!section) throw new ApiError(409, 'document_not_rejected', NOT_REJECTED);
  const now = deps.clock.now();
  const document = { ...input, sectionKey: section.key, sectionLabel: section.label };
  const [verified] = await verifyDocuments(deps, { documents: [document] }, [section], now).catch(
    (error: unknown) => {
      throw asReplacementError(error);
    },
  );
  if (!verified) throw new ApiError(409, 'upload_missing', 'Please upload the file again.');

  const rules = await validityRules(db, now);
  const newId = crypto.randomUUID();
  // A request that asked for this document is answered by its replacement (issue 27).
  const asked = await requestForDocument(db, rejected.id);
  const mail = deps.config.staffNotifyEmail
    ? outboxInsert(
        db,
        replacedDocumentMail(
          deps.config,
          deps.config.staffNotifyEmail,
          {
            submissionId: submission.id,
            firstName: submission.firstName,
            lastName: submission.lastName,
          },
          rejected.sectionLabel,
        ),
        now,
      )
    : null;
  const statements: BatchItem<'sqlite'>[] = [
    db.insert(documents).values({
      id: newId,
      submissionId: submission.id,
      sectionKey: rejected.sectionKey,
      sectionLabel: rejected.sectionLabel,
      fileName: verified.fileName,
      fileSize: verified.fileSize,
      fileType: verified.fileType,
      objectKey: verified.objectKey,
      status: 'uploaded',
      uploadedAt: verified.uploadedAt,
      validityDate: verified.validityDate,
      goodUntil: goodUntilUnder(rules, rejected.sectionKey, verified.validityDate),
      replacesDocumentId: rejected.id,
    }),
    refreshNextReminderDay(db, eq(documents.id, newId), validityDay(now)),
    // Replaced: the old one is history, reminded no more.
    db
      .update(documents)
      .set({ supersededAt: now, nextReminderDay: null })
      .where(and(eq(documents.id, rejected.id), isNull(documents.supersededAt))),
    db
      .update(uploadTickets)
      .set({ usedAt: now })
      .where(eq(uploadTickets.objectKey, verified.objectKey)),
    db.update(submissions).set({ updatedAt: now }).where(eq(submissions.id, submission.id)),
    db.insert(statusEvents).values({
      id: crypto.randomUUID(),
      submissionId: submission.id,
      eventType: RESUBMITTED_EVENT_TYPE,
      description: `${rejected.sectionLabel} replaced; waiting for review`,
      createdAt: now,
    }),
    db.insert(auditLogs).values({
      id: crypto.randomUUID(),
      submissionId: submission.id,
      actor: 'practitioner',
      action: 'document_replaced',
      entityType: 'document',
      entityId: newId,
      details: { sectionKey: rejected.sectionKey, replaces: rejected.id },
      createdAt: now,
    }),
    ...documentReplacedEvent(db, newId, now),
    ...(mail ? [mail.query] : []),
    ...(asked
      ? answerWrites(db, asked.request, asked.enrolment, { note: null, documentId: newId }, now)
      : []),
  ];
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (error) {
    if (isUniqueViolation(error, 'documents.replaces_document_id')) {
      throw new ApiError(409, 'already_replaced', ALREADY_REPLACED);
    }
    if (isUniqueViolation(error, 'documents.object_key')) {
      const message = 'This file already belongs to another submission. Please upload it again.';
      throw new ApiError(409, 'upload_already_used', message, { url: message });
    }
    throw error;
  }
  return { mailIds: mail ? [mail.id] : [] };
}
