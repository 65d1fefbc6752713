// /dashboard/login (docs/product.md#screens-and-routes, #states, #validation, #errors).
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import { login } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { mountToastRegion, toast } from '../../ui/toast.tsx';
import { AuthLayout, linkClass } from './auth-layout.tsx';
import {
  dashboardRedirectUrl,
  LOGIN_REDIRECT_DELAY_MS,
  type LoginFieldErrors,
  loginErrorMessage,
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

export function LoginPage() {
  const navigate = useNavigate();
  const { supportEmail, bureauName } = usePublicConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Mounted before the sign-in, so 'Welcome back!' shows before the redirect takes the page.
  useEffect(mountToastRegion, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateLogin({ email, password });
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const result = await request(login, { body: checked.value });
      toast({ title: 'Welcome back!', description: `Logged in as ${result.user.email}` });
      // docs/product.md#screens-and-routes: a full page load, so the header and guard start from
      // the new session.
      setTimeout(() => {
        window.location.href = dashboardRedirectUrl(Date.now());
      }, LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      setFailure(loginErrorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title={`${bureauName} Admin Dashboard`} subtitle="Staff sign in">
      <Suspense fallback={null}>
        <SignedInRedirect submitting={submitting} />
      </Suspense>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
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
