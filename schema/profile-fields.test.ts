import { describe, expect, it } from 'vitest';
import { normaliseFieldName, PROFILE_FIELDS, proposeProfileField } from './profile-fields.ts';

describe("a form field's name proposes the profile field it asks for", () => {
  it.each([
    ['Surname', 'lastName'],
    ['Br Code', 'branchCode'],
    ['Br. Code:', 'branchCode'],
    ['acc_no', 'accountNumber'],
    ['AccountHolder', 'accountHolder'],
    ['Account holder (as on statement)', 'accountHolder'],
    ['ID No', 'idNumber'],
    ['Practice No.', 'practiceNumber'],
    ['E-mail', 'email'],
    ['Date of Birth', 'dateOfBirth'],
    ['HPCSA Reg Number', 'hpcsaNumber'],
    ['VAT Reg. No', 'vatNumber'],
    ['Signature of practitioner', 'signature'],
    ['Account Type', 'accountType'],
  ])('%s → %s', (name, key) => {
    expect(proposeProfileField(name)).toBe(key);
  });

  it('proposes nothing for a name it does not know', () => {
    expect(proposeProfileField('Text1')).toBeUndefined();
    expect(proposeProfileField('Check Box 7')).toBeUndefined();
    expect(proposeProfileField('')).toBeUndefined();
  });

  it('normalises punctuation, case and camel case', () => {
    expect(normaliseFieldName('  Br._Code: ')).toBe('br code');
    expect(normaliseFieldName('dateOfBirth')).toBe('date of birth');
  });

  it('gives every profile field a label and no known name to two fields', () => {
    const seen = new Map<string, string>();
    for (const field of PROFILE_FIELDS) {
      expect(field.label).not.toBe('');
      for (const name of field.names) {
        expect(
          seen.get(name),
          `${name} named by ${seen.get(name)} and ${field.key}`,
        ).toBeUndefined();
        seen.set(name, field.key);
      }
    }
  });
});
