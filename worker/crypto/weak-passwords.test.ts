import { dictionary } from '@zxcvbn-ts/language-common';
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
    'Amandla12345',
    'MedicalAid2026!',
  ])('refuses %s', async (password) => {
    expect(await weakPasswordReason(password)).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it('refuses every password of 12 characters or more from the published breach lists', async () => {
    const breached = dictionary['passwords-common'].filter((p) => p.length >= 12);
    expect(breached.length).toBeGreaterThan(300);
    const reasons = await Promise.all(breached.map((p) => weakPasswordReason(p)));
    const accepted = breached.filter((_, i) => reasons[i] === null);
    expect(accepted).toEqual([]);
    // Capitalised with a symbol on the end, the way sites ask for, it is still on the list.
    expect(await weakPasswordReason('Leavemealone!')).toBe(WEAK_PASSWORD_MESSAGE);
    expect(await weakPasswordReason('1qaz2wsx3edc')).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it("refuses a password built on the account's own e-mail name", async () => {
    expect(await weakPasswordReason('Thandi.Nkosi2026', 'thandi.nkosi@bureau.co.za')).toBe(
      WEAK_PASSWORD_MESSAGE,
    );
    expect(await weakPasswordReason('Thandi.Nkosi2026', 'reception@bureau.co.za')).toBeNull();
  });

  it('accepts a long phrase of unrelated words', async () => {
    expect(await weakPasswordReason('maroon kettle under the jacaranda')).toBeNull();
    expect(await weakPasswordReason('e2e-staff-password-123')).toBeNull();
    expect(await weakPasswordReason('kettle-jacaranda-protea-4821')).toBeNull();
  });
});
