// The 'Where time goes' page's read (decision 088).
import type { EnrolmentTimes } from '../../../schema/enrolment-api.ts';
import { enrolmentTimesRead } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { type Settled, settle } from '../dashboard/staff-api.ts';

export function loadEnrolmentTimes(signal: AbortSignal): Promise<Settled<EnrolmentTimes>> {
  return settle(request(enrolmentTimesRead, { signal }));
}
