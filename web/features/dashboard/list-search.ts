// The all-submissions view keeps its search, status or needs-review filter and page cursor in the address,
// so a view can be bookmarked or shared between staff, and the route's loader reads them.
import { type SubmissionStatus, submissionStatus } from '../../../schema/submission-api.ts';

export type SubmissionListSearch = {
  q?: string;
  status?: SubmissionStatus;
  /** Only what waits for staff: pending, or with a replacement document to review. */
  review?: 'needed';
  /** Only one practice's submissions (decision 127). */
  practiceId?: string;
  cursor?: string;
};

export function parseListSearch(search: Record<string, unknown>): SubmissionListSearch {
  const result: SubmissionListSearch = {};
  if (typeof search.q === 'string' && search.q.trim()) result.q = search.q.trim().slice(0, 100);
  const status = search.status;
  if (
    typeof status === 'string' &&
    (submissionStatus.options as readonly string[]).includes(status)
  )
    result.status = status as SubmissionStatus;
  if (search.review === 'needed') result.review = 'needed';
  if (typeof search.practiceId === 'string' && search.practiceId)
    result.practiceId = search.practiceId.slice(0, 64);
  if (typeof search.cursor === 'string' && search.cursor)
    result.cursor = search.cursor.slice(0, 200);
  return result;
}

export const PAGE_SIZE = 25;

/** "1–25 of 60" for the page that starts after `offset` items. */
export function pageRange(offset: number, shown: number, total: number): string {
  if (shown === 0) return `0 of ${total}`;
  return `${offset + 1}–${offset + shown} of ${total}`;
}

/** The status select's value for the needs-review filter (not a submission status). */
export const NEEDS_REVIEW = 'needs-review';

/** The select's value for a search, and the search for a picked value. */
export function filterValue(search: SubmissionListSearch): string {
  return search.review === 'needed' ? NEEDS_REVIEW : (search.status ?? '');
}

export function filterFromValue(value: string): Pick<SubmissionListSearch, 'status' | 'review'> {
  if (value === NEEDS_REVIEW) return { review: 'needed' };
  return parseListSearch({ status: value });
}
