// The register prefixes an HPCSA registration number starts with, and the other statutory
// councils a practitioner may be registered with instead. Plain data, bundled into the wizard.
//
// Source: the prefixes the bureau listed when it asked for this check (MP, DP, PS, OT, PT, DT,
// the SLT family, PR, PMT, PSIN, RSDR), as they appear on practitioners' HPCSA registration
// certificates. Unverified against the HPCSA's own register (https://www.hpcsa.co.za): only MP,
// DP, PS, OT, PT and DT are named with their register here; for the others the register is
// marked unconfirmed. A prefix missing from this list is refused with a message that says so;
// docs/decisions/073-practitioner-numbers.md says how to add one.

export type HpcsaRegister = { prefix: string; register: string };

export const HPCSA_REGISTERS: readonly HpcsaRegister[] = [
  { prefix: 'MP', register: 'Medical practitioners' },
  { prefix: 'DP', register: 'Dentists' },
  { prefix: 'PS', register: 'Psychologists' },
  { prefix: 'OT', register: 'Occupational therapists' },
  { prefix: 'PT', register: 'Physiotherapists' },
  { prefix: 'DT', register: 'Dietitians' },
  { prefix: 'SLT', register: 'Speech, language and hearing (unconfirmed)' },
  { prefix: 'SLH', register: 'Speech, language and hearing (unconfirmed)' },
  { prefix: 'PR', register: 'Unconfirmed' },
  { prefix: 'PMT', register: 'Unconfirmed' },
  { prefix: 'PSIN', register: 'Unconfirmed' },
  { prefix: 'RSDR', register: 'Unconfirmed' },
];

/**
 * Councils other than the HPCSA that register health practitioners in South Africa, e.g.
 * chiropractors, homeopaths and naturopaths with the Allied Health Professions Council (AHPCSA).
 * Their numbers are written after the council's short name ("AHPCSA A12345") in the same field.
 */
export const OTHER_COUNCILS: readonly { code: string; name: string }[] = [
  { code: 'AHPCSA', name: 'Allied Health Professions Council of South Africa' },
  { code: 'SANC', name: 'South African Nursing Council' },
  { code: 'SAPC', name: 'South African Pharmacy Council' },
];
