// The requests to the practitioner (issue 27) as the tracking view shows them: newest first,
// each with its scheme's name. In the tracking view's one statement as a JSON array (see
// tracking.ts), and read on its own for the staff detail.
import { desc, eq, sql } from 'drizzle-orm';
import type { TrackingResponse } from '../../schema/api.ts';
import { medicalAidStatuses, practitionerRequests } from '../../schema/db.ts';
import type { Database } from '../db.ts';

type RequestView = TrackingResponse['requests'][number];
type Stored = Omit<RequestView, 'requestedAt' | 'answeredAt'> & {
  requestedAt: number;
  answeredAt: number | null;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The submission's requests as a JSON array, for a select over `submissions`. */
export const requestsJson = sql<string>`(select json_group_array(json(item)) from (
  select json_object(
    'id', r.id, 'schemeName', m.medical_aid_name, 'request', r.request,
    'documentId', r.document_id, 'requestedAt', r.requested_at,
    'answeredAt', r.answered_at, 'answerNote', r.answer_note
  ) as item
  from practitioner_requests r join medical_aid_statuses m on m.id = r.status_id
  where r.submission_id = submissions.id order by r.requested_at desc, r.rowid desc))`;

export function parseRequests(json: string): RequestView[] {
  return (JSON.parse(json) as Stored[]).map((r) => ({
    ...r,
    requestedAt: iso(r.requestedAt)!,
    answeredAt: iso(r.answeredAt),
  }));
}

/** One submission's requests, newest first. */
export async function submissionRequests(
  db: Database,
  submissionId: string,
): Promise<RequestView[]> {
  const rows = await db
    .select({ r: practitionerRequests, schemeName: medicalAidStatuses.medicalAidName })
    .from(practitionerRequests)
    .innerJoin(medicalAidStatuses, eq(medicalAidStatuses.id, practitionerRequests.statusId))
    .where(eq(practitionerRequests.submissionId, submissionId))
    .orderBy(desc(practitionerRequests.requestedAt), sql`${practitionerRequests}.rowid desc`);
  return rows.map(({ r, schemeName }) => ({
    id: r.id,
    schemeName,
    request: r.request,
    documentId: r.documentId,
    requestedAt: r.requestedAt.toISOString(),
    answeredAt: r.answeredAt?.toISOString() ?? null,
    answerNote: r.answerNote,
  }));
}
