// /dashboard/forgot-password: the target of 'Forgot password?' (docs/product.md#screens-and-routes
// leaves the screen to
// us). The server answers the same whether or not the account exists, so the screen does too.
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { forgotPassword } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { AuthLayout, linkClass } from './auth-layout.tsx';
import { validateForgotPassword } from './password-forms.ts';

export function ForgotPasswordPage() {
  const { supportEmail } = usePublicConfig();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateForgotPassword(email);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    setSending(true);
    try {
      const result = await request(forgotPassword, { body: checked });
      setSent(
        result.message ?? 'If an account exists for that e-mail, a reset link has been sent.',
      );
    } catch (error) {
      const server = (error as { serverMessage?: string }).serverMessage;
      setFailure(server ?? 'Could not send the reset link. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail address of your staff account and we will send you a link to choose a new password."
    >
      {sent ? (
        <Alert tone="success" title="Check your e-mail">
          {sent} The link is valid for a limited time.
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <Field label="Email" error={fieldError}>
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Button type="submit" isDisabled={sending} className="w-full">
            {sending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/dashboard/login" className={linkClass}>
          Back to login
        </Link>
      </p>
      <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-300">
        No access to that mailbox? Contact{' '}
        <a href={`mailto:${supportEmail}`} className={linkClass}>
          {supportEmail}
        </a>
      </p>
    </AuthLayout>
  );
}
