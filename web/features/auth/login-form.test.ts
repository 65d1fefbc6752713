import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  CODE_REQUIRED,
  dashboardRedirectUrl,
  groupedSecret,
  LOGIN_FAILED,
  loginErrorMessage,
  nextStepOf,
  validateCode,
  validateLogin,
} from './login-form.ts';

describe('validateLogin', () => {
  it('gives the messages of the product rules next to each field', () => {
    expect(validateLogin({ email: 'not-an-email', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Invalid email address', password: 'Password is required' },
    });
    expect(validateLogin({ email: '', password: 'x' })).toEqual({
      ok: false,
      errors: { email: 'Invalid email address' },
    });
  });
  it('accepts a one-character password and trims the e-mail', () => {
    expect(validateLogin({ email: ' staff@bureau.test ', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'staff@bureau.test', password: 'x' },
    });
  });
});

describe('loginErrorMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError('401: …', 401, {
      error: { code: 'invalid_credentials', message: 'Invalid email or password' },
    });
    expect(loginErrorMessage(error)).toBe('Invalid email or password');
  });
  it('falls back when the server said nothing usable', () => {
    expect(loginErrorMessage(new ApiError('502: Bad Gateway', 502, null))).toBe(LOGIN_FAILED);
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Login failed. Please try again.',
    );
  });
});

it('redirects with a timestamp', () => {
  expect(dashboardRedirectUrl(1737280000000)).toBe('/dashboard?t=1737280000000');
});

describe('the second step of the sign-in', () => {
  it('asks for the code when the server says the account needs one', () => {
    const error = new ApiError('401: …', 401, {
      error: {
        code: 'totp_required',
        message: 'Enter the 6-digit code from your authenticator app.',
      },
    });
    expect(nextStepOf(error)).toEqual({ step: 'code' });
  });
  it('starts enrolment with the secret the server sent', () => {
    const enrolment = {
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
    };
    const body = { error: { code: 'totp_enrolment_required', message: 'Set up…' }, enrolment };
    expect(nextStepOf(new ApiError('401: …', 401, body))).toEqual({ step: 'enrol', enrolment });
  });
  it('shows any other refusal as a message', () => {
    const error = new ApiError('401: …', 401, {
      error: { code: 'invalid_totp', message: 'That code is not right.' },
    });
    expect(nextStepOf(error)).toEqual({ step: 'failed', message: 'That code is not right.' });
    expect(nextStepOf(new TypeError('Failed to fetch'))).toEqual({
      step: 'failed',
      message: LOGIN_FAILED,
    });
  });
  it('sends digits without spaces and recovery codes as typed', () => {
    expect(validateCode(' 123 456 ')).toEqual({ ok: true, totp: '123456' });
    expect(validateCode('k7qm-2xfd-9pwa-c3ne')).toEqual({ ok: true, totp: 'k7qm-2xfd-9pwa-c3ne' });
    expect(validateCode('  ')).toEqual({ ok: false, error: CODE_REQUIRED });
  });
  it('groups the secret by four characters', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });
});
