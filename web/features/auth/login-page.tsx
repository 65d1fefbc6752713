// /dashboard/login (docs/product.md#screens-and-routes, #states, #validation, #errors).
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import type { LoginRequest, TotpEnrolment } from '../../../schema/session-api.ts';
import { login } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { mountToastRegion, toast } from '../../ui/toast.tsx';
import { AuthLayout, linkClass } from './auth-layout.tsx';
import { LoginCodeStep, RecoveryCodes } from './login-code-step.tsx';
import {
  dashboardRedirectUrl,
  LOGIN_REDIRECT_DELAY_MS,
  type LoginFieldErrors,
  loginErrorMessage,
  nextStepOf,
  validateLogin,
} from './login-form.ts';

/** docs/product.md#screens-and-routes: someone already signed in goes straight to the dashboard. */
function SignedInRedirect({ submitting }: { submitting: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === 'authenticated' && !submitting)
      void navigate({ to: '/dashboard', replace: true });
  }, [session.status, submitting, navigate]);
  return null;
}

function welcome(email: string) {
  toast({ title: 'Welcome back!', description: `Logged in as ${email}` });
  // docs/product.md#screens-and-routes: a full page load, so the header and guard start from
  // the new session.
  setTimeout(() => {
    window.location.href = dashboardRedirectUrl(Date.now());
  }, LOGIN_REDIRECT_DELAY_MS);
}

/** Password first, then the code step (decision 070); after enrolment, the recovery codes. */
type Stage =
  | { stage: 'password' }
  | { stage: 'code'; enrolment?: TotpEnrolment }
  | { stage: 'recovery'; codes: string[]; email: string };

const route = getRouteApi('/dashboard/login');

export function LoginPage() {
  const navigate = useNavigate();
  // The one-time set-up link's code goes with every sign-in of this page (issue 25).
  const { enrol } = route.useSearch();
  const withEnrolment = (body: LoginRequest): LoginRequest =>
    enrol ? { ...body, enrolmentCode: enrol } : body;
  const { supportEmail, bureauName } = usePublicConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [stage, setStage] = useState<Stage>({ stage: 'password' });
  // Mounted before the sign-in, so 'Welcome back!' shows before the redirect takes the page.
  useEffect(mountToastRegion, []);

  async function signIn(body: LoginRequest) {
    setFailure(null);
    setSubmitting(true);
    try {
      const result = await request(login, { body: withEnrolment(body) });
      if (result.recoveryCodes) {
        setStage({ stage: 'recovery', codes: result.recoveryCodes, email: result.user.email });
        setSubmitting(false);
        return;
      }
      welcome(result.user.email);
    } catch (error) {
      const next = nextStepOf(error);
      if (next.step === 'failed') setFailure(next.message);
      else if (next.step === 'enrol') setStage({ stage: 'code', enrolment: next.enrolment });
      else if (stage.stage === 'password') setStage({ stage: 'code' });
      // The server asked again for a code it was sent: say so on the code step.
      else setFailure(loginErrorMessage(error));
      setSubmitting(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateLogin({ email, password });
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    void signIn(checked.value);
  }

  const title = `${bureauName} Admin Dashboard`;
  if (stage.stage === 'recovery') {
    return (
      <AuthLayout title={title} subtitle="Staff sign in">
        <RecoveryCodes codes={stage.codes} onDone={() => welcome(stage.email)} />
      </AuthLayout>
    );
  }
  if (stage.stage === 'code') {
    return (
      <AuthLayout title={title} subtitle="Staff sign in">
        <LoginCodeStep
          email={email.trim()}
          enrolment={stage.enrolment}
          failure={failure}
          submitting={submitting}
          onCode={(totp) => void signIn({ email: email.trim(), password, totp })}
          onBack={() => {
            setFailure(null);
            setStage({ stage: 'password' });
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} subtitle="Staff sign in">
      <Suspense fallback={null}>
        <SignedInRedirect submitting={submitting} />
      </Suspense>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {enrol && !failure && (
          <Alert tone="info">
            This is your one-time link to set up two-step sign-in. Log in with your e-mail and
            password, then add the account to your authenticator app.
          </Alert>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Email" error={fieldErrors.email}>
          <input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field label="Password" error={fieldErrors.password}>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Button type="submit" isDisabled={submitting} className="w-full">
          {submitting ? 'Logging in...' : 'Log in'}
        </Button>
        <div className="text-center">
          <Button
            variant="ghost"
            onPress={() => void navigate({ to: '/dashboard/forgot-password' })}
          >
            Forgot password?
          </Button>
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Need help signing in? Contact{' '}
        <a href={`mailto:${supportEmail}`} className={linkClass}>
          {supportEmail}
        </a>
      </p>
    </AuthLayout>
  );
}
