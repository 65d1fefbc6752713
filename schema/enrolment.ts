// The enrolment desk's managed list (decision 088): why a scheme enrolment stands where it
// stands. The spec's four scheme statuses stay; each reason belongs to the statuses it may go
// with, and some need a detail before they can be saved.
/** The spec's four scheme statuses (docs/product.md#states). */
export const SCHEME_STATUSES = ['approved', 'pending', 'rejected', 'not_started'] as const;
type SchemeStatusName = (typeof SCHEME_STATUSES)[number];

export const ENROLMENT_REASONS = [
  'provider_number_issued',
  'submitted_to_scheme',
  'more_information_needed',
  'waiting_on_practitioner',
  'practitioner_answered',
  'scheme_rejected',
  'withdrawn',
] as const;
export type EnrolmentReason = (typeof ENROLMENT_REASONS)[number];

export const ENROLMENT_REASON_RULES: Record<
  EnrolmentReason,
  { label: string; statuses: readonly SchemeStatusName[] }
> = {
  provider_number_issued: { label: 'Provider number issued', statuses: ['approved'] },
  submitted_to_scheme: { label: 'Submitted to the scheme', statuses: ['pending'] },
  more_information_needed: { label: 'More information needed', statuses: ['pending'] },
  waiting_on_practitioner: { label: 'Waiting on the practitioner', statuses: ['pending'] },
  practitioner_answered: { label: 'The practitioner answered', statuses: ['pending'] },
  scheme_rejected: { label: "The scheme's reason", statuses: ['rejected'] },
  withdrawn: { label: 'Withdrawn', statuses: ['rejected', 'not_started'] },
};

/** The enrolment as the rules see it: its status, reason and the details a reason needs. */
export type EnrolmentState = {
  status: SchemeStatusName;
  reason: EnrolmentReason | null;
  providerNumber: string | null;
  effectiveDate: string | null;
  reasonDetail: string | null;
};

/** What is wrong with an enrolment, field by field, in words staff can act on; empty if fine. */
export function enrolmentProblems(state: EnrolmentState): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!state.reason) return problems;
  const rule = ENROLMENT_REASON_RULES[state.reason];
  if (!rule.statuses.includes(state.status)) {
    problems.reason = `'${rule.label}' does not go with this status`;
    return problems;
  }
  if (state.reason === 'provider_number_issued') {
    if (!state.providerNumber) problems.providerNumber = "Enter the scheme's provider number";
    if (!state.effectiveDate) problems.effectiveDate = 'Enter the date the approval takes effect';
  }
  if (state.reason === 'scheme_rejected' && !state.reasonDetail) {
    problems.reasonDetail = "Enter the scheme's reason";
  }
  return problems;
}
