// Who applied and for which practice, as the submission recorded it.
import type { ReactNode } from 'react';
import { formatSaPhone, isSaMobile } from '../../../schema/practitioner-numbers.ts';
import { practitionerDataExport } from '../../../schema/staff-endpoints.ts';
import type { StaffSubmissionDetail } from '../../../schema/staff-review-api.ts';
import { urlOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { buttonClass } from '../../ui/button-class.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { practiceTypeLabel } from '../statuses/status-labels.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-1.5">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function DetailsCard({ data }: { data: StaffSubmissionDetail }) {
  const { practitioner: p, submission: s, consent } = data;
  const prefs = s.contractPreferences;
  return (
    <Card aria-labelledby="details-title">
      <CardTitle id="details-title">Practitioner and practice</CardTitle>
      <dl className="mt-2">
        <Detail label="Name">
          {p.firstName} {p.lastName}
        </Detail>
        <Detail label="SA ID number">{p.idNumber || 'Not given'}</Detail>
        <Detail label="Email">
          <a href={`mailto:${p.email}`} className="underline underline-offset-2">
            {p.email}
          </a>
        </Detail>
        <Detail label="Phone">
          <a href={`tel:${p.phone}`} className="underline underline-offset-2">
            {formatSaPhone(p.phone)}
          </a>
          {isSaMobile(p.phone) && ' (mobile)'}
        </Detail>
        <Detail label="Specialization">{p.specialization}</Detail>
        <Detail label="Practice type">{practiceTypeLabel(s.practiceType)}</Detail>
        {s.practiceNumber && <Detail label="Practice number (PCNS)">{s.practiceNumber}</Detail>}
        {s.hpcsaNumber && <Detail label="HPCSA number">{s.hpcsaNumber}</Detail>}
        {prefs && (
          <Detail label="Contract preferences">
            Keep: {yesNo(prefs.keep)} · Review: {yesNo(prefs.review)} · Cancel:{' '}
            {yesNo(prefs.cancel)} · Learn more: {yesNo(prefs.learnMore)}
          </Detail>
        )}
        {s.interestedInContracts !== null && (
          <Detail label="Needs help with contract negotiations">
            {yesNo(s.interestedInContracts)}
          </Detail>
        )}
        <Detail label="Additional notes">{s.additionalNotes || 'None'}</Detail>
        <Detail label="Reference">
          <span className="font-mono whitespace-nowrap">{s.reference}</span>
        </Detail>
        <Detail label="Tracking token">
          <code className="block overflow-x-auto whitespace-nowrap">{s.trackingToken}</code>
        </Detail>
        <Detail label="POPIA consent">
          {consent
            ? `Terms ${consent.termsVersion}, given ${formatDateTime(consent.consentedAt)}`
            : 'No consent record'}
        </Detail>
      </dl>
      {/* POPIA access request: every stored row about this practitioner and links to their
          files, as a JSON file; the server audits each export (decision 071). */}
      <a
        href={urlOf(practitionerDataExport, { params: { id: p.id } })}
        download
        className={buttonClass('secondary', 'mt-3 w-full')}
      >
        Export all data held about this practitioner
      </a>
    </Card>
  );
}
