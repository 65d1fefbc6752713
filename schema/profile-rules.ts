// The checks of the practitioner profile (schema/practitioner-profile.ts) that scheme forms are
// filled from: what an SA ID number says of its holder, bank account and branch codes, VAT
// numbers and dates. Each check returns the message to show next to the field, or undefined
// when the value is fine; values are accepted with the spaces people type.
import { isValidSaIdNumber } from './practitioner-numbers.ts';

/** Spaces and hyphens people type between groups of digits. */
export const digitsOnly = (value: string) => value.replace(/[\s-]+/g, '');

export type Gender = 'female' | 'male';

/**
 * What a valid SA ID number tells of its holder: YYMMDD is the date of birth (the century is
 * the one that does not put the birth in the future), and SSSS below 5000 is female.
 * Undefined for a number that is not a valid ID number.
 */
export function idNumberFacts(
  idNumber: string,
  today: Date,
): { dateOfBirth: string; gender: Gender } | undefined {
  const id = digitsOnly(idNumber);
  if (!isValidSaIdNumber(id)) return undefined;
  const yy = Number(id.slice(0, 2));
  const thisYear = today.getUTCFullYear();
  let year = 2000 + yy;
  const birthday = Date.UTC(year, Number(id.slice(2, 4)) - 1, Number(id.slice(4, 6)));
  if (year > thisYear || birthday > today.getTime()) year -= 100;
  return {
    dateOfBirth: `${year}-${id.slice(2, 4)}-${id.slice(4, 6)}`,
    gender: Number(id.slice(6, 10)) < 5000 ? 'female' : 'male',
  };
}

export const PROFILE_MESSAGES = {
  date: 'Enter a real date as YYYY-MM-DD, e.g. 1984-03-21',
  dateOfBirthFuture: 'A date of birth cannot be in the future',
  dateOfBirthAge: 'Check the year: a practising professional is 18 to 100 years old',
  dateOfBirthId: 'This does not match the date of birth in your ID number',
  accountNumber: 'Enter the account number: 6 to 13 digits (spaces are fine)',
  branchCode: 'A branch code is 6 digits, e.g. 250655',
  vatNumber: 'A South African VAT number is 10 digits starting with 4, e.g. 4123456789',
  postalCode: 'A postal code is 4 digits, e.g. 0181',
} as const;

/** A real calendar date written YYYY-MM-DD. */
export function isoDateProblem(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return PROFILE_MESSAGES.date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) {
    return PROFILE_MESSAGES.date;
  }
  return date.getUTCDate() === day ? undefined : PROFILE_MESSAGES.date;
}

/** A date of birth: a real date, not in the future, 18 to 100 years before today. */
export function dateOfBirthProblem(value: string, today: Date): string | undefined {
  const format = isoDateProblem(value);
  if (format) return format;
  const born = new Date(`${value}T00:00:00Z`);
  if (born.getTime() > today.getTime()) return PROFILE_MESSAGES.dateOfBirthFuture;
  const age = (today.getTime() - born.getTime()) / (365.2425 * 24 * 3600 * 1000);
  return age < 18 || age > 100 ? PROFILE_MESSAGES.dateOfBirthAge : undefined;
}

/** SA bank account numbers run from 6 (some older accounts) to 13 digits. */
export function accountNumberProblem(value: string): string | undefined {
  return /^\d{6,13}$/.test(digitsOnly(value)) ? undefined : PROFILE_MESSAGES.accountNumber;
}

export function branchCodeProblem(value: string): string | undefined {
  return /^\d{6}$/.test(digitsOnly(value)) ? undefined : PROFILE_MESSAGES.branchCode;
}

/** SARS VAT numbers: 10 digits, the first a 4. */
export function vatNumberProblem(value: string): string | undefined {
  return /^4\d{9}$/.test(digitsOnly(value)) ? undefined : PROFILE_MESSAGES.vatNumber;
}

export function postalCodeProblem(value: string): string | undefined {
  return /^\d{4}$/.test(digitsOnly(value)) ? undefined : PROFILE_MESSAGES.postalCode;
}
