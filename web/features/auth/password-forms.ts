// Rules of the forgotten-password and reset screens, apart from React so they are tested.
import { forgotPasswordRequest, resetPasswordRequest } from '../../../schema/session-api.ts';

export function validateForgotPassword(email: string): { email: string } | { error: string } {
  const parsed = forgotPasswordRequest.safeParse({ email });
  return parsed.success
    ? parsed.data
    : { error: parsed.error.issues[0]?.message ?? 'Invalid email address' };
}

export type ResetErrors = { password?: string; confirm?: string };

export function validateReset(
  token: string,
  password: string,
  confirm: string,
): { ok: true; value: { token: string; password: string } } | { ok: false; errors: ResetErrors } {
  const errors: ResetErrors = {};
  const parsed = resetPasswordRequest.safeParse({ token, password });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'password');
    if (issue) errors.password = issue.message;
  }
  if (password !== confirm) errors.confirm = 'The passwords do not match';
  if (parsed.success && !errors.confirm) return { ok: true, value: parsed.data };
  return { ok: false, errors };
}

/** The reset e-mail links to /dashboard/reset-password?token=…; anything else has no token. */
export function resetTokenFrom(search: Record<string, unknown>): string {
  const token = search.token;
  return typeof token === 'string' ? token.trim() : '';
}
