// The staff accounts' two-step sign-in set-up for the dashboard page, and issuing a new link.

import { staffSetUpLinkIssue, staffSetUpList } from '../../../schema/staff-endpoints.ts';
import type { IssuedSetUpLink, StaffSetUpStatus } from '../../../schema/staff-setup-api.ts';
import { request } from '../../lib/api-client.ts';

export function loadStaffSetUp(signal?: AbortSignal): Promise<StaffSetUpStatus[]> {
  return request(staffSetUpList, { signal });
}

export function issueSetUpLink(id: string): Promise<IssuedSetUpLink> {
  return request(staffSetUpLinkIssue, { params: { id } });
}
