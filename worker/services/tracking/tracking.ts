// The full tracking view for whoever holds a submission's token (docs/product.md#entities "Tracking
// response").
// The practitioner's ID number is left out on purpose (docs/decisions/005-privacy.md). The
// contact card is the submission's own copy of the details (decision 016).
import { asc, eq, sql } from 'drizzle-orm';
import { documents, medicalAidStatuses, statusEvents, submissions } from '../../../schema/db.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { isWellFormedTrackingToken } from '../../crypto/tracking-tokens.ts';
import type { Database } from '../../db.ts';
import { ApiError } from '../../http.ts';
import type { PreparedReads } from '../../ports.ts';
import { trackingJson } from './tracking-json.ts';

export const SUBMISSION_NOT_FOUND = 'Submission not found. Please check your tracking token.';

type SubmissionRow = typeof submissions.$inferSelect;

/** The id of the submission a tracking token names; a 404 ApiError for any other token. */
export async function submissionIdByToken(db: Database, token: string): Promise<string> {
  const [submission] = isWellFormedTrackingToken(token)
    ? await db
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.trackingToken, token))
    : [];
  if (!submission) throw new ApiError(404, 'not_found', SUBMISSION_NOT_FOUND);
  return submission.id;
}

/**
 * A submission's documents, scheme statuses and events, in the order both the practitioner
 * and staff read them. Entries written in the same millisecond keep their write order (rowid).
 */
export async function submissionRecords(db: Database, submissionId: string) {
  const [docs, schemes, events] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(eq(documents.submissionId, submissionId))
      .orderBy(asc(documents.uploadedAt), sql`rowid`),
    db
      .select()
      .from(medicalAidStatuses)
      .where(eq(medicalAidStatuses.submissionId, submissionId))
      .orderBy(asc(medicalAidStatuses.medicalAidName)),
    db
      .select()
      .from(statusEvents)
      .where(eq(statusEvents.submissionId, submissionId))
      .orderBy(asc(statusEvents.createdAt), sql`rowid`),
  ]);
  return { docs, schemes, events };
}

export function submissionView(s: SubmissionRow): TrackingResponse['submission'] {
  return {
    id: s.id,
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    trackingToken: s.trackingToken,
    // Every submission has one since migration 0011; '' only guards the nullable column type.
    reference: s.reference ?? '',
    practiceType: s.practiceType,
    practiceNumber: s.practiceNumber,
    hpcsaNumber: s.hpcsaNumber,
    selectedParents: s.selectedParents,
    selectedSchemes: s.selectedSchemes,
    contractPreferences: s.contractPreferences ?? null,
    interestedInContracts: s.interestedInContracts,
    additionalNotes: s.additionalNotes,
  };
}

type DocumentRow = Pick<
  typeof documents.$inferSelect,
  | 'id'
  | 'fileName'
  | 'sectionLabel'
  | 'sectionKey'
  | 'uploadedAt'
  | 'status'
  | 'rejectionReason'
  | 'replacesDocumentId'
  | 'supersededAt'
  | 'goodUntil'
>;

/**
 * supersededBy: the id of the replacement sent for d, if any (see replacementsOf); renewalAsked:
 * the practitioner was reminded to renew it (document_reminders, issue 38).
 */
export function documentView(
  d: DocumentRow,
  supersededBy: string | null = null,
  renewalAsked = false,
): TrackingResponse['documents'][number] {
  return {
    id: d.id,
    fileName: d.fileName,
    documentType: d.sectionLabel,
    sectionKey: d.sectionKey,
    uploadedAt: d.uploadedAt.toISOString(),
    status: d.status,
    rejectionReason: d.rejectionReason,
    replacesDocumentId: d.replacesDocumentId,
    supersededBy,
    goodUntil: d.goodUntil,
    renewalAsked,
  };
}

/** Replaced document id → the id of its replacement, among one submission's documents. */
export function replacementsOf(docs: readonly DocumentRow[]): Map<string, string> {
  return new Map(
    docs.flatMap((d) => (d.replacesDocumentId ? [[d.replacesDocumentId, d.id] as const] : [])),
  );
}

/** Rejected documents with no replacement yet. */
export function documentsToReplace(docs: readonly DocumentRow[]): number {
  const replaced = replacementsOf(docs);
  return docs.filter((d) => d.status === 'rejected' && !d.supersededAt && !replaced.has(d.id))
    .length;
}

export function schemeStatusView(
  m: Omit<typeof medicalAidStatuses.$inferSelect, 'submissionId'>,
): TrackingResponse['medicalAidStatuses'][number] {
  return {
    id: m.id,
    schemeKey: m.schemeKey,
    medicalAidName: m.medicalAidName,
    status: m.status,
    lastUpdated: m.lastUpdated.toISOString(),
    requiresHardCopy: m.requiresHardCopy,
    notes: m.notes,
    // The number the scheme gave: the practitioner's to bill with, shown once approved.
    providerNumber: m.status === 'approved' ? m.providerNumber : null,
  };
}

export function statusEventView(
  e: Omit<typeof statusEvents.$inferSelect, 'submissionId'>,
): TrackingResponse['statusEvents'][number] {
  return {
    id: e.id,
    eventType: e.eventType,
    description: e.note ? `${e.description}: ${e.note}` : e.description,
    createdAt: e.createdAt.toISOString(),
  };
}

/** The tracking view for token, or null when no submission has it (see tracking-json.ts). */
export async function trackingView(
  reads: PreparedReads,
  token: string,
): Promise<TrackingResponse | null> {
  const body = await trackingJson(reads, token);
  return body === null ? null : (JSON.parse(body) as TrackingResponse);
}
