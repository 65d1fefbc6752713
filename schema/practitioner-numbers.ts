// How South African registries write a practitioner's numbers, checked and normalised the same
// way in the wizard and on the server (schema/submission-api.ts). Each check returns the message to show
// next to the field, or undefined when the value is fine. No imports of heavy libraries: this
// file is bundled into the wizard.
import { HPCSA_REGISTERS, OTHER_COUNCILS } from './hpcsa-registers.ts';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const ID_NUMBER_MESSAGES = {
  format: 'Enter a valid 13-digit South African ID number',
  date: 'The first six digits of an ID number are a date of birth (YYMMDD)',
  citizenship: 'The 11th digit of an ID number is 0 (citizen) or 1 (permanent resident)',
  checkDigit: 'This ID number does not add up (check digit); check it for a typing mistake',
} as const;

/** South African ID number: YYMMDD a real date, SSSS, citizenship 0 or 1, a digit, Luhn digit. */
export function idNumberProblem(value: string): string | undefined {
  if (!/^\d{13}$/.test(value)) return ID_NUMBER_MESSAGES.format;
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  // Any century: 29 February needs a year that can be a leap year in 19xx or 20xx.
  const yy = Number(value.slice(0, 2));
  const days = Math.max(
    new Date(Date.UTC(2000 + yy, month, 0)).getUTCDate(),
    new Date(Date.UTC(1900 + yy, month, 0)).getUTCDate(),
  );
  if (month < 1 || month > 12 || day < 1 || day > days) return ID_NUMBER_MESSAGES.date;
  if (value[10] !== '0' && value[10] !== '1') return ID_NUMBER_MESSAGES.citizenship;
  if (!luhnValid(value)) return ID_NUMBER_MESSAGES.checkDigit;
  return undefined;
}

export function isValidSaIdNumber(value: string): boolean {
  return idNumberProblem(value) === undefined;
}

/** Spaces people type between groups of digits or letters. */
const compact = (value: string) => value.replace(/\s+/g, '');

/** PCNS practice number issued by the BHF: 7 digits, a string so leading zeros stay. */
export function normalisePracticeNumber(value: string): string {
  return compact(value);
}

export function isValidPracticeNumber(value: string): boolean {
  return /^\d{7}$/.test(normalisePracticeNumber(value));
}

export const HPCSA_MESSAGES = {
  format: 'Enter your HPCSA registration number, e.g. MP0123456',
  prefix:
    'This is not a known HPCSA register prefix (e.g. MP, DP, PS). Registered with another council? Start with its name, e.g. AHPCSA A12345',
  otherCouncil: "Write the council's name, then your number with it, e.g. AHPCSA A12345",
} as const;

const otherCouncil = new RegExp(
  `^(${OTHER_COUNCILS.map((c) => c.code).join('|')})[\\s:]*([A-Z0-9][A-Z0-9/-]{1,19})$`,
);

/**
 * An HPCSA number in its written form, `MP 0123456` → `MP0123456`; a number of another
 * council as "CODE number", `ahpcsa: a12345` → `AHPCSA A12345`. Anything else unchanged.
 */
export function normaliseHpcsaNumber(value: string): string {
  const upper = value.trim().toUpperCase();
  const council = otherCouncil.exec(upper);
  if (council) return `${council[1]} ${council[2]}`;
  const hpcsa = /^([A-Z]{2,4})\s*(\d{7})$/.exec(compact(upper));
  return hpcsa ? `${hpcsa[1]}${hpcsa[2]}` : upper;
}

/** An HPCSA register prefix of 2–4 letters and 7 digits, or another council's number. */
export function hpcsaNumberProblem(value: string): string | undefined {
  const upper = value.trim().toUpperCase();
  if (OTHER_COUNCILS.some((c) => upper.startsWith(c.code))) {
    return otherCouncil.test(upper) ? undefined : HPCSA_MESSAGES.otherCouncil;
  }
  const match = /^([A-Z]{2,4})(\d{7})$/.exec(compact(upper));
  if (!match) return HPCSA_MESSAGES.format;
  return HPCSA_REGISTERS.some((r) => r.prefix === match[1]) ? undefined : HPCSA_MESSAGES.prefix;
}

export function isValidHpcsaNumber(value: string): boolean {
  return hpcsaNumberProblem(value) === undefined;
}

/**
 * A South African number as people write it (`082 123 4567`, `+27 82 123 4567`,
 * `+27 (0)82 123 4567`, `(021) 555-1234`) in E.164 (`+27821234567`), or undefined.
 */
export function toE164(value: string): string | undefined {
  const digits = value.replace(/[\s().-]/g, '');
  const match = /^(?:\+27|0027|27)0?([1-8]\d{8})$/.exec(digits) ?? /^0([1-8]\d{8})$/.exec(digits);
  return match ? `+27${match[1]}` : undefined;
}

export function isValidSaPhone(value: string): boolean {
  return toE164(value) !== undefined;
}

/**
 * A mobile number (for text messages): 06x, 071–079 and 081–084 in the national numbering
 * plan, as commonly published (not checked against ICASA's current allocations).
 */
export function isSaMobile(e164: string): boolean {
  return /^\+27(?:6\d|7[1-9]|8[1-4])\d{7}$/.test(e164);
}

/** `+27821234567` → `082 123 4567`, the way South Africans read a number; others unchanged. */
export function formatSaPhone(stored: string): string {
  const e164 = toE164(stored);
  if (!e164) return stored;
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
