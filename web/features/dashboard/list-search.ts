// The all-submissions view keeps its search and status filter in the address, so a view can
// be bookmarked or shared between staff. The parser is hand-written: route files stay in the
// practitioner's entry bundle and must not pull zod in.
import type { SubmissionStatus } from '../../../schema/api.ts';
import { SUBMISSION_STATUSES } from './presentation.ts';

export type SubmissionListSearch = { q?: string; status?: SubmissionStatus };

export function parseListSearch(search: Record<string, unknown>): SubmissionListSearch {
  const result: SubmissionListSearch = {};
  if (typeof search.q === 'string' && search.q.trim()) result.q = search.q.trim().slice(0, 100);
  const status = search.status;
  if (typeof status === 'string' && (SUBMISSION_STATUSES as readonly string[]).includes(status))
    result.status = status as SubmissionStatus;
  return result;
}

export const PAGE_SIZE = 25;

/** "1–25 of 60" for the page that starts after `offset` items. */
export function pageRange(offset: number, shown: number, total: number): string {
  if (shown === 0) return `0 of ${total}`;
  return `${offset + 1}–${offset + shown} of ${total}`;
}
