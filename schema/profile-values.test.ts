import { describe, expect, it } from 'vitest';
import { practitionerProfileSchema } from './practitioner-profile.ts';
import { profileValues } from './profile-values.ts';

const profile = practitionerProfileSchema(() => new Date('2026-11-27T10:00:00Z')).parse({
  practiceName: 'Jacaranda Family Practice',
  physicalAddress: {
    line1: '12 Jacaranda Street',
    city: 'Pretoria',
    postalCode: '0083',
    province: 'Gauteng',
  },
  postalAddress: { line1: 'PO Box 55', city: 'Hatfield', postalCode: '0028', province: 'Gauteng' },
  dateOfBirth: '1984-03-21',
  gender: 'female',
  qualifications: 'MBChB (UP) 2008',
  councilRegistration: 'MP0123456',
  bank: {
    bank: 'fnb',
    branchCode: '250655',
    accountNumber: '62 1234 5678',
    accountType: 'cheque',
    accountHolder: 'Dr T Mokoena',
  },
});

const application = {
  firstName: 'Thandi Grace',
  lastName: 'Mokoena',
  idNumber: '8403210123087',
  email: 'thandi@example.co.za',
  phone: '+27821234567',
  specialization: 'General Practitioner',
  practiceNumber: '0123456',
  hpcsaNumber: null,
};

describe('the values a form is filled with', () => {
  it("joins the application's details and the profile into the texts forms ask for", () => {
    const values = profileValues(application, profile, '2026-11-27');
    expect(values).toMatchObject({
      fullName: 'Thandi Grace Mokoena',
      initials: 'TG',
      lastName: 'Mokoena',
      practiceNumber: '0123456',
      hpcsaNumber: 'MP0123456',
      physicalAddress: '12 Jacaranda Street, Pretoria, 0083',
      postalAddress: 'PO Box 55, Hatfield, 0028',
      postalPostalCode: '0028',
      bankName: 'FNB (First National Bank)',
      branchCode: '250655',
      accountNumber: '6212345678',
      accountType: 'Cheque / current',
      gender: 'Female',
      vatNumber: '',
      signingDate: '2026-11-27',
    });
  });

  it('uses the physical address for postal when no postal address is given', () => {
    const { postalAddress: _, ...withoutPostal } = profile;
    const values = profileValues(application, withoutPostal, '2026-11-27');
    expect(values.postalAddress).toBe('12 Jacaranda Street, Pretoria, 0083');
  });
});
