// The requests to the practitioner (issue 27) as the staff detail shows them: newest first,
// each with its scheme's name (the tracking view reads the same in its one statement,
// tracking-json.ts).
import { desc, eq, sql } from 'drizzle-orm';
import { medicalAidStatuses, practitionerRequests } from '../../../schema/db.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import type { Database } from '../../db.ts';

type RequestView = TrackingResponse['requests'][number];
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
