// Where time goes (decision 088): per scheme, the median and 90th percentile of the days from
// submission to the scheme's outcome; applications per week; enrolments per status now.
import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { medicalAidStatuses, submissions } from '../../../schema/db.ts';
import { SCHEME_STATUSES } from '../../../schema/enrolment.ts';
import type { EnrolmentTimes } from '../../../schema/enrolment-api.ts';
import type { Deps } from '../../deps.ts';
import { southAfricanDay } from './work-queue.ts';

const DAY_MS = 24 * 60 * 60_000;
const WEEKS = 12;

/** The p-quantile (0..1) of sorted values, interpolating between neighbours (R type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (h - low) * (sorted[high]! - sorted[low]!);
}

/** The Monday of a South African day's week, YYYY-MM-DD. */
function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function enrolmentTimes(deps: Deps): Promise<EnrolmentTimes> {
  const { db } = deps;
  const now = deps.clock.now();
  const firstWeek = weekStart(southAfricanDay(new Date(now.getTime() - (WEEKS - 1) * 7 * DAY_MS)));
  const today = southAfricanDay(now);
  const [outcomes, received, backlog, [validity]] = await Promise.all([
    db
      .select({
        schemeKey: medicalAidStatuses.schemeKey,
        schemeName: medicalAidStatuses.medicalAidName,
        outcomeAt: medicalAidStatuses.outcomeAt,
        submittedAt: submissions.createdAt,
      })
      .from(medicalAidStatuses)
      .innerJoin(submissions, eq(submissions.id, medicalAidStatuses.submissionId))
      .where(isNotNull(medicalAidStatuses.outcomeAt)),
    db
      .select({ createdAt: submissions.createdAt })
      .from(submissions)
      // A day early: the South African Monday starts two hours before UTC's.
      .where(and(gte(submissions.createdAt, new Date(Date.parse(firstWeek) - DAY_MS)))),
    db
      .select({ status: medicalAidStatuses.status, enrolments: count() })
      .from(medicalAidStatuses)
      .groupBy(medicalAidStatuses.status),
    // Fully valid: no current (not superseded, not rejected) document past its good-until.
    db.all<{ approved: number; fullyValid: number | null }>(sql`
      select count(*) as approved, sum(not exists (
        select 1 from documents d where d.submission_id = s.id and d.superseded_at is null
          and d.status != 'rejected' and d.good_until < ${today})) as fullyValid
      from submissions s where s.status = 'approved'`),
  ]);

  const byScheme = new Map<string, { name: string; days: number[] }>();
  for (const o of outcomes) {
    const days = (o.outcomeAt!.getTime() - o.submittedAt.getTime()) / DAY_MS;
    const entry = byScheme.get(o.schemeKey) ?? { name: o.schemeName, days: [] };
    entry.days.push(days);
    byScheme.set(o.schemeKey, entry);
  }
  const schemes = [...byScheme.entries()]
    .map(([schemeKey, { name, days }]) => {
      const sorted = days.sort((a, b) => a - b);
      return {
        schemeKey,
        schemeName: name,
        outcomes: sorted.length,
        medianDays: round1(quantile(sorted, 0.5)),
        p90Days: round1(quantile(sorted, 0.9)),
      };
    })
    .sort((a, b) => a.schemeName.localeCompare(b.schemeName));

  const perWeek = new Map<string, number>();
  for (let i = 0; i < WEEKS; i++) {
    perWeek.set(new Date(Date.parse(firstWeek) + i * 7 * DAY_MS).toISOString().slice(0, 10), 0);
  }
  for (const r of received) {
    const week = weekStart(southAfricanDay(r.createdAt));
    if (perWeek.has(week)) perWeek.set(week, perWeek.get(week)! + 1);
  }
  const counts = new Map(backlog.map((b) => [b.status, b.enrolments]));
  return {
    schemes,
    weeks: [...perWeek.entries()].map(([weekStart, applications]) => ({ weekStart, applications })),
    backlog: SCHEME_STATUSES.map((status) => ({ status, enrolments: counts.get(status) ?? 0 })),
    validity: {
      approved: Number(validity?.approved ?? 0),
      fullyValid: Number(validity?.fullyValid ?? 0),
    },
  };
}
