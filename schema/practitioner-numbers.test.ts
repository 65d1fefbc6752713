import { describe, expect, it } from 'vitest';
import {
  formatSaPhone,
  HPCSA_MESSAGES,
  hpcsaNumberProblem,
  ID_NUMBER_MESSAGES,
  idNumberProblem,
  isSaMobile,
  isValidPracticeNumber,
  normaliseHpcsaNumber,
  toE164,
} from './practitioner-numbers.ts';
import { hpcsaNumberField, practiceNumberField, practitionerInput } from './submission-api.ts';

const practitioner = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  phone: '082 123 4567',
  specialization: 'General Practitioner',
};

describe('SA ID number', () => {
  it('accepts a citizen and a permanent resident with a real date and check digit', () => {
    expect(idNumberProblem('8001015009087')).toBeUndefined(); // citizen, 1 January 1980
    expect(idNumberProblem('0002290001185')).toBeUndefined(); // permanent resident, 29 Feb 2000
  });
  it('names what is wrong', () => {
    expect(idNumberProblem('800101500908')).toBe(ID_NUMBER_MESSAGES.format);
    expect(idNumberProblem('80010150090877')).toBe(ID_NUMBER_MESSAGES.format);
    expect(idNumberProblem('800101500908a')).toBe(ID_NUMBER_MESSAGES.format);
    expect(idNumberProblem('8013015009087')).toBe(ID_NUMBER_MESSAGES.date); // month 13
    expect(idNumberProblem('8002305009087')).toBe(ID_NUMBER_MESSAGES.date); // 30 February
    expect(idNumberProblem('8001015009281')).toBe(ID_NUMBER_MESSAGES.citizenship); // digit 11 is 2
    expect(idNumberProblem('8001015009088')).toBe(ID_NUMBER_MESSAGES.checkDigit);
  });
  it('gives the message through the shared contract, and lets an empty one through', () => {
    const parsed = practitionerInput.safeParse({ ...practitioner, idNumber: '8001015009281' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(ID_NUMBER_MESSAGES.citizenship);
    expect(practitionerInput.safeParse({ ...practitioner, idNumber: '' }).success).toBe(true);
  });
});

describe('PCNS practice number', () => {
  it('is 7 digits kept as a string with its leading zeros, spaces dropped', () => {
    expect(isValidPracticeNumber('0123456')).toBe(true);
    expect(practiceNumberField.parse(' 012 3456 ')).toBe('0123456');
    expect(isValidPracticeNumber('012345')).toBe(false);
    expect(isValidPracticeNumber('01234567')).toBe(false);
    expect(isValidPracticeNumber('PR01234')).toBe(false);
    expect(practiceNumberField.safeParse('12345').error?.issues[0]?.message).toBe(
      'The PCNS practice number is 7 digits',
    );
  });
});

describe('HPCSA registration number', () => {
  it('takes a known register prefix and 7 digits, spaces tolerated and normalised', () => {
    expect(hpcsaNumberField.parse('MP 0123456')).toBe('MP0123456');
    expect(hpcsaNumberField.parse('mp0123456')).toBe('MP0123456');
    expect(hpcsaNumberField.parse('PS 012 3456')).toBe('PS0123456');
    expect(hpcsaNumberField.parse('PSIN0012345')).toBe('PSIN0012345');
    expect(hpcsaNumberField.parse('DT0001234')).toBe('DT0001234');
  });
  it('refuses the wrong length, no prefix, and an unknown prefix with a way forward', () => {
    expect(hpcsaNumberProblem('DP 012345')).toBe(HPCSA_MESSAGES.format); // 6 digits
    expect(hpcsaNumberProblem('0123456')).toBe(HPCSA_MESSAGES.format);
    expect(hpcsaNumberProblem('MPDPX0123456')).toBe(HPCSA_MESSAGES.format); // 5 letters
    expect(hpcsaNumberProblem('XY0123456')).toBe(HPCSA_MESSAGES.prefix);
    expect(HPCSA_MESSAGES.prefix).toContain('AHPCSA');
  });
  it('takes the number of another council written after its name (e.g. a chiropractor)', () => {
    expect(hpcsaNumberField.parse('AHPCSA A12345')).toBe('AHPCSA A12345');
    expect(hpcsaNumberField.parse('ahpcsa: a12345')).toBe('AHPCSA A12345');
    expect(normaliseHpcsaNumber('SANC 12345678')).toBe('SANC 12345678');
    expect(hpcsaNumberProblem('AHPCSA')).toBe(HPCSA_MESSAGES.otherCouncil);
  });
});

describe('phone', () => {
  it('accepts South African numbers as typed and keeps them in E.164', () => {
    expect(toE164('082 123 4567')).toBe('+27821234567');
    expect(toE164('+27 82 123 4567')).toBe('+27821234567');
    expect(toE164('+27 (0)82 123 4567')).toBe('+27821234567');
    expect(toE164('0027 82 123 4567')).toBe('+27821234567');
    expect(toE164('(021) 555-1234')).toBe('+27215551234');
    expect(toE164('+27821234567')).toBe('+27821234567');
    expect(practitionerInput.parse(practitioner).phone).toBe('+27821234567');
  });
  it('refuses numbers that are not South African or too short', () => {
    expect(toE164('12345')).toBeUndefined();
    expect(toE164('0012 345 6789')).toBeUndefined();
    expect(toE164('+44 20 7946 0958')).toBeUndefined();
    expect(toE164('082 123 456')).toBeUndefined();
    expect(practitionerInput.safeParse({ ...practitioner, phone: '12' }).error?.issues[0]).toEqual(
      expect.objectContaining({
        message: 'Enter a South African phone number, e.g. 082 123 4567',
      }),
    );
  });
  it('recognises mobile numbers', () => {
    expect(isSaMobile('+27821234567')).toBe(true);
    expect(isSaMobile('+27721234567')).toBe(true);
    expect(isSaMobile('+27611234567')).toBe(true);
    expect(isSaMobile('+27215551234')).toBe(false); // Cape Town landline
    expect(isSaMobile('+27861234567')).toBe(false); // share-call
  });
  it('shows a stored number the way it is read locally', () => {
    expect(formatSaPhone('+27821234567')).toBe('082 123 4567');
    expect(formatSaPhone('not a number')).toBe('not a number');
  });
});
