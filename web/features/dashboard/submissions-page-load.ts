// The all-submissions route's read: one page of the list under the address's filter.
// The practices it can be narrowed to come with it (decision 127).
import type { StaffPracticeList } from '../../../schema/practice-admin-api.ts';
import { loadPractices } from '../practice-desk/practice-desk-api.ts';
import { PAGE_SIZE, parseListSearch } from './list-search.ts';
import { fetchSubmissions, type Settled, type SubmissionPage, settle } from './staff-api.ts';

export async function loadSubmissionPage(
  search: Record<string, unknown>,
  signal: AbortSignal,
): Promise<{ page: Settled<SubmissionPage>; practices: Settled<StaffPracticeList> }> {
  const { q, status, review, practiceId, cursor } = parseListSearch(search);
  const [page, practices] = await Promise.all([
    settle(fetchSubmissions({ limit: PAGE_SIZE, cursor, q, status, review, practiceId }, signal)),
    loadPractices(signal),
  ]);
  return { page, practices };
}
