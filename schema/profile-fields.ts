// The values a scheme's registration form can be filled with, and the mapping staff confirm for
// each form: a form field's own name ('Surname', 'Br Code') proposes the profile field it most
// likely asks for. The proposal is only a start; staff confirm or change every pair.

export const PROFILE_FIELDS = [
  { key: 'title', label: 'Title (Dr)', names: ['title'] },
  {
    key: 'firstName',
    label: 'First name',
    names: ['first name', 'firstname', 'forename', 'given name', 'name'],
  },
  {
    key: 'lastName',
    label: 'Last name',
    names: ['surname', 'last name', 'lastname', 'family name'],
  },
  { key: 'initials', label: 'Initials', names: ['initials', 'init'] },
  {
    key: 'fullName',
    label: 'Full name',
    names: ['full name', 'fullname', 'name and surname', 'practitioner name', 'applicant name'],
  },
  {
    key: 'idNumber',
    label: 'SA ID number',
    names: ['id number', 'id no', 'identity number', 'id', 'rsa id', 'identity no'],
  },
  {
    key: 'dateOfBirth',
    label: 'Date of birth',
    names: ['date of birth', 'dob', 'birth date', 'birthdate'],
  },
  { key: 'gender', label: 'Gender', names: ['gender', 'sex'] },
  {
    key: 'email',
    label: 'E-mail address',
    names: ['email', 'e mail', 'email address', 'e mail address'],
  },
  {
    key: 'phone',
    label: 'Phone number',
    names: [
      'phone',
      'cell',
      'cellphone',
      'mobile',
      'telephone',
      'tel',
      'contact number',
      'cell no',
    ],
  },
  {
    key: 'practiceNumber',
    label: 'PCNS practice number',
    names: ['practice number', 'practice no', 'pcns', 'pcns number', 'bhf number', 'practice code'],
  },
  {
    key: 'hpcsaNumber',
    label: 'HPCSA / council registration',
    names: [
      'hpcsa',
      'hpcsa number',
      'hpcsa no',
      'council registration',
      'registration number',
      'mp number',
    ],
  },
  {
    key: 'specialization',
    label: 'Specialisation / discipline',
    names: ['specialisation', 'specialization', 'discipline', 'speciality', 'specialty'],
  },
  {
    key: 'qualifications',
    label: 'Qualifications',
    names: ['qualifications', 'qualification', 'degree', 'degrees'],
  },
  {
    key: 'practiceName',
    label: 'Practice name',
    names: ['practice name', 'name of practice', 'trading name'],
  },
  {
    key: 'physicalAddress',
    label: 'Physical address (one line)',
    names: ['physical address', 'street address', 'practice address', 'address'],
  },
  {
    key: 'physicalCity',
    label: 'Physical address: town or city',
    names: ['city', 'town', 'physical city'],
  },
  {
    key: 'physicalPostalCode',
    label: 'Physical address: postal code',
    names: ['code', 'physical code', 'postal code physical', 'street code'],
  },
  { key: 'physicalProvince', label: 'Physical address: province', names: ['province'] },
  {
    key: 'postalAddress',
    label: 'Postal address (one line)',
    names: ['postal address', 'po box', 'postal'],
  },
  {
    key: 'postalPostalCode',
    label: 'Postal address: postal code',
    names: ['postal code', 'post code', 'postcode'],
  },
  { key: 'bankName', label: 'Bank', names: ['bank', 'bank name', 'name of bank'] },
  {
    key: 'branchCode',
    label: 'Branch code',
    names: ['branch code', 'br code', 'branch no', 'branch number', 'universal branch code'],
  },
  {
    key: 'accountNumber',
    label: 'Account number',
    names: ['account number', 'acc no', 'account no', 'acc number', 'bank account number'],
  },
  {
    key: 'accountType',
    label: 'Account type',
    names: ['account type', 'acc type', 'type of account'],
  },
  {
    key: 'accountHolder',
    label: 'Account holder',
    names: ['account holder', 'account name', 'name of account holder', 'acc holder'],
  },
  {
    key: 'vatNumber',
    label: 'VAT number',
    names: ['vat', 'vat number', 'vat no', 'vat registration number'],
  },
  {
    key: 'signature',
    label: 'Signature',
    names: ['signature', 'sign', 'signed', 'practitioner signature'],
  },
  {
    key: 'signingDate',
    label: 'Date signed',
    names: ['date', 'date signed', 'signature date', 'signed date'],
  },
] as const;

export type ProfileFieldKey = (typeof PROFILE_FIELDS)[number]['key'];

/** 'Br. Code:' → 'br code'; 'acc_no' → 'acc no'; 'AccountHolder' → 'account holder'. */
export function normaliseFieldName(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The profile field a form field most likely asks for, by its name: an exact match of a known
 * name first, then the longest known name the field's name contains as whole words
 * ('Account holder (as on statement)' → accountHolder). Undefined when nothing matches: staff
 * choose.
 */
export function proposeProfileField(formFieldName: string): ProfileFieldKey | undefined {
  const name = normaliseFieldName(formFieldName);
  if (name === '') return undefined;
  for (const field of PROFILE_FIELDS) {
    if ((field.names as readonly string[]).includes(name)) return field.key;
  }
  let best: { key: ProfileFieldKey; length: number } | undefined;
  const padded = ` ${name} `;
  for (const field of PROFILE_FIELDS) {
    for (const known of field.names) {
      if (known.length > 2 && padded.includes(` ${known} `) && known.length > (best?.length ?? 0)) {
        best = { key: field.key, length: known.length };
      }
    }
  }
  return best?.key;
}
