// Reminders of an unanswered request to the practitioner (issue 27): one after 3 days, one after
// 7, each a practitioner notice, so it is combined with other news and sent by the notice
// dispatcher like any other (decisions 053 and 087). Run by the maintenance on the Clock's
// time: a test moves the clock instead of waiting days.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  medicalAidStatuses,
  practitionerNotices,
  practitionerRequests,
} from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Days after the request each reminder is due: the first, then the second. */
export const REMINDER_DAYS = [3, 7] as const;

/** Reminders due now, each written at most once (two runs racing cannot both write it). */
export async function remindOpenRequests(deps: Deps): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const due = await db
    .select({ request: practitionerRequests, schemeName: medicalAidStatuses.medicalAidName })
    .from(practitionerRequests)
    .innerJoin(medicalAidStatuses, eq(medicalAidStatuses.id, practitionerRequests.statusId))
    .where(
      and(
        isNull(practitionerRequests.answeredAt),
        sql`${practitionerRequests.remindersSent} < ${REMINDER_DAYS.length}`,
        lte(practitionerRequests.requestedAt, new Date(now.getTime() - REMINDER_DAYS[0] * DAY_MS)),
      ),
    )
    .orderBy(asc(practitionerRequests.requestedAt))
    .limit(200);
  let written = 0;
  for (const { request, schemeName } of due) {
    const age = now.getTime() - request.requestedAt.getTime();
    // The number of reminders that should have gone by now; a late run sends one, not two.
    const owed = REMINDER_DAYS.filter((days) => age >= days * DAY_MS).length;
    if (owed <= request.remindersSent) continue;
    const payload = JSON.stringify({
      requestId: request.id,
      schemeName,
      request: request.request,
      reminder: String(owed),
    });
    const stillOwed = sql`exists (select 1 from ${practitionerRequests}
      where ${practitionerRequests.id} = ${request.id}
        and ${practitionerRequests.remindersSent} = ${request.remindersSent}
        and ${practitionerRequests.answeredAt} is null)`;
    const [, updated] = await db.batch([
      db.run(sql`insert into ${practitionerNotices} (id, submission_id, kind, payload, created_at)
        select ${crypto.randomUUID()}, ${request.submissionId}, 'request_reminder', ${payload}, ${now.getTime()}
        where ${stillOwed}`),
      db
        .update(practitionerRequests)
        .set({ remindersSent: owed })
        .where(
          and(
            eq(practitionerRequests.id, request.id),
            eq(practitionerRequests.remindersSent, request.remindersSent),
            isNull(practitionerRequests.answeredAt),
          ),
        )
        .returning({ id: practitionerRequests.id }),
    ]);
    written += updated.length;
  }
  return written;
}
