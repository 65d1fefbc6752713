// Each selected scheme's status, notes and hard-copy flag, and the enrolment desk's fields
// (reason, follow-up, owner, internal note, hard copies received, history), saved one scheme at
// a time.
import { type FormEvent, useState } from 'react';
import type { StaffEnrolment, StaffMember } from '../../../schema/enrolment-api.ts';
import { schemeStatusChange } from '../../../schema/staff-endpoints.ts';
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import type { SchemeStatus } from '../../../schema/submission-api.ts';
import { request } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { SchemeStatusSelect } from '../statuses/scheme-status-select.tsx';
import { schemeStatusView } from '../statuses/status-labels.ts';
import { type EnrolmentDraft, EnrolmentFields, reasonsFor } from './enrolment-fields.tsx';
import { EnrolmentHistory } from './enrolment-history.tsx';
import { PractitionerRequest } from './practitioner-request.tsx';
import { SCHEME_STATUSES } from './presentation.ts';
import { useReviewAction } from './use-review-action.ts';

export function SchemesCard({ data }: { data: StaffSubmissionDetail }) {
  return (
    <Card aria-labelledby="schemes-title">
      <CardTitle id="schemes-title">
        Medical Aid Schemes ({data.medicalAidStatuses.length})
      </CardTitle>
      {data.medicalAidStatuses.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No schemes selected.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data.medicalAidStatuses.map((scheme) => (
            <SchemeRow
              key={`${scheme.id}:${scheme.lastUpdated}`}
              submissionId={data.submission.id}
              scheme={scheme}
              enrolment={data.enrolments.find((e) => e.statusId === scheme.id)}
              staff={data.staff}
              documents={data.documents}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function draftOf(enrolment: StaffEnrolment | undefined): EnrolmentDraft {
  return {
    reason: enrolment?.reason ?? '',
    providerNumber: enrolment?.providerNumber ?? '',
    effectiveDate: enrolment?.effectiveDate ?? '',
    reasonDetail: enrolment?.reasonDetail ?? '',
    followUpOn: enrolment?.followUpOn ?? '',
    ownerId: enrolment?.ownerId ?? '',
    internalNotes: enrolment?.internalNotes ?? '',
    hardCopiesReceived: enrolment?.hardCopiesReceived ?? false,
  };
}

/** The draft as the API takes it: empty texts are cleared (null). */
function enrolmentBody(draft: EnrolmentDraft) {
  const orNull = (v: string) => v.trim() || null;
  return {
    reason: draft.reason || null,
    providerNumber: orNull(draft.providerNumber),
    effectiveDate: orNull(draft.effectiveDate),
    reasonDetail: orNull(draft.reasonDetail),
    followUpOn: orNull(draft.followUpOn),
    ownerId: orNull(draft.ownerId),
    internalNotes: orNull(draft.internalNotes),
    hardCopiesReceived: draft.hardCopiesReceived,
  };
}

function SchemeRow({
  submissionId,
  scheme,
  enrolment,
  staff,
  documents,
}: {
  submissionId: string;
  scheme: StaffSubmissionDetail['medicalAidStatuses'][number];
  enrolment: StaffEnrolment | undefined;
  staff: readonly StaffMember[];
  documents: StaffSubmissionDetail['documents'];
}) {
  const [status, setStatus] = useState<SchemeStatus>(scheme.status);
  const [notes, setNotes] = useState(scheme.notes ?? '');
  const [hardCopy, setHardCopy] = useState(scheme.requiresHardCopy);
  const [draft, setDraft] = useState(() => draftOf(enrolment));
  const { busy: saving, run } = useReviewAction();
  const dirty =
    status !== scheme.status ||
    notes.trim() !== (scheme.notes ?? '') ||
    hardCopy !== scheme.requiresHardCopy ||
    JSON.stringify(enrolmentBody(draft)) !== JSON.stringify(enrolmentBody(draftOf(enrolment)));
  const badge = schemeStatusView[scheme.status];

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(
      () =>
        request(schemeStatusChange, {
          params: { id: submissionId, statusId: scheme.id },
          body: {
            status,
            notes: notes.trim() || null,
            requiresHardCopy: hardCopy,
            ...enrolmentBody(draft),
          },
        }),
      {
        title: 'Scheme updated',
        description: `${scheme.medicalAidName}: ${schemeStatusView[status].label}`,
      },
    );
  }

  return (
    <li
      aria-label={scheme.medicalAidName}
      className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <form onSubmit={save}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-medium">{scheme.medicalAidName}</h3>
          <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            updated {formatDate(scheme.lastUpdated)}
          </span>
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field label="Scheme status">
            <SchemeStatusSelect
              statuses={SCHEME_STATUSES}
              value={status}
              onChange={(e) => {
                const next = e.target.value as SchemeStatus;
                setStatus(next);
                // A reason that does not go with the new status is dropped.
                if (draft.reason && !reasonsFor(next).includes(draft.reason)) {
                  setDraft((d) => ({ ...d, reason: '' }));
                }
              }}
            />
          </Field>
          <label className="flex min-h-11 items-center gap-3 self-end text-sm">
            <input
              type="checkbox"
              checked={hardCopy}
              onChange={(e) => setHardCopy(e.target.checked)}
              className="size-5 accent-teal-700"
            />
            Certified hard copy required
          </label>
          <EnrolmentFields
            status={status}
            draft={draft}
            staff={staff}
            onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
          />
          <Field label="Notes (shown to the practitioner)" className="sm:col-span-2">
            <textarea
              rows={2}
              maxLength={1000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="mt-3 flex justify-end">
          <Button
            type="submit"
            isDisabled={!dirty || saving}
            aria-label={`Save ${scheme.medicalAidName}`}
          >
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
      <PractitionerRequest
        statusId={scheme.id}
        schemeName={scheme.medicalAidName}
        last={enrolment?.request ?? null}
        documents={documents}
      />
      <EnrolmentHistory history={enrolment?.history ?? []} staff={staff} />
    </li>
  );
}
