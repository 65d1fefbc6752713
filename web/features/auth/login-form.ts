// The login form's rules (docs/product.md#screens-and-routes, #validation, #errors), apart from
// React so they are tested directly.
import {
  type LoginRequest,
  loginRequest,
  type TotpEnrolment,
  totpEnrolmentAnswer,
} from '../../../schema/session-api.ts';

export type LoginFieldErrors = Partial<Record<'email' | 'password', string>>;

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

/**
 * What a refused sign-in asks for next (decision 070): the code of an enrolled account, the
 * enrolment of one without MFA (with its new secret), or nothing (a failure message).
 */
export type NextStep =
  | { step: 'code' }
  | { step: 'enrol'; enrolment: TotpEnrolment }
  | { step: 'failed'; message: string };

export function nextStepOf(error: unknown): NextStep {
  const body = (error as { body?: unknown } | null)?.body;
  const enrolment = totpEnrolmentAnswer.safeParse(body);
  if (enrolment.success) return { step: 'enrol', enrolment: enrolment.data.enrolment };
  const code = (body as { error?: { code?: unknown } } | null | undefined)?.error?.code;
  if (code === 'totp_required') return { step: 'code' };
  return { step: 'failed', message: loginErrorMessage(error) };
}

export const CODE_REQUIRED = 'Enter the code from your authenticator app';

/** The code as sent: digits without spaces, or a recovery code as typed. */
export function validateCode(
  value: string,
): { ok: true; totp: string } | { ok: false; error: string } {
  const trimmed = value.trim();
  if (!trimmed) return { ok: false, error: CODE_REQUIRED };
  return { ok: true, totp: /^[\d\s]+$/.test(trimmed) ? trimmed.replace(/\s/g, '') : trimmed };
}

/** The base32 secret in groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
