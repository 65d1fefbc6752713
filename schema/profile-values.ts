// What each profile field (schema/profile-fields.ts) holds for one practitioner, as the text a
// form gets: the application's own details (name, ID, practice and HPCSA numbers) and the
// profile asked after Submit. The phone's preview and the server's filling read the same
// values, so what the practitioner checked is what the form carries.
import type { Address, PractitionerProfile } from './practitioner-profile.ts';
import { ACCOUNT_TYPE_LABELS } from './practitioner-profile.ts';
import type { ProfileFieldKey } from './profile-fields.ts';
import { bankByKey } from './sa-banks.ts';

/** The application's details that forms ask for too (never asked again in the profile). */
export type ApplicationDetails = {
  firstName: string;
  lastName: string;
  idNumber: string | null;
  email: string;
  phone: string;
  specialization: string;
  practiceNumber: string | null;
  hpcsaNumber: string | null;
};

export function addressLine(address: Address): string {
  return [address.line1, address.line2, address.suburb, address.city, address.postalCode]
    .filter((part) => part !== undefined && part !== '')
    .join(', ');
}

const initialsOf = (firstName: string) =>
  firstName
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((name) => name[0]?.toUpperCase())
    .join('');

/** Every value but the signature, which is an image. `signingDate` is YYYY-MM-DD. */
export function profileValues(
  application: ApplicationDetails,
  profile: PractitionerProfile,
  signingDate: string,
): Record<Exclude<ProfileFieldKey, 'signature'>, string> {
  const postal = profile.postalAddress ?? profile.physicalAddress;
  const bank = bankByKey(profile.bank.bank);
  return {
    title: 'Dr',
    firstName: application.firstName,
    lastName: application.lastName,
    initials: initialsOf(application.firstName),
    fullName: `${application.firstName} ${application.lastName}`,
    idNumber: application.idNumber ?? '',
    dateOfBirth: profile.dateOfBirth,
    gender: profile.gender === 'female' ? 'Female' : 'Male',
    email: application.email,
    phone: application.phone,
    practiceNumber: application.practiceNumber ?? '',
    hpcsaNumber: profile.councilRegistration || (application.hpcsaNumber ?? ''),
    specialization: application.specialization,
    qualifications: profile.qualifications,
    practiceName: profile.practiceName,
    physicalAddress: addressLine(profile.physicalAddress),
    physicalCity: profile.physicalAddress.city,
    physicalPostalCode: profile.physicalAddress.postalCode,
    physicalProvince: profile.physicalAddress.province,
    postalAddress: addressLine(postal),
    postalPostalCode: postal.postalCode,
    bankName: bank?.name ?? profile.bank.otherBankName ?? '',
    branchCode: profile.bank.branchCode,
    accountNumber: profile.bank.accountNumber,
    accountType: ACCOUNT_TYPE_LABELS[profile.bank.accountType],
    accountHolder: profile.bank.accountHolder,
    vatNumber: profile.vatNumber ?? '',
    signingDate,
  };
}
