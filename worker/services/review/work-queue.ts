// The enrolment desk's work queue (decision 088): every open enrolment (pending or not started,
// unless a status filter asks for another), overdue follow-ups first, then those due today, then later ones and those without a
// follow-up; 'My work today' is the signed-in staff member's own enrolments due by today;
// 'Waiting on practitioners' those the practitioner has to answer first (the others leave them out).
import { and, asc, count, eq, inArray, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { medicalAidStatuses, submissions } from '../../../schema/db.ts';
import type { WorkQueue, WorkQueueItem, WorkQueueQuery } from '../../../schema/enrolment-api.ts';
import type { Deps } from '../../deps.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { staffMembers } from './enrolment-view.ts';
import { ofPractice } from './submission-search.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Rows per page: small enough for a cheap phone, every page reachable (issue 40). */
export const WORK_QUEUE_PAGE_SIZE = 100;

/** The South African calendar day of a moment, as YYYY-MM-DD. */
export function southAfricanDay(at: Date): string {
  // SAST is UTC+2 all year (no daylight saving).
  return new Date(at.getTime() + 2 * 60 * 60_000).toISOString().slice(0, 10);
}

function due(followUpOn: string | null, today: string): WorkQueueItem['due'] {
  if (!followUpOn) return 'none';
  return followUpOn < today ? 'overdue' : followUpOn === today ? 'today' : 'later';
}

const DUE_ORDER: Record<WorkQueueItem['due'], number> = { overdue: 0, today: 1, later: 2, none: 3 };

export async function workQueue(
  deps: Deps,
  staff: StaffIdentity,
  query: WorkQueueQuery,
): Promise<WorkQueue> {
  const { db } = deps;
  const now = deps.clock.now();
  const today = southAfricanDay(now);
  const mine = query.view === 'mine';
  // An enrolment waiting on the practitioner is theirs to move: only the 'waiting' view lists
  // it, until their answer brings it back ('The practitioner answered', due today).
  const waiting = eq(medicalAidStatuses.reason, 'waiting_on_practitioner');
  const where: SQL[] = [
    query.status
      ? eq(medicalAidStatuses.status, query.status)
      : inArray(medicalAidStatuses.status, ['pending', 'not_started']),
    query.view === 'waiting' ? waiting : or(isNull(medicalAidStatuses.reason), not(waiting))!,
  ];
  if (mine) {
    where.push(eq(medicalAidStatuses.ownerId, staff.id));
    where.push(lte(medicalAidStatuses.followUpOn, today));
  } else if (query.ownerId) {
    where.push(eq(medicalAidStatuses.ownerId, query.ownerId));
  }
  if (query.minAgeDays) {
    where.push(lte(submissions.createdAt, new Date(now.getTime() - query.minAgeDays * DAY_MS)));
  }
  if (query.practiceId) where.push(ofPractice(medicalAidStatuses.submissionId, query.practiceId));
  // The scheme filter offers every scheme of the view, not only those on this page.
  const view = and(...where);
  if (query.schemeKey) where.push(eq(medicalAidStatuses.schemeKey, query.schemeKey));
  const page = query.page ?? 1;
  const [rows, members, schemes, [counted]] = await Promise.all([
    db
      .select({
        statusId: medicalAidStatuses.id,
        submissionId: medicalAidStatuses.submissionId,
        firstName: submissions.firstName,
        lastName: submissions.lastName,
        schemeKey: medicalAidStatuses.schemeKey,
        schemeName: medicalAidStatuses.medicalAidName,
        status: medicalAidStatuses.status,
        reason: medicalAidStatuses.reason,
        followUpOn: medicalAidStatuses.followUpOn,
        ownerId: medicalAidStatuses.ownerId,
        submittedAt: submissions.createdAt,
      })
      .from(medicalAidStatuses)
      .innerJoin(submissions, eq(submissions.id, medicalAidStatuses.submissionId))
      .where(and(...where))
      // Nulls last (SQLite puts them first): due follow-ups come on the first pages. The id
      // makes the order total, so no enrolment is skipped or shown twice between pages.
      .orderBy(
        sql`${medicalAidStatuses.followUpOn} is null`,
        asc(medicalAidStatuses.followUpOn),
        asc(submissions.createdAt),
        asc(medicalAidStatuses.id),
      )
      .limit(WORK_QUEUE_PAGE_SIZE)
      .offset((page - 1) * WORK_QUEUE_PAGE_SIZE),
    staffMembers(db),
    db
      .selectDistinct({
        schemeKey: medicalAidStatuses.schemeKey,
        schemeName: medicalAidStatuses.medicalAidName,
      })
      .from(medicalAidStatuses)
      .innerJoin(submissions, eq(submissions.id, medicalAidStatuses.submissionId))
      .where(view)
      .orderBy(asc(medicalAidStatuses.medicalAidName)),
    db
      .select({ total: count() })
      .from(medicalAidStatuses)
      .innerJoin(submissions, eq(submissions.id, medicalAidStatuses.submissionId))
      .where(and(...where)),
  ]);
  const emails = new Map(members.map((m) => [m.id, m.email]));
  const items = rows
    .map(({ firstName, lastName, submittedAt, ...row }) => ({
      ...row,
      practitionerName: `${firstName} ${lastName}`,
      ownerEmail: row.ownerId ? (emails.get(row.ownerId) ?? null) : null,
      submittedAt: submittedAt.toISOString(),
      due: due(row.followUpOn, today),
    }))
    // Stable: within a group the database's order (earliest follow-up, oldest application).
    .sort((a, b) => DUE_ORDER[a.due] - DUE_ORDER[b.due]);
  const pages = Math.max(1, Math.ceil((counted?.total ?? 0) / WORK_QUEUE_PAGE_SIZE));
  return { today, items, staff: members, schemes: uniqueKeys(schemes), page, pages };
}

/** One entry per scheme key (a scheme renamed over time keeps its first name in order). */
function uniqueKeys(schemes: { schemeKey: string; schemeName: string }[]) {
  return [...new Map(schemes.map((s) => [s.schemeKey, s])).values()];
}
