import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  dashboardRedirectUrl,
  LOGIN_FAILED,
  loginErrorMessage,
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
