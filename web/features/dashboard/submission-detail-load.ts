// The submission page's read.
import type { StaffSubmissionDetail } from '../../../schema/api.ts';
import { submissionDetail } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { type Settled, settle } from './staff-api.ts';

export function loadSubmission(
  id: string,
  signal: AbortSignal,
): Promise<Settled<StaffSubmissionDetail>> {
  return settle(request(submissionDetail, { params: { id }, signal }));
}
