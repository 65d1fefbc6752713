// The staff session's contracts (docs/product.md#entities): sign-in with the second step,
// the session, and the password reset.
import { z } from 'zod/mini';
import { text } from './api-basics.ts';

// ---- Session (docs/product.md#entities) ----
export const loginRequest = z.object({
  email: z.string().check(z.trim(), z.email('Invalid email address')),
  password: z
    .string()
    .check(z.minLength(1, 'Password is required'), z.maxLength(1024, 'Password is too long')),
  /** The authenticator app's 6-digit code or a recovery code (decision 070). */
  totp: z.optional(z.string().check(z.trim(), z.maxLength(64, 'The code is too long'))),
  /** The one-time code of the set-up link an administrator gave (needed to set up MFA). */
  enrolmentCode: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'The set-up code is too long')),
  ),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** A 401 answer of the login that starts MFA enrolment: the new secret, shown this once. */
export const totpEnrolmentAnswer = z.object({
  error: z.object({ code: z.literal('totp_enrolment_required'), message: z.string() }),
  enrolment: z.object({ secret: z.string(), uri: z.string() }),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentAnswer>['enrolment'];

const staffUser = z.object({ id: z.string(), email: z.string() });
const loginResponse = z.object({
  success: z.literal(true),
  user: staffUser,
  /** Set only by the sign-in that completed MFA enrolment: the recovery codes, shown once. */
  recoveryCodes: z.optional(z.array(z.string())),
});
export type LoginResponse = z.infer<typeof loginResponse>;

const meResponse = z.object({ authenticated: z.boolean(), user: z.nullable(staffUser) });
export type MeResponse = z.infer<typeof meResponse>;

export const forgotPasswordRequest = z.object({
  email: z.string().check(z.trim(), z.email('Invalid email address')),
});
export const MIN_STAFF_PASSWORD_LENGTH = 12;
export const resetPasswordRequest = z.object({
  token: text(200),
  password: z
    .string()
    .check(
      z.minLength(
        MIN_STAFF_PASSWORD_LENGTH,
        `Use at least ${MIN_STAFF_PASSWORD_LENGTH} characters`,
      ),
      z.maxLength(1024, 'Password is too long'),
    ),
});
