// /dashboard/reset-password?token=…: the page the reset e-mail links to.
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { MIN_STAFF_PASSWORD_LENGTH } from '../../../schema/session-api.ts';
import { resetPassword } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { AuthLayout, linkClass } from './auth-layout.tsx';
import { type ResetErrors, validateReset } from './password-forms.ts';

export function ResetPasswordPage({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = validateReset(token, password, confirm);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await request(resetPassword, { body: checked.value });
      setDone(
        result.message ?? 'Your password has been changed. Please log in with the new password.',
      );
    } catch (error) {
      const server = (error as { serverMessage?: string }).serverMessage;
      setFailure(server ?? 'Could not change the password. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password">
      {!token ? (
        <Alert tone="error" title="This reset link is incomplete">
          Open the link from the e-mail again, or{' '}
          <Link to="/dashboard/forgot-password" className={linkClass}>
            request a new one
          </Link>
          .
        </Alert>
      ) : done ? (
        <Alert tone="success" title="Password changed">
          {done}
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure && (
            <Alert tone="error">
              {failure}{' '}
              <Link to="/dashboard/forgot-password" className={linkClass}>
                Request a new link
              </Link>
            </Alert>
          )}
          <Field
            label="New password"
            error={errors.password}
            hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters.`}
          >
            <input
              type="password"
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field label="Confirm new password" error={errors.confirm}>
            <input
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Button type="submit" isDisabled={saving} className="w-full">
            {saving ? 'Saving...' : 'Change password'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/dashboard/login" className={linkClass}>
          Go to login
        </Link>
      </p>
    </AuthLayout>
  );
}
