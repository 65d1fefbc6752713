// One provider number per selected enrolment (issue 40): schemes issue one per practitioner, so
// a bulk approval asks for each practitioner's own, with one effective date for them all.
import type { WorkQueueItem } from '../../../schema/enrolment-api.ts';
import { Field, inputClass } from '../../ui/field.tsx';

export function BulkProviderNumbers({
  enrolments,
  providerNumbers,
  effectiveDate,
  onProviderNumber,
  onEffectiveDate,
}: {
  enrolments: WorkQueueItem[];
  providerNumbers: Record<string, string>;
  effectiveDate: string;
  onProviderNumber: (statusId: string, providerNumber: string) => void;
  onEffectiveDate: (effectiveDate: string) => void;
}) {
  return (
    <fieldset className="col-span-full grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-1 text-sm font-semibold">Each practitioner's provider number</legend>
      {enrolments.map((e) => (
        <Field key={e.statusId} label={`Provider number: ${e.practitionerName}, ${e.schemeName}`}>
          <input
            value={providerNumbers[e.statusId] ?? ''}
            maxLength={40}
            autoComplete="off"
            onChange={(event) => onProviderNumber(e.statusId, event.target.value)}
            className={inputClass}
          />
        </Field>
      ))}
      <Field label="Effective date">
        <input
          type="date"
          value={effectiveDate}
          onChange={(event) => onEffectiveDate(event.target.value)}
          className={inputClass}
        />
      </Field>
    </fieldset>
  );
}
