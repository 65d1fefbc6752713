// The scheme forms the practitioner filled from their profile and signed on the phone (decision
// 092): a list of their own beside the documents, never one of the spec's document sections.
// Each opens like a document, through a short-lived link.
import type { StaffSignedSchemeForms } from '../../../schema/scheme-forms-api.ts';
import { formatDate, formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { AccountCheck } from './account-check.tsx';
import { ProfileChanges } from './profile-changes.tsx';
import { SigningStopReview } from './signing-stop-review.tsx';
import type { Settled } from './staff-api.ts';

export function SignedSchemeFormsCard({
  id,
  read,
}: {
  id: string;
  read: Settled<StaffSignedSchemeForms>;
}) {
  if (read.ok && read.data.forms.length === 0 && read.data.changes.length === 0) return null;
  return (
    <Card aria-labelledby="signed-forms-title">
      <CardTitle id="signed-forms-title">
        {read.ok && read.data.forms.length === 0
          ? 'Details for the scheme forms'
          : `Signed scheme forms${read.ok ? ` (${read.data.forms.length})` : ''}`}
      </CardTitle>
      {!read.ok ? (
        <div className="mt-3">
          <Alert tone="error">The signed forms could not be listed. Reload to try again.</Alert>
        </div>
      ) : (
        <>
          {read.data.stop && <SigningStopReview id={id} stop={read.data.stop} />}
          {read.data.account && <AccountCheck id={id} account={read.data.account} />}
          {read.data.attestation && (
            <p
              className={`mt-3 text-sm ${read.data.attestation.due ? 'font-medium text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}`}
            >
              Details last confirmed by the practitioner on{' '}
              {formatDate(read.data.attestation.lastConfirmedAt)}
              {read.data.attestation.due
                ? `: overdue since ${formatDate(read.data.attestation.dueOn)}`
                : `; next due ${formatDate(read.data.attestation.dueOn)}`}
            </p>
          )}
          <ProfileChanges changes={read.data.changes} />
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {read.data.forms.map((form) => (
              <li key={form.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">{form.schemeName}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {form.fileName} · signed{' '}
                    <time dateTime={isoDateTime(form.signedAt)}>
                      {formatDateTime(form.signedAt)}
                    </time>{' '}
                    · profile version {form.profileVersion}
                  </p>
                  <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-300">
                    SHA-256 {form.sha256}
                  </p>
                </div>
                {form.downloadUrl ? (
                  <a
                    href={form.downloadUrl}
                    className={buttonClass('secondary')}
                    download={form.fileName}
                    aria-label={`Download the signed ${form.schemeName} form`}
                  >
                    Download
                  </a>
                ) : (
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {read.data.stop
                      ? 'Stopped by the practitioner'
                      : read.data.account?.checked
                        ? 'Signed with other bank details: ask the practitioner to sign again'
                        : 'Download after the account check'}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
