// The submission page's read: the submission, and the scheme forms its practitioner filled and
// signed (decision 092), side by side. The signed forms come with their own download links; a
// failure to list them leaves the review page whole (the card says so). The practice it came
// through, if any (decision 127), is read beside them.

import type { SubmissionPractice } from '../../../schema/practice-admin-api.ts';
import type { StaffSignedSchemeForms } from '../../../schema/scheme-forms-api.ts';
import { signedSchemeFormList, submissionDetail } from '../../../schema/staff-endpoints.ts';
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import { request } from '../../lib/api-client.ts';
import { loadSubmissionPractice } from '../practice-desk/practice-desk-api.ts';
import { type Settled, settle } from './staff-api.ts';

export type SubmissionDetailRead = StaffSubmissionDetail & {
  signedSchemeForms: Settled<StaffSignedSchemeForms>;
  practice: Settled<SubmissionPractice>;
};

export async function loadSubmission(
  id: string,
  signal: AbortSignal,
): Promise<Settled<SubmissionDetailRead>> {
  const [detail, signedSchemeForms, practice] = await Promise.all([
    settle(request(submissionDetail, { params: { id }, signal })),
    settle(request(signedSchemeFormList, { params: { id }, signal })),
    loadSubmissionPractice(id, signal),
  ]);
  return detail.ok ? { ok: true, data: { ...detail.data, signedSchemeForms, practice } } : detail;
}
