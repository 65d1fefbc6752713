import { describe, expect, it } from 'vitest';
import { luhnValid } from './practitioner-numbers.ts';
import {
  accountNumberProblem,
  branchCodeProblem,
  dateOfBirthProblem,
  digitsOnly,
  idNumberFacts,
  isoDateProblem,
  PROFILE_MESSAGES,
  postalCodeProblem,
  vatNumberProblem,
} from './profile-rules.ts';

const today = new Date('2026-11-27T10:00:00Z');

/** A valid ID number for the given first ten digits (citizen, any 12th digit, Luhn digit). */
function idNumber(first10: string): string {
  const twelve = `${first10}08`;
  for (let check = 0; check <= 9; check++) {
    if (luhnValid(`${twelve}${check}`)) return `${twelve}${check}`;
  }
  throw new Error('no check digit');
}

describe('what an SA ID number says of its holder', () => {
  it('reads the date of birth and the gender', () => {
    expect(idNumberFacts(idNumber('8403210123'), today)).toEqual({
      dateOfBirth: '1984-03-21',
      gender: 'female',
    });
    expect(idNumberFacts(idNumber('9912315800'), today)).toEqual({
      dateOfBirth: '1999-12-31',
      gender: 'male',
    });
  });

  it('takes the century that does not put the birth in the future', () => {
    expect(idNumberFacts(idNumber('0002294999'), today)?.dateOfBirth).toBe('2000-02-29');
    expect(idNumberFacts(idNumber('2611265000'), today)?.dateOfBirth).toBe('2026-11-26');
    // Tomorrow in 2026 cannot be a birthday yet: 1926.
    expect(idNumberFacts(idNumber('2611285000'), today)?.dateOfBirth).toBe('1926-11-28');
    expect(idNumberFacts(idNumber('2701015000'), today)?.dateOfBirth).toBe('1927-01-01');
  });

  it('accepts the spaces people type and says nothing of an invalid number', () => {
    const id = idNumber('8403210123');
    expect(
      idNumberFacts(`${id.slice(0, 6)} ${id.slice(6, 10)} ${id.slice(10)}`, today)?.gender,
    ).toBe('female');
    expect(idNumberFacts('8403210123089', today)).toBeUndefined();
    expect(idNumberFacts('840321', today)).toBeUndefined();
  });
});

describe('dates', () => {
  it('accepts only real calendar dates as YYYY-MM-DD', () => {
    expect(isoDateProblem('1984-03-21')).toBeUndefined();
    expect(isoDateProblem('2000-02-29')).toBeUndefined();
    expect(isoDateProblem('1900-02-29')).toBe(PROFILE_MESSAGES.date);
    expect(isoDateProblem('1984-13-01')).toBe(PROFILE_MESSAGES.date);
    expect(isoDateProblem('1984-04-31')).toBe(PROFILE_MESSAGES.date);
    expect(isoDateProblem('21/03/1984')).toBe(PROFILE_MESSAGES.date);
    expect(isoDateProblem('')).toBe(PROFILE_MESSAGES.date);
  });

  it('keeps a date of birth in the past and a working age', () => {
    expect(dateOfBirthProblem('1984-03-21', today)).toBeUndefined();
    expect(dateOfBirthProblem('2027-01-01', today)).toBe(PROFILE_MESSAGES.dateOfBirthFuture);
    expect(dateOfBirthProblem('2015-06-01', today)).toBe(PROFILE_MESSAGES.dateOfBirthAge);
    expect(dateOfBirthProblem('1920-06-01', today)).toBe(PROFILE_MESSAGES.dateOfBirthAge);
    expect(dateOfBirthProblem('1984-02-30', today)).toBe(PROFILE_MESSAGES.date);
  });
});

describe('bank details and tax numbers', () => {
  it('accepts account numbers with spaces and hyphens, 6 to 13 digits', () => {
    expect(digitsOnly('62 1234-5678')).toBe('6212345678');
    expect(accountNumberProblem('62 1234 5678')).toBeUndefined();
    expect(accountNumberProblem('1234-567')).toBeUndefined();
    expect(accountNumberProblem('12345')).toBe(PROFILE_MESSAGES.accountNumber);
    expect(accountNumberProblem('12345678901234')).toBe(PROFILE_MESSAGES.accountNumber);
    expect(accountNumberProblem('6212O45678')).toBe(PROFILE_MESSAGES.accountNumber);
  });

  it('wants a six-digit branch code', () => {
    expect(branchCodeProblem('250 655')).toBeUndefined();
    expect(branchCodeProblem('051001')).toBeUndefined();
    expect(branchCodeProblem('51001')).toBe(PROFILE_MESSAGES.branchCode);
  });

  it('wants a VAT number of 10 digits starting with 4', () => {
    expect(vatNumberProblem('4123 456 789')).toBeUndefined();
    expect(vatNumberProblem('5123456789')).toBe(PROFILE_MESSAGES.vatNumber);
    expect(vatNumberProblem('412345678')).toBe(PROFILE_MESSAGES.vatNumber);
  });

  it('wants a four-digit postal code', () => {
    expect(postalCodeProblem('0181')).toBeUndefined();
    expect(postalCodeProblem('181')).toBe(PROFILE_MESSAGES.postalCode);
  });
});
