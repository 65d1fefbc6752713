// The enrolment desk's fields of one scheme (decision 088): a reason from the list that goes with
// the chosen status, what the reason needs (provider number and effective date, the scheme's
// reason), a follow-up day, an owner, a staff-only note and whether the hard copies arrived.

import {
  ENROLMENT_REASON_RULES,
  ENROLMENT_REASONS,
  type EnrolmentReason,
} from '../../../schema/enrolment.ts';
import type { StaffMember } from '../../../schema/enrolment-api.ts';
import type { SchemeStatus } from '../../../schema/submission-api.ts';
import { Field, inputClass } from '../../ui/field.tsx';
import { OwnerSelect, ProviderNumberFields, ReasonSelect } from './enrolment-controls.tsx';

export type EnrolmentDraft = {
  reason: EnrolmentReason | '';
  providerNumber: string;
  effectiveDate: string;
  reasonDetail: string;
  followUpOn: string;
  ownerId: string;
  internalNotes: string;
  hardCopiesReceived: boolean;
};

/** The reasons that go with a status, for its select. */
export function reasonsFor(status: SchemeStatus): EnrolmentReason[] {
  return ENROLMENT_REASONS.filter((r) => ENROLMENT_REASON_RULES[r].statuses.includes(status));
}

export function EnrolmentFields({
  status,
  draft,
  staff,
  onChange,
}: {
  status: SchemeStatus;
  draft: EnrolmentDraft;
  staff: readonly StaffMember[];
  onChange: (next: Partial<EnrolmentDraft>) => void;
}) {
  const reasons = reasonsFor(status);
  return (
    <>
      <Field label="Reason" optional>
        <ReasonSelect
          reasons={reasons}
          first="No reason given"
          value={draft.reason}
          onChange={(e) => onChange({ reason: e.target.value as EnrolmentReason | '' })}
        />
      </Field>
      {draft.reason === 'provider_number_issued' && (
        <ProviderNumberFields
          providerNumber={draft.providerNumber}
          effectiveDate={draft.effectiveDate}
          onChange={onChange}
        />
      )}
      {(draft.reason === 'scheme_rejected' || draft.reason === 'more_information_needed') && (
        <Field
          label={
            draft.reason === 'scheme_rejected' ? "The scheme's reason" : 'What the scheme asks'
          }
          className="sm:col-span-2"
        >
          <input
            value={draft.reasonDetail}
            maxLength={500}
            onChange={(e) => onChange({ reasonDetail: e.target.value })}
            className={inputClass}
          />
        </Field>
      )}
      <Field label="Follow up on" optional>
        <input
          type="date"
          value={draft.followUpOn}
          onChange={(e) => onChange({ followUpOn: e.target.value })}
          className={inputClass}
        />
      </Field>
      <Field label="Owner" optional>
        <OwnerSelect
          staff={staff}
          first="Nobody yet"
          value={draft.ownerId}
          onChange={(e) => onChange({ ownerId: e.target.value })}
        />
      </Field>
      <Field label="Internal note (staff only)" optional className="sm:col-span-2">
        <textarea
          rows={2}
          maxLength={2000}
          value={draft.internalNotes}
          onChange={(e) => onChange({ internalNotes: e.target.value })}
          className={inputClass}
        />
      </Field>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="checkbox"
          checked={draft.hardCopiesReceived}
          onChange={(e) => onChange({ hardCopiesReceived: e.target.checked })}
          className="size-5 accent-teal-700"
        />
        Hard copies received
      </label>
    </>
  );
}
