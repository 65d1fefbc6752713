// The forms signed and sent with the application: a list of their own, apart from the spec's
// document sections (they count towards no section or progress figure).
import type { SignedSchemeForm } from '../../../schema/scheme-forms-api.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';

export function SignedForms({ forms }: { forms: SignedSchemeForm[] }) {
  return (
    <>
      <Alert tone="success" title="Your forms are signed and sent">
        Our team has them with your application, as documents of their own.
      </Alert>
      <Card aria-labelledby="signed-forms-title">
        <CardTitle id="signed-forms-title">Signed scheme forms</CardTitle>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {forms.map((form) => (
            <li key={form.id} className="py-2">
              <p className="font-medium">{form.schemeName}</p>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {form.fileName} · signed{' '}
                <time dateTime={isoDateTime(form.signedAt)}>{formatDate(form.signedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
