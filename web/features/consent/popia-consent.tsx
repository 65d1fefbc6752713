// The POPIA consent control (docs/product.md#screens-and-routes, #states): ticking it records the
// consent on the client
// (timestamp, terms version, user agent); unticking withdraws it.
import { useId } from 'react';
import { TERMS_VERSION } from '../../../schema/terms-version.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';

export type ConsentRecord = { timestamp: string; termsVersion: string; userAgent: string };

export function recordConsent(): ConsentRecord {
  return {
    timestamp: new Date().toISOString(),
    termsVersion: TERMS_VERSION,
    userAgent: navigator.userAgent.slice(0, 512),
  };
}

export function PopiaConsent({
  id,
  consent,
  onChange,
}: {
  /** The checkbox's id, for links to it. */
  id?: string;
  consent: ConsentRecord | null;
  onChange: (consent: ConsentRecord | null) => void;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>POPIA Consent</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        We process your personal information only to register you with the schemes you choose, as
        set out in the{' '}
        <a
          href="/legal"
          target="_blank"
          rel="noopener"
          className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300"
        >
          Terms &amp; Conditions and POPIA Consent (opens in a new tab)
        </a>
        .
      </p>
      <Checkbox
        id={id}
        className="mt-2"
        checked={consent !== null}
        onChange={(e) => onChange(e.currentTarget.checked ? recordConsent() : null)}
      >
        I have read and accept the Terms &amp; Conditions, and I consent to the processing of my
        personal information in accordance with POPIA.
      </Checkbox>
      <p aria-live="polite" className="mt-1 text-sm font-medium text-green-800 dark:text-green-300">
        {consent ? 'Consent recorded.' : ''}
      </p>
    </Card>
  );
}
