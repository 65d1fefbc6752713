// Bulk over a practice (decision 127): per scheme, how many of its practitioners' enrolments are
// still open, and a way to the desk's own bulk change (status, reason, one provider number each)
// narrowed to this practice and scheme, so the rules, history and notices are the desk's.
import { Link } from '@tanstack/react-router';
import type { StaffPracticeSubmission } from '../../../schema/practice-admin-api.ts';
import { buttonClass } from '../../ui/button-class.ts';
import { Card, CardTitle } from '../../ui/card.tsx';

const OPEN = new Set(['pending', 'not_started']);

export function openEnrolmentsByScheme(submissions: readonly StaffPracticeSubmission[]) {
  const schemes = new Map<string, { schemeKey: string; schemeName: string; open: number }>();
  for (const e of submissions.flatMap((s) => s.enrolments)) {
    const scheme = schemes.get(e.schemeKey) ?? {
      schemeKey: e.schemeKey,
      schemeName: e.schemeName,
      open: 0,
    };
    if (OPEN.has(e.status)) scheme.open++;
    schemes.set(e.schemeKey, scheme);
  }
  return [...schemes.values()].sort((a, b) => a.schemeName.localeCompare(b.schemeName));
}

export function PracticeSchemesCard({
  practiceId,
  submissions,
}: {
  practiceId: string;
  submissions: readonly StaffPracticeSubmission[];
}) {
  const schemes = openEnrolmentsByScheme(submissions);
  if (schemes.length === 0) return null;
  return (
    <Card aria-labelledby="practice-schemes">
      <CardTitle id="practice-schemes">Enrolments by scheme</CardTitle>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Open the work queue with this practice's open enrolments of one scheme, select them all and
        change them together (a provider number for each).
      </p>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {schemes.map((s) => (
          <li key={s.schemeKey} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{s.schemeName}</span>: {s.open} open
            </span>
            {s.open > 0 && (
              <Link
                to="/dashboard/queue"
                search={{ practiceId, schemeKey: s.schemeKey }}
                className={buttonClass('secondary')}
                aria-label={`Change in the work queue: ${s.schemeName}, ${s.open} open`}
              >
                Change in the work queue
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
