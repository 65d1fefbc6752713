// The second step of the staff sign-in (decision 070): the authenticator app's code, after
// setting the app up when the account has no MFA yet. The secret is shown as a QR code to scan,
// as text to type and as an otpauth link a phone opens in its authenticator app.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TotpEnrolment } from '../../../schema/session-api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { linkClass } from './auth-layout.tsx';
import { groupedSecret, validateCode } from './login-form.ts';

export function LoginCodeStep({
  email,
  enrolment,
  failure,
  submitting,
  onCode,
  onBack,
}: {
  email: string;
  enrolment?: TotpEnrolment;
  failure: string | null;
  submitting: boolean;
  onCode: (totp: string) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateCode(code);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    onCode(checked.totp);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {enrolment ? (
        <section aria-labelledby="enrol-heading" className="space-y-3 text-sm">
          <h2 id="enrol-heading" className="text-lg font-semibold">
            Set up two-step sign-in
          </h2>
          <p>
            Staff accounts need a code from an authenticator app (for example Google Authenticator
            or Microsoft Authenticator) as well as the password. Add {email} to the app once:
          </p>
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              Scan this code with the app:
              <span className="mt-2 block">
                <QrCode
                  text={enrolment.uri}
                  label="QR code to add this account to an authenticator app"
                />
              </span>
              Or, on the phone with the app,{' '}
              <a href={enrolment.uri} className={linkClass}>
                open this account in your authenticator app
              </a>
              , or choose "Enter a setup key" in the app and type this key:
              <code className="mt-1 block rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wide break-all dark:bg-slate-800">
                {groupedSecret(enrolment.secret)}
              </code>
            </li>
            <li>Enter the 6-digit code the app now shows.</li>
          </ol>
          <p className="text-slate-600 dark:text-slate-300">
            The key is shown only now. Keep it to yourself.
          </p>
        </section>
      ) : (
        <p className="text-sm">Enter the 6-digit code from your authenticator app for {email}.</p>
      )}
      <Field
        label="Authentication code"
        error={error}
        hint={enrolment ? undefined : 'Lost your phone? Enter one of your recovery codes instead.'}
      >
        <input
          ref={input}
          type="text"
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className={inputClass}
        />
      </Field>
      <Button type="submit" isDisabled={submitting} className="w-full">
        {submitting ? 'Checking...' : 'Verify code'}
      </Button>
      <div className="text-center">
        <Button variant="ghost" onPress={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}

/** Shown once, after the sign-in that set up MFA: the recovery codes, then on to the dashboard. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-heading" className="space-y-4 text-sm">
      <h2 id="recovery-heading" className="text-lg font-semibold">
        Save your recovery codes
      </h2>
      <p>
        Two-step sign-in is set up. If you lose your phone, each of these codes signs you in once
        instead of the app's code. Keep them somewhere safe: they are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
            {code}
          </li>
        ))}
      </ol>
      <Button onPress={onDone} className="w-full">
        I have saved them, continue
      </Button>
    </section>
  );
}
