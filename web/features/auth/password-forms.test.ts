import { describe, expect, it } from 'vitest';
import { resetTokenFrom, validateForgotPassword, validateReset } from './password-forms.ts';

describe('validateForgotPassword', () => {
  it('needs a valid e-mail address', () => {
    expect(validateForgotPassword('nope')).toEqual({ error: 'Invalid email address' });
    expect(validateForgotPassword(' staff@bureau.test ')).toEqual({ email: 'staff@bureau.test' });
  });
});

describe('validateReset', () => {
  it('asks for at least 12 characters and a matching confirmation', () => {
    expect(validateReset('t', 'short', 'other')).toEqual({
      ok: false,
      errors: { password: 'Use at least 12 characters', confirm: 'The passwords do not match' },
    });
    expect(validateReset('t', 'long-enough-pass', 'long-enough-pasS')).toEqual({
      ok: false,
      errors: { confirm: 'The passwords do not match' },
    });
    expect(validateReset('tok', 'long-enough-pass', 'long-enough-pass')).toEqual({
      ok: true,
      value: { token: 'tok', password: 'long-enough-pass' },
    });
  });
  it('refuses a missing token', () => {
    expect(validateReset('', 'long-enough-pass', 'long-enough-pass').ok).toBe(false);
  });
});

it('reads the token of the reset link', () => {
  expect(resetTokenFrom({ token: ' abc ' })).toBe('abc');
  expect(resetTokenFrom({ token: 5 })).toBe('');
  expect(resetTokenFrom({})).toBe('');
});
