import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORDS_TOP_10000 } from './breached-passwords.ts';
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

  // Typed here from the review's findings and the yearly "worst passwords" reports, decorated
  // the way people meet a 12-character rule; none is read from a list the check itself uses.
  it.each([
    'Admin@123456',
    'Summer2024!!',
    'Bureau2024!!',
    'Sunshine2025!',
    'Football123!',
    'Princess2024#',
    'Letmein12345',
    'Welcome@2026',
    'Monkey!!2024',
    'Trustno1!!!!',
    'P@ssw0rd2026!',
    '!!Dragon2024!!',
  ])('refuses the breached password %s however it is decorated', async (password) => {
    expect(await weakPasswordReason(password)).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it('ships the corpus its header names: 10,000 passwords, most used first', () => {
    const corpus = BREACHED_PASSWORDS_TOP_10000.split('\n');
    expect(corpus).toHaveLength(10_000);
    // The published top of the ten-million list, in its order.
    expect(corpus.slice(0, 6)).toEqual([
      '123456',
      'password',
      '12345678',
      'qwerty',
      '123456789',
      '12345',
    ]);
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
