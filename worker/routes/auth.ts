// Staff sign-in, sign-out and session (docs/product.md#api: /api/auth/*), plus the
// forgotten-password
// flow behind the login screen's 'Forgot password?' button.
import { Hono } from 'hono';
import type { z } from 'zod/mini';
import { logout, me } from '../../schema/public-endpoints.ts';
import {
  forgotPasswordRequest,
  loginRequest,
  resetPasswordRequest,
  type totpEnrolmentAnswer,
} from '../../schema/session-api.ts';
import { forgotPassword, login, resetPassword } from '../../schema/staff-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson, validate } from '../http.ts';
import { keepRunning } from '../keep-running.ts';
import { reply } from '../reply.ts';
import { attemptLogin } from '../services/staff-accounts/login.ts';
import {
  requestPasswordReset,
  resetStaffPassword,
} from '../services/staff-accounts/password-resets.ts';
import { normalizeEmail } from '../services/staff-accounts/staff-accounts.ts';
import { knownDevice, rememberDevice } from '../services/staff-sessions/known-devices.ts';
import { currentSession, endSession, startSession } from '../services/staff-sessions/sessions.ts';

const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
const LOGIN_LIMITED_MESSAGE = 'Too many login attempts. Please try again in 15 minutes.';
const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
const INVALID_TOTP_MESSAGE =
  'That code is not right. Enter the current code from your authenticator app.';
const TOTP_ENROLMENT_MESSAGE =
  'Set up two-step sign-in: add this account to your authenticator app, then enter its 6-digit code.';
const ENROLMENT_CODE_MESSAGE =
  'Two-step sign-in is not set up for this account yet. Open the one-time set-up link an administrator gave you, or ask them for a new one.';
const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that e-mail, a reset link has been sent.';
const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired.';

export function authRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(login.path, validate('json', loginRequest), async (c) => {
      const credentials = c.req.valid('json');
      const result = await attemptLogin(
        deps,
        credentials,
        deps.clientAddress(c),
        await knownDevice(deps, c, normalizeEmail(credentials.email)),
      );
      if (result.outcome === 'limited') {
        c.header('Retry-After', String(result.retryAfterSeconds));
        return errorJson(c, 429, 'too_many_attempts', LOGIN_LIMITED_MESSAGE);
      }
      if (result.outcome === 'invalid') {
        return errorJson(c, 401, 'invalid_credentials', INVALID_LOGIN_MESSAGE);
      }
      if (result.outcome === 'totp_required') {
        return errorJson(c, 401, 'totp_required', TOTP_REQUIRED_MESSAGE);
      }
      if (result.outcome === 'totp_invalid') {
        return errorJson(c, 401, 'invalid_totp', INVALID_TOTP_MESSAGE);
      }
      if (result.outcome === 'enrolment_code_required') {
        return errorJson(c, 401, 'enrolment_code_required', ENROLMENT_CODE_MESSAGE);
      }
      if (result.outcome === 'enrolment_required') {
        const body: z.infer<typeof totpEnrolmentAnswer> = {
          error: { code: 'totp_enrolment_required', message: TOTP_ENROLMENT_MESSAGE },
          enrolment: { secret: result.secret, uri: result.uri },
        };
        return c.json(body, 401);
      }
      await startSession(deps, c, result.staff.id);
      await rememberDevice(deps, c, result.staff.email);
      return reply(c, login, {
        success: true,
        user: result.staff,
        ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
      });
    })
    .post(logout.path, async (c) => {
      await endSession(deps, c);
      return reply(c, logout, { success: true });
    })
    .get(me.path, async (c) => {
      const session = await currentSession(deps, c);
      return reply(
        c,
        me,
        session
          ? { authenticated: true, user: session.staff }
          : { authenticated: false, user: null },
      );
    })
    .post(forgotPassword.path, validate('json', forgotPasswordRequest), async (c) => {
      const { email } = c.req.valid('json');
      const result = await requestPasswordReset(deps, email, deps.clientAddress(c));
      if (result.outcome === 'accepted' && result.delivery) keepRunning(c, result.delivery);
      if (result.outcome === 'limited') {
        return errorJson(
          c,
          429,
          'too_many_attempts',
          'Too many password reset requests. Please try again in 15 minutes.',
        );
      }
      return reply(c, forgotPassword, { success: true, message: FORGOT_PASSWORD_MESSAGE });
    })
    .post(resetPassword.path, validate('json', resetPasswordRequest), async (c) => {
      const { token, password } = c.req.valid('json');
      if (!(await resetStaffPassword(deps, token, password))) {
        return errorJson(c, 400, 'invalid_reset_token', INVALID_RESET_MESSAGE);
      }
      return reply(c, resetPassword, {
        success: true,
        message: 'Your password has been changed. Please log in with the new password.',
      });
    });
}
