// What the staff dashboard reads: the four counts, the submissions list (newest first, with
// search, a status filter and cursor paging) and everything about one submission. Names and
// contacts are each submission's own copy of them (decision 016); the practitioners table is
// counted, not shown.
import { and, asc, count, desc, eq, exists, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { auditLogs, consentRecords, documents, submissions } from '../../../schema/db.ts';
import type {
  AdminStats,
  AdminSubmissionListItem,
  adminSubmissionsQuery,
  StaffSubmissionDetail,
} from '../../../schema/staff-review-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import {
  documentsToReplace,
  documentView,
  replacementsOf,
  schemeStatusView,
  statusEventView,
  submissionRecords,
  submissionView,
} from '../tracking/tracking.ts';
import { issuedLinksLogged, staffDownloadUrl } from './document-downloads.ts';
import { staffEnrolments, staffMembers } from './enrolment-view.ts';
import { submissionRequests } from './request-views.ts';
import {
  countedSubmissions,
  dashboardCounts,
  ofPractice,
  searchCondition,
} from './submission-search.ts';

const DEFAULT_PAGE_SIZE = 50;

export async function dashboardStats(db: Database): Promise<AdminStats> {
  const { byStatus, practitioners } = await dashboardCounts(db);
  return {
    totalSubmissions: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
    pendingSubmissions: byStatus.pending ?? 0,
    approvedSubmissions: byStatus.approved ?? 0,
    totalPractitioners: practitioners,
  };
}

type Cursor = { createdAt: number; id: string };

function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify([cursor.createdAt, cursor.id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/')));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isSafeInteger(parsed[0]) &&
      typeof parsed[1] === 'string'
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new ApiError(
    400,
    'invalid_cursor',
    'This page of results is no longer valid. Please start again from the first page.',
  );
}

export type SubmissionPage = {
  items: AdminSubmissionListItem[];
  total: number;
  nextCursor: string | null;
};

export async function listSubmissions(
  db: Database,
  query: z.infer<typeof adminSubmissionsQuery>,
): Promise<SubmissionPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(submissions.status, query.status));
  if (query.review === 'needed') {
    // Waiting for staff: not looked at yet, or a replacement document not reviewed yet.
    filters.push(
      or(
        eq(submissions.status, 'pending'),
        exists(
          db
            .select({ one: sql`1` })
            .from(documents)
            .where(
              and(
                eq(documents.submissionId, submissions.id),
                isNotNull(documents.replacesDocumentId),
                eq(documents.status, 'uploaded'),
              ),
            ),
        ),
      )!,
    );
  }
  if (query.q) filters.push(searchCondition(query.q));
  if (query.practiceId) filters.push(ofPractice(submissions.id, query.practiceId));
  const matching = filters.length ? and(...filters) : undefined;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const page = cursor
    ? and(
        matching,
        or(
          lt(submissions.createdAt, new Date(cursor.createdAt)),
          and(eq(submissions.createdAt, new Date(cursor.createdAt)), lt(submissions.id, cursor.id)),
        ),
      )
    : matching;

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: submissions.id,
        status: submissions.status,
        practiceType: submissions.practiceType,
        createdAt: submissions.createdAt,
        trackingToken: submissions.trackingToken,
        reference: submissions.reference,
        firstName: submissions.firstName,
        lastName: submissions.lastName,
        email: submissions.email,
      })
      .from(submissions)
      .where(page)
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(limit + 1),
    // The whole list or one status: the kept counts; a search or 'needs review': counted.
    query.q || query.review || query.practiceId
      ? db.select({ total: count() }).from(submissions).where(matching)
      : countedSubmissions(db, query.status).then((total) => [{ total }]),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map((r) => ({
      submission: {
        id: r.id,
        status: r.status,
        practiceType: r.practiceType,
        createdAt: r.createdAt.toISOString(),
        trackingToken: r.trackingToken,
        reference: r.reference ?? '',
      },
      practitioner: { firstName: r.firstName, lastName: r.lastName, email: r.email },
    })),
    total: counted?.total ?? 0,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.createdAt.getTime(), id: last.id })
        : null,
  };
}

export function submissionNotFound(): ApiError {
  return new ApiError(404, 'not_found', 'There is no submission with this id.');
}

/** Everything about one submission for staff; throws a 404 ApiError for an unknown id. */
export async function staffSubmissionDetail(
  deps: Deps,
  staff: StaffIdentity,
  id: string,
): Promise<StaffSubmissionDetail> {
  const { db } = deps;
  const [s] = await db.select().from(submissions).where(eq(submissions.id, id));
  if (!s) throw submissionNotFound();
  const [{ docs, schemes, events }, consents, audit, staffList, requests] = await Promise.all([
    submissionRecords(db, id),
    db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.submissionId, id))
      .orderBy(desc(consentRecords.consentedAt))
      .limit(1),
    db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.submissionId, id))
      .orderBy(asc(auditLogs.createdAt), sql`rowid`),
    staffMembers(db),
    submissionRequests(db, id),
  ]);
  const consent = consents[0];
  const replaced = replacementsOf(docs);
  // Each document's link is an ID copy or a bank letter leaving: one security-log entry per link.
  const links = await Promise.all(docs.map((d) => staffDownloadUrl(deps, d)));
  await issuedLinksLogged(deps, staff, id, docs);
  return {
    // The details given with this submission; id links the practitioner's other submissions.
    practitioner: {
      id: s.practitionerId,
      firstName: s.firstName,
      lastName: s.lastName,
      idNumber: s.idNumber,
      email: s.email,
      phone: s.phone,
      specialization: s.specialization,
    },
    submission: submissionView(s),
    documents: docs.map((d, i) => ({
      ...documentView(d, replaced.get(d.id) ?? null),
      sectionLabel: d.sectionLabel,
      reviewedAt: d.reviewedAt?.toISOString() ?? null,
      fileSize: d.fileSize,
      fileType: d.fileType,
      validityDate: d.validityDate,
      goodUntil: d.goodUntil,
      downloadUrl: links[i]!,
    })),
    documentsToReplace: documentsToReplace(docs),
    medicalAidStatuses: schemes.map(schemeStatusView),
    statusEvents: events.map(statusEventView),
    requests,
    consent: consent
      ? {
          termsVersion: consent.termsVersion,
          consentedAt: consent.consentedAt.toISOString(),
          clientTimestamp: consent.clientTimestamp,
        }
      : null,
    auditLog: audit.map((a) => ({
      id: a.id,
      actor: a.actor,
      action: a.action,
      entityType: a.entityType,
      entityId: a.entityId,
      details: a.details ?? null,
      createdAt: a.createdAt.toISOString(),
    })),
    enrolments: await staffEnrolments(db, id, schemes),
    staff: staffList,
  };
}
