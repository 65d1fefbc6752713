// The work queue's read and its bulk change (decision 088), from the address's filter.
import type {
  BulkEnrolmentChangeRequest,
  WorkQueue,
  WorkQueueQuery,
} from '../../../schema/enrolment-api.ts';
import { workQueueQuery } from '../../../schema/enrolment-api.ts';
import { bulkEnrolmentChange, workQueueRead } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { type Settled, settle } from '../dashboard/staff-api.ts';

/** What of the address is a valid filter; the rest is dropped. 'Everyone' unless 'mine'. */
export function parseQueueSearch(search: Record<string, unknown>): WorkQueueQuery {
  const parsed = workQueueQuery.safeParse(
    Object.fromEntries(Object.entries(search).filter(([, v]) => v !== '' && v !== undefined)),
  );
  return parsed.success ? parsed.data : {};
}

export function loadWorkQueue(
  search: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Settled<WorkQueue>> {
  return settle(request(workQueueRead, { query: parseQueueSearch(search), signal }));
}

export function changeInBulk(body: BulkEnrolmentChangeRequest) {
  return request(bulkEnrolmentChange, { body });
}
