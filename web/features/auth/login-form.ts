// The login form's rules (docs/product.md#screens-and-routes, #validation, #errors), apart from
// React so they are tested directly.
import { type LoginRequest, loginRequest } from '../../../schema/api.ts';

export type LoginFieldErrors = Partial<Record<keyof LoginRequest, string>>;

/** docs/product.md#validation: 'Invalid email address' and 'Password is required', one message per
 * field. */
export function validateLogin(
  values: LoginRequest,
): { ok: true; value: LoginRequest } | { ok: false; errors: LoginFieldErrors } {
  const parsed = loginRequest.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export const LOGIN_FAILED = 'Login failed. Please try again.';

/** docs/product.md#errors: the server's message, or the generic one. */
export function loginErrorMessage(error: unknown): string {
  const server = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof server === 'string' && server ? server : LOGIN_FAILED;
}

export const LOGIN_REDIRECT_DELAY_MS = 100;

/** docs/product.md#screens-and-routes: a full load of /dashboard with a timestamp, so no stale page
 * is reused. */
export function dashboardRedirectUrl(now: number): string {
  return `/dashboard?t=${now}`;
}
