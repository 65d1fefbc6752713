// A whole practitioner profile as the tracking page sends it (schema/practitioner-profile.ts),
// typed as a practitioner would: spaces in the numbers.
export function aProfile() {
  return {
    practiceName: 'Jacaranda Family Practice',
    physicalAddress: {
      line1: '12 Jacaranda Street',
      city: 'Pretoria',
      postalCode: '0083',
      province: 'Gauteng',
    },
    dateOfBirth: '1980-01-01',
    gender: 'male',
    qualifications: 'MBChB (UP) 2004',
    councilRegistration: 'MP 0123456',
    bank: {
      bank: 'capitec',
      branchCode: '470010',
      accountNumber: '1234 567 890',
      accountType: 'savings',
      accountHolder: 'Dr T Nkosi',
    },
  };
}
