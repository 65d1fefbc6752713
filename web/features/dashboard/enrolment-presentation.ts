// How the enrolment desk's values read to staff (decision 088).

import { ENROLMENT_REASON_RULES, type EnrolmentReason } from '../../../schema/enrolment.ts';
import type { StaffMember } from '../../../schema/enrolment-api.ts';
import { SCHEME_STATUS_LABEL } from '../../../schema/status-labels.ts';
import type { SchemeStatus } from '../../../schema/submission-api.ts';

const FIELD_LABEL: Record<string, string> = {
  status: 'Status',
  notes: 'Note for the practitioner',
  requiresHardCopy: 'Certified hard copy required',
  reason: 'Reason',
  providerNumber: 'Provider number',
  effectiveDate: 'Effective date',
  reasonDetail: 'Reason detail',
  followUpOn: 'Follow up on',
  ownerId: 'Owner',
  internalNotes: 'Internal note',
  hardCopiesReceived: 'Hard copies received',
};

function valueText(field: string, value: unknown, staff: readonly StaffMember[]): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'status') return SCHEME_STATUS_LABEL[value as SchemeStatus] ?? String(value);
  if (field === 'reason')
    return ENROLMENT_REASON_RULES[value as EnrolmentReason]?.label ?? String(value);
  if (field === 'ownerId')
    return staff.find((m) => m.id === value)?.email ?? 'a former staff member';
  return String(value);
}

/** One line per changed field: 'Status: Pending → Approved'. */
export function describeEnrolmentChange(
  changes: Record<string, readonly [unknown, unknown]>,
  staff: readonly StaffMember[],
): string[] {
  return Object.entries(changes).map(
    ([field, [from, to]]) =>
      `${FIELD_LABEL[field] ?? field}: ${valueText(field, from, staff)} → ${valueText(field, to, staff)}`,
  );
}
