// The full tracking view for whoever holds a submission's token (docs/product.md#entities "Tracking
// response").
// The practitioner's ID number is left out on purpose (docs/decisions/005-privacy.md). The
// contact card is the submission's own copy of the details (decision 016).
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TrackingResponse } from '../../schema/api.ts';
import { documents, medicalAidStatuses, statusEvents, submissions } from '../../schema/db.ts';
import { isWellFormedTrackingToken } from '../crypto/tracking-tokens.ts';
import type { Database } from '../db.ts';
import { ApiError } from '../http.ts';
import { parsePostingChecklists, postingChecklistsJson } from './posting-checklists.ts';
import { parseRequests, requestsJson } from './request-views.ts';

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
>;

/** supersededBy: the id of the replacement sent for d, if any (see replacementsOf). */
export function documentView(
  d: DocumentRow,
  supersededBy: string | null = null,
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

// The tracking view in one statement (a read per page view, the portal's busiest): the
// submission row with its documents, scheme statuses and events as JSON arrays, in the order
// submissionRecords reads them. Each array aggregates an ordered subquery rather than using
// json_group_array(… ORDER BY …): sqld and Turso (the Workers target's database) do not parse
// an aggregate's ORDER BY (SQLite 3.44 syntax). SQLite does not flatten an ordered subquery
// into an aggregate, so the rows arrive in its order; json() keeps each object JSON, not text.
const orderedArray = (select: SQL) =>
  sql<string>`(select json_group_array(json(item)) from (${select}))`;
const documentsJson = orderedArray(sql`
  select json_object(
    'id', d.id, 'fileName', d.file_name, 'sectionLabel', d.section_label,
    'sectionKey', d.section_key, 'uploadedAt', d.uploaded_at, 'status', d.status,
    'rejectionReason', d.rejection_reason, 'replacesDocumentId', d.replaces_document_id,
    'supersededAt', d.superseded_at
  ) as item
  from documents d where d.submission_id = submissions.id order by d.uploaded_at, d.rowid`);
const schemesJson = orderedArray(sql`
  select json_object(
    'id', m.id, 'schemeKey', m.scheme_key, 'medicalAidName', m.medical_aid_name,
    'status', m.status, 'lastUpdated', m.last_updated,
    'requiresHardCopy', m.requires_hard_copy, 'notes', m.notes
  ) as item
  from medical_aid_statuses m where m.submission_id = submissions.id order by m.medical_aid_name`);
const eventsJson = orderedArray(sql`
  select json_object(
    'id', e.id, 'eventType', e.event_type, 'description', e.description, 'note', e.note,
    'createdAt', e.created_at
  ) as item
  from status_events e where e.submission_id = submissions.id order by e.created_at, e.rowid`);

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: number | null };

function parseRecords(row: { documents: string; schemes: string; events: string }) {
  const at = (ms: number | null) => (ms === null ? null : new Date(ms));
  const docs = (
    JSON.parse(row.documents) as Dated<DocumentRow, 'uploadedAt' | 'supersededAt'>[]
  ).map((d) => ({ ...d, uploadedAt: at(d.uploadedAt)!, supersededAt: at(d.supersededAt) }));
  type Scheme = Parameters<typeof schemeStatusView>[0];
  const schemes = (
    JSON.parse(row.schemes) as (Omit<Dated<Scheme, 'lastUpdated'>, 'requiresHardCopy'> & {
      requiresHardCopy: number;
    })[]
  ).map((m) => ({
    ...m,
    lastUpdated: at(m.lastUpdated)!,
    requiresHardCopy: m.requiresHardCopy === 1,
  }));
  type Event = Parameters<typeof statusEventView>[0];
  const events = (JSON.parse(row.events) as Dated<Event, 'createdAt'>[]).map((e) => ({
    ...e,
    createdAt: at(e.createdAt)!,
  }));
  return { docs, schemes, events };
}

export async function trackingView(db: Database, token: string): Promise<TrackingResponse | null> {
  if (!isWellFormedTrackingToken(token)) return null;
  const [row] = await db
    .select({
      submission: submissions,
      documents: documentsJson,
      schemes: schemesJson,
      events: eventsJson,
      requests: requestsJson,
      postingChecklists: postingChecklistsJson,
    })
    .from(submissions)
    .where(eq(submissions.trackingToken, token));
  if (!row) return null;
  const s = row.submission;
  const { docs, schemes, events } = parseRecords(row);
  const replaced = replacementsOf(docs);
  return {
    // The details given with this submission, not the practitioner row a later one may update.
    practitioner: {
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      phone: s.phone,
      specialization: s.specialization,
    },
    submission: submissionView(s),
    documents: docs.map((d) => documentView(d, replaced.get(d.id) ?? null)),
    documentsToReplace: documentsToReplace(docs),
    medicalAidStatuses: schemes.map(schemeStatusView),
    statusEvents: events.map(statusEventView),
    requests: parseRequests(row.requests),
    postingChecklists: parsePostingChecklists(row.postingChecklists),
  };
}
