// On a submission's review page: that it came through a practice that onboarded together, with
// a link to the practice's page (decision 127). Nothing when it is a lone application or the
// read failed (the review page stays whole).
import { Link } from '@tanstack/react-router';
import type { SubmissionPractice } from '../../../schema/practice-admin-api.ts';
import type { Settled } from '../dashboard/staff-api.ts';

export function PracticeMarker({ read }: { read: Settled<SubmissionPractice> }) {
  if (!read.ok || !read.data.practice) return null;
  const { id, name } = read.data.practice;
  return (
    <p className="mt-2 rounded-md border border-teal-700 bg-teal-50 px-3 py-2 text-sm text-teal-950 dark:border-teal-500 dark:bg-teal-950 dark:text-teal-50">
      Part of a practice that applied together:{' '}
      <Link
        to="/dashboard/practices/$id"
        params={{ id }}
        className="inline-flex min-h-11 items-center rounded-sm font-semibold underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
      >
        {name}
      </Link>
    </p>
  );
}
