// What changed between two versions of the practitioner profile, field by field, as readable
// text: the staff's change history shows it whole (they compare it with the bank letter), the
// practitioner's mail shows it masked (worker/mail/profile-mail.ts). One list of labels for both.
import {
  ACCOUNT_TYPE_LABELS,
  type Address,
  type PractitionerProfile,
} from './practitioner-profile.ts';
import { addressLine } from './profile-values.ts';
import { bankByKey } from './sa-banks.ts';

export const PROFILE_CHANGE_FIELDS = [
  'practiceName',
  'physicalAddress',
  'postalAddress',
  'dateOfBirth',
  'gender',
  'qualifications',
  'councilRegistration',
  'vatNumber',
  'accountHolder',
  'bank',
  'branchCode',
  'accountNumber',
  'accountType',
] as const;
export type ProfileChangeField = (typeof PROFILE_CHANGE_FIELDS)[number];

export const PROFILE_CHANGE_LABELS: Record<ProfileChangeField, string> = {
  practiceName: 'Practice name',
  physicalAddress: 'Practice address',
  postalAddress: 'Postal address',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  qualifications: 'Qualifications',
  councilRegistration: 'Council registration number',
  vatNumber: 'VAT number',
  accountHolder: 'Account holder',
  bank: 'Bank',
  branchCode: 'Branch code',
  accountNumber: 'Account number',
  accountType: 'Account type',
};

/** The bank details that move money: a change of any of them needs a fresh proof. */
export const BANK_FIELDS: readonly ProfileChangeField[] = [
  'accountHolder',
  'bank',
  'branchCode',
  'accountNumber',
  'accountType',
];

/** One field that changed; `before` is null for the first profile sent or a field left empty. */
export type ProfileFieldChange = {
  field: ProfileChangeField;
  before: string | null;
  after: string | null;
};

const addressText = (value: Address | undefined) => (value ? addressLine(value) : null);

function fieldTexts(profile: PractitionerProfile): Record<ProfileChangeField, string | null> {
  const { bank } = profile;
  return {
    practiceName: profile.practiceName,
    physicalAddress: addressText(profile.physicalAddress),
    // Absent means "the same as the practice address", which is what the form is filled with.
    postalAddress: profile.postalAddress ? addressText(profile.postalAddress) : 'Same as practice',
    dateOfBirth: profile.dateOfBirth,
    gender: profile.gender === 'female' ? 'Female' : 'Male',
    qualifications: profile.qualifications,
    councilRegistration: profile.councilRegistration,
    vatNumber: profile.vatNumber || null,
    accountHolder: bank.accountHolder,
    bank: bankByKey(bank.bank)?.name ?? bank.otherBankName ?? null,
    branchCode: bank.branchCode,
    accountNumber: bank.accountNumber,
    accountType: ACCOUNT_TYPE_LABELS[bank.accountType],
  };
}

/** The fields that differ from `before` to `after`, in the profile's order; all of them for a first profile. */
export function profileDiff(
  before: PractitionerProfile | null,
  after: PractitionerProfile,
): ProfileFieldChange[] {
  const was = before ? fieldTexts(before) : null;
  const now = fieldTexts(after);
  return PROFILE_CHANGE_FIELDS.flatMap((field) => {
    const previous = was ? was[field] : null;
    if (was && previous === now[field]) return [];
    if (!was && now[field] === null) return [];
    return [{ field, before: previous, after: now[field] }];
  });
}
