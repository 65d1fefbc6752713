import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { practitionerProfileSchema } from './practitioner-profile.ts';
import { bankByKey, SA_BANKS, SA_BANKS_SOURCE } from './sa-banks.ts';

const profile = practitionerProfileSchema(() => new Date('2026-11-27T10:00:00Z'));

const good = {
  practiceName: 'Jacaranda Family Practice',
  physicalAddress: {
    line1: '12 Jacaranda Street',
    suburb: 'Hatfield',
    city: 'Pretoria',
    postalCode: '0083',
    province: 'Gauteng',
  },
  dateOfBirth: '1984-03-21',
  gender: 'female',
  qualifications: 'MBChB (UP) 2008',
  councilRegistration: 'mp 0123456',
  bank: {
    bank: 'capitec',
    branchCode: '470 010',
    accountNumber: '1234 567 890',
    accountType: 'savings',
    accountHolder: 'Dr T Mokoena',
  },
  vatNumber: '4123 456 789',
};

function problems(input: unknown): Record<string, string> {
  const result = profile.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the practitioner profile contract', () => {
  it('accepts a whole profile typed with spaces and keeps digits and numbers in their form', () => {
    const parsed = profile.parse(good);
    expect(parsed.bank.branchCode).toBe('470010');
    expect(parsed.bank.accountNumber).toBe('1234567890');
    expect(parsed.vatNumber).toBe('4123456789');
    expect(parsed.councilRegistration).toBe('MP0123456');
    expect(parsed.physicalAddress.postalCode).toBe('0083');
  });

  it('names every problem at once, by field', () => {
    const found = problems({
      ...good,
      dateOfBirth: '2030-01-01',
      bank: { ...good.bank, branchCode: '12', accountNumber: 'abc', accountType: 'gold' },
      vatNumber: '123',
      physicalAddress: { ...good.physicalAddress, postalCode: '83', province: 'Gauteng North' },
    });
    expect(Object.keys(found).sort()).toEqual([
      'bank.accountNumber',
      'bank.accountType',
      'bank.branchCode',
      'dateOfBirth',
      'physicalAddress.postalCode',
      'physicalAddress.province',
      'vatNumber',
    ]);
    expect(found.dateOfBirth).toBe('A date of birth cannot be in the future');
  });

  it("asks for another bank's name, and takes no VAT number where none is given", () => {
    expect(problems({ ...good, bank: { ...good.bank, bank: 'other' } })).toEqual({
      'bank.otherBankName': "Enter the bank's name",
    });
    expect(
      problems({ ...good, bank: { ...good.bank, bank: 'other', otherBankName: 'Grindrod Bank' } }),
    ).toEqual({});
    const { vatNumber: _, ...withoutVat } = good;
    expect(problems(withoutVat)).toEqual({});
    expect(problems({ ...good, vatNumber: '' })).toEqual({});
  });

  it('is a zod/mini schema the phone can bundle', () => {
    expect(z.safeParse(profile, good).success).toBe(true);
  });
});

describe('the bank list', () => {
  it('names its source and date, and gives each bank a six-digit code', () => {
    expect(SA_BANKS_SOURCE.url).toMatch(/^https:\/\//);
    expect(SA_BANKS_SOURCE.compiled).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const bank of SA_BANKS) expect(bank.branchCode).toMatch(/^\d{6}$/);
    expect(bankByKey('fnb')?.branchCode).toBe('250655');
    expect(bankByKey('standard-bank')?.branchCode).toBe('051001');
    expect(new Set(SA_BANKS.map((b) => b.key)).size).toBe(SA_BANKS.length);
  });
});
