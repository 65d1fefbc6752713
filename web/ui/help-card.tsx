// The 'Need Help' card of the tracking and lookup pages: the support e-mail, pre-filled per
// docs/product.md#who-it-is-for, and the tracking token when there is one.
import type { ReactNode } from 'react';
import { usePublicConfig } from '../lib/public-config.ts';
import { supportMailto } from '../lib/support-mail.ts';
import { Card, CardTitle } from './card.tsx';
import { MailIcon } from './icons.tsx';

export function HelpCard({ token, children }: { token?: string; children?: ReactNode }) {
  // Read here, not by the page: the details settle after hydration, and only this card re-renders.
  const { supportEmail } = usePublicConfig();
  const href = supportMailto(supportEmail, token ? [`Tracking token: ${token}`] : []);
  return (
    <Card aria-labelledby="need-help-title">
      <CardTitle id="need-help-title">Need Help</CardTitle>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
        Questions about your application? E-mail our support team
        {token ? ' and quote your tracking token.' : '.'}
      </p>
      <a
        href={href}
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md font-medium break-all text-teal-800 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
      >
        <MailIcon className="shrink-0" />
        {supportEmail}
      </a>
      {children}
    </Card>
  );
}
