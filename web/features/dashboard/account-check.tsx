// The bank details the practitioner's signed forms carry, for staff to compare with the bank
// letter they reviewed before any signed form goes out (decision 107). Recording the check opens
// the downloads; a later change of bank details on the phone closes them again.
import type { StaffAccountCheck } from '../../../schema/scheme-forms-api.ts';
import { accountCheck } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { useReviewAction } from './use-review-action.ts';

export const ACCOUNT_CHECK_STATEMENT =
  'The account number and holder match the bank letter I reviewed, and the holder is the practitioner or the practice.';

export function AccountCheck({ id, account }: { id: string; account: StaffAccountCheck }) {
  const { busy, run } = useReviewAction();
  const rows: [string, string][] = [
    ['Account holder', account.accountHolder],
    ['Bank', account.bankName],
    ['Branch code', account.branchCode],
    ['Account number', account.accountNumber],
    ['Account type', account.accountType],
  ];
  return (
    <section aria-labelledby="account-check-title" className="mt-3 space-y-3">
      <h3 id="account-check-title" className="font-medium">
        Bank details on the signed forms (profile version {account.profileVersion})
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="font-mono break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {account.checked ? (
        <Alert tone="success">
          Account checked{' '}
          <time dateTime={isoDateTime(account.checked.at)}>
            {formatDateTime(account.checked.at)}
          </time>
          . The signed forms can be downloaded.
        </Alert>
      ) : (
        <>
          <Alert tone="warning">
            Compare these details with the bank letter before any signed form goes out. The forms
            can be downloaded once the check is recorded.
          </Alert>
          <p className="text-sm">By recording the check you confirm: {ACCOUNT_CHECK_STATEMENT}</p>
          <Button
            variant="secondary"
            isDisabled={busy}
            onPress={() =>
              run(
                () =>
                  request(accountCheck, {
                    params: { id },
                    body: { profileVersion: account.profileVersion },
                  }),
                { title: 'Account check recorded', description: ACCOUNT_CHECK_STATEMENT },
              )
            }
          >
            Record the account check
          </Button>
        </>
      )}
    </section>
  );
}
