// The all-submissions view keeps its search, status filter and page cursor in the address,
// so a view can be bookmarked or shared between staff, and the route's loader reads them.
import { type SubmissionStatus, submissionStatus } from '../../../schema/api.ts';

export type SubmissionListSearch = { q?: string; status?: SubmissionStatus; cursor?: string };

export function parseListSearch(search: Record<string, unknown>): SubmissionListSearch {
  const result: SubmissionListSearch = {};
  if (typeof search.q === 'string' && search.q.trim()) result.q = search.q.trim().slice(0, 100);
  const status = search.status;
  if (
    typeof status === 'string' &&
    (submissionStatus.options as readonly string[]).includes(status)
  )
    result.status = status as SubmissionStatus;
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
