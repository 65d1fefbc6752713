// The practitioner profile as the phone's form holds it while it is typed (every field a
// string, 'postal address as physical' and 'VAT registered' as switches), turned into the
// profile the API takes and checked with the same zod contract (schema/practitioner-profile.ts).
import {
  type PractitionerProfile,
  practitionerProfileSchema,
} from '../../../schema/practitioner-profile.ts';
import { bankByKey } from '../../../schema/sa-banks.ts';

export type AddressInput = {
  line1: string;
  line2: string;
  suburb: string;
  city: string;
  postalCode: string;
  province: string;
};

export type ProfileInput = {
  practiceName: string;
  physicalAddress: AddressInput;
  postalSameAsPhysical: boolean;
  postalAddress: AddressInput;
  dateOfBirth: string;
  gender: string;
  qualifications: string;
  councilRegistration: string;
  bank: {
    bank: string;
    otherBankName: string;
    branchCode: string;
    accountNumber: string;
    accountType: string;
    accountHolder: string;
  };
  vatRegistered: boolean;
  vatNumber: string;
};

const emptyAddress: AddressInput = {
  line1: '',
  line2: '',
  suburb: '',
  city: '',
  postalCode: '',
  province: '',
};

export const emptyProfileInput: ProfileInput = {
  practiceName: '',
  physicalAddress: emptyAddress,
  postalSameAsPhysical: true,
  postalAddress: emptyAddress,
  dateOfBirth: '',
  gender: '',
  qualifications: '',
  councilRegistration: '',
  bank: {
    bank: '',
    otherBankName: '',
    branchCode: '',
    accountNumber: '',
    accountType: '',
    accountHolder: '',
  },
  vatRegistered: false,
  vatNumber: '',
};

const optional = (value: string) => (value.trim() === '' ? undefined : value);
const address = (a: AddressInput) => ({
  ...a,
  line2: optional(a.line2),
  suburb: optional(a.suburb),
});

/** The body the API takes: the postal address only when it differs, VAT only when registered. */
export function profileBody(input: ProfileInput) {
  return {
    practiceName: input.practiceName,
    physicalAddress: address(input.physicalAddress),
    ...(input.postalSameAsPhysical ? {} : { postalAddress: address(input.postalAddress) }),
    dateOfBirth: input.dateOfBirth,
    gender: input.gender,
    qualifications: input.qualifications,
    councilRegistration: input.councilRegistration,
    bank: { ...input.bank, otherBankName: optional(input.bank.otherBankName) },
    ...(input.vatRegistered ? { vatNumber: input.vatNumber } : {}),
  };
}

export type ProfileErrors = Record<string, string>;

/** The profile, or every problem at once keyed by its path ('bank.branchCode'). */
export function checkProfile(
  input: ProfileInput,
  today: () => Date = () => new Date(),
):
  | { profile: PractitionerProfile; errors?: undefined }
  | { profile?: undefined; errors: ProfileErrors } {
  const result = practitionerProfileSchema(today).safeParse(profileBody(input));
  const errors: ProfileErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  if (input.vatRegistered && input.vatNumber.trim() === '') {
    errors.vatNumber = 'Enter the VAT number, or untick VAT registered';
  }
  if (result.success && Object.keys(errors).length === 0) return { profile: result.data };
  return { errors };
}

/** Choosing a listed bank fills in its universal branch code; 'Another bank' leaves it to type. */
export function withBank(input: ProfileInput, bank: string): ProfileInput {
  const listed = bankByKey(bank);
  return {
    ...input,
    bank: {
      ...input.bank,
      bank,
      branchCode: listed ? listed.branchCode : input.bank.branchCode,
    },
  };
}
