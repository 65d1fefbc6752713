import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE, weakPasswordReason } from './weak-passwords.ts';

describe('weakPasswordReason', () => {
  it.each([
    'password1234',
    'Password1234!',
    'qwertyuiop12',
    '123456789012',
    'aaaaaaaaaaaa',
    'abababababab',
    'passwordpassword',
    'iloveyou2026!',
    'Springboks2023',
    'welcome12345',
  ])('refuses %s', (password) => {
    expect(weakPasswordReason(password)).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it("refuses a password built on the account's own e-mail name", () => {
    expect(weakPasswordReason('Thandi.Nkosi2026', 'thandi.nkosi@bureau.co.za')).toBe(
      WEAK_PASSWORD_MESSAGE,
    );
    expect(weakPasswordReason('Thandi.Nkosi2026', 'reception@bureau.co.za')).toBeNull();
  });

  it('accepts a long phrase of unrelated words', () => {
    expect(weakPasswordReason('maroon kettle under the jacaranda')).toBeNull();
    expect(weakPasswordReason('e2e-staff-password-123')).toBeNull();
  });
});
