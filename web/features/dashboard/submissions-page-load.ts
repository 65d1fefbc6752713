// The all-submissions route's read: one page of the list under the address's filter.
import { PAGE_SIZE, parseListSearch } from './list-search.ts';
import { fetchSubmissions, type Settled, type SubmissionPage, settle } from './staff-api.ts';

export function loadSubmissionPage(
  search: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Settled<SubmissionPage>> {
  const { q, status, review, cursor } = parseListSearch(search);
  return settle(fetchSubmissions({ limit: PAGE_SIZE, cursor, q, status, review }, signal));
}
