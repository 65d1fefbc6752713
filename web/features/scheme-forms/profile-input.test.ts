import { describe, expect, it } from 'vitest';
import { checkProfile, emptyProfileInput, type ProfileInput, withBank } from './profile-input.ts';

const today = () => new Date('2026-11-27T08:00:00Z');

const typed: ProfileInput = {
  ...emptyProfileInput,
  practiceName: 'Jacaranda Family Practice',
  physicalAddress: {
    line1: '12 Jacaranda Street',
    line2: '',
    suburb: 'Hatfield',
    city: 'Pretoria',
    postalCode: '0083',
    province: 'Gauteng',
  },
  dateOfBirth: '1980-01-01',
  gender: 'male',
  qualifications: 'MBChB (UP) 2004',
  councilRegistration: 'MP 0123456',
  bank: {
    ...withBank(emptyProfileInput, 'capitec').bank,
    accountNumber: '1234 567 890',
    accountType: 'savings',
    accountHolder: 'Dr T Nkosi',
  },
};

describe('the profile as the phone types it', () => {
  it('becomes the API profile: the postal address left out when the same, digits kept', () => {
    const checked = checkProfile(typed, today);
    expect(checked.errors).toBeUndefined();
    expect(checked.profile).toMatchObject({
      bank: { bank: 'capitec', branchCode: '470010', accountNumber: '1234567890' },
      councilRegistration: 'MP0123456',
    });
    expect(checked.profile?.postalAddress).toBeUndefined();
    expect(checked.profile?.vatNumber).toBeUndefined();
  });

  it('names every problem at its field at once', () => {
    const checked = checkProfile(
      {
        ...typed,
        dateOfBirth: '2026-12-01',
        bank: { ...typed.bank, branchCode: '12', accountNumber: 'abc' },
        postalSameAsPhysical: false,
        vatRegistered: true,
      },
      today,
    );
    expect(checked.errors).toMatchObject({
      dateOfBirth: 'A date of birth cannot be in the future',
      'bank.branchCode': 'A branch code is 6 digits, e.g. 250655',
      'bank.accountNumber': expect.stringContaining('6 to 13 digits'),
      'postalAddress.line1': expect.any(String),
      vatNumber: expect.stringContaining('VAT number'),
    });
  });

  it("choosing a listed bank fills its universal branch code; 'Another bank' keeps what was typed", () => {
    const fnb = withBank(typed, 'fnb');
    expect(fnb.bank.branchCode).toBe('250655');
    const other = withBank({ ...fnb, bank: { ...fnb.bank, branchCode: '123456' } }, 'other');
    expect(other.bank.branchCode).toBe('123456');
    expect(checkProfile(other, today).errors).toEqual({
      'bank.otherBankName': "Enter the bank's name",
    });
  });
});
