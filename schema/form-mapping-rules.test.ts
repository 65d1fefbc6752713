import { describe, expect, it } from 'vitest';
import type { FormField } from './form-mapping-api.ts';
import { fieldMapping, formMappingRequest } from './form-mapping-api.ts';
import {
  chosenOption,
  isTicked,
  mappingFor,
  mappingProblems,
  proposeAnswer,
  proposeChoices,
  vanishedFields,
} from './form-mapping-rules.ts';

const field = (name: string, kind: FormField['kind'], options: string[] = []): FormField => ({
  name,
  kind,
  options,
  box: { page: 0, x: 10, y: 10, width: 100, height: 20 },
});

describe("a radio group's options", () => {
  it("are chosen by the answer their name says, where it says one ('Cheque' for 'Cheque / current')", () => {
    expect(proposeChoices(['Cheque', 'Savings', 'Transmission'], 'accountType')).toEqual([
      { option: 'Cheque', answer: 'Cheque / current' },
      { option: 'Savings', answer: 'Savings' },
      { option: 'Transmission', answer: 'Transmission' },
    ]);
  });

  it('propose nothing where the names are codes, and nothing for a field without fixed answers', () => {
    expect(proposeChoices(['1', '2', '3'], 'accountType')).toEqual([]);
    expect(proposeChoices(['Yes', 'No'], 'lastName')).toEqual([]);
  });

  it("choose the option staff paired with the profile's answer, however it is written", () => {
    const mapping = {
      choices: [
        { option: '1', answer: 'Cheque / current' },
        { option: '2', answer: 'Savings' },
      ],
    };
    expect(chosenOption(mapping, ['1', '2', '3'], 'savings')).toBe('2');
    expect(chosenOption(mapping, ['1', '2', '3'], 'Cheque / current')).toBe('1');
    // An answer staff paired with nothing leaves the group empty rather than guessing.
    expect(chosenOption(mapping, ['1', '2', '3'], 'Transmission')).toBeUndefined();
    // Without pairs, the option's name is matched.
    expect(chosenOption({}, ['Cheque', 'Savings'], 'Cheque / current')).toBe('Cheque');
  });
});

describe('a checkbox', () => {
  it("stands for the fixed answer its name says ('Female'), and none otherwise", () => {
    expect(proposeAnswer('Female', 'gender')).toBe('Female');
    expect(proposeAnswer('Savings account', 'accountType')).toBe('Savings');
    expect(proposeAnswer('VAT registered', 'vatNumber')).toBeUndefined();
  });

  it('is ticked for its answer only, or for any value that is not empty or no', () => {
    expect(isTicked({ answer: 'Female' }, 'Female')).toBe(true);
    expect(isTicked({ answer: 'Female' }, 'Male')).toBe(false);
    expect(isTicked({}, '4123456789')).toBe(true);
    expect(isTicked({}, '')).toBe(false);
    expect(isTicked({}, 'No')).toBe(false);
  });
});

describe('the mapping a field starts with', () => {
  it('carries the answers proposed for checkboxes and radio groups', () => {
    expect(
      mappingFor(field('Account type', 'radio', ['Cheque', 'Savings']), 'accountType'),
    ).toEqual({
      formField: 'Account type',
      profileField: 'accountType',
      choices: [
        { option: 'Cheque', answer: 'Cheque / current' },
        { option: 'Savings', answer: 'Savings' },
      ],
    });
    expect(mappingFor(field('Female', 'checkbox'), 'gender')).toEqual({
      formField: 'Female',
      profileField: 'gender',
      answer: 'Female',
    });
    expect(mappingFor(field('Surname', 'text'), 'lastName')).toEqual({
      formField: 'Surname',
      profileField: 'lastName',
    });
  });
});

describe('whether a mapping fits its form', () => {
  const fields = [field('Surname', 'text'), field('Account type', 'radio', ['1', '2'])];

  it('names each problem by its place in the list', () => {
    expect(
      mappingProblems(
        [
          { formField: 'Surname', profileField: 'lastName' },
          { formField: 'Surname', profileField: 'firstName' },
          { formField: 'Middle name', profileField: 'firstName' },
          {
            formField: 'Account type',
            profileField: 'accountType',
            choices: [{ option: '9', answer: 'Savings' }],
          },
          { placed: { page: 2, x: 1, y: 1, width: 5, height: 5 }, profileField: 'fullName' },
        ],
        fields,
        2,
      ),
    ).toEqual({
      'mappings.1': "'Surname' is mapped twice",
      'mappings.2': "The form has no field named 'Middle name'",
      'mappings.3': "'Account type' has no option '9'",
      'mappings.4': 'The form has 2 page(s); this box is on page 3',
    });
  });

  it('finds nothing wrong with a mapping that fits', () => {
    expect(
      mappingProblems(
        [
          {
            formField: 'Account type',
            profileField: 'accountType',
            choices: [{ option: '2', answer: 'Savings' }],
          },
          {
            placed: { page: 1, x: 1, y: 1, width: 5, height: 5 },
            profileField: 'gender',
            kind: 'checkbox',
            answer: 'Female',
          },
        ],
        fields,
        2,
      ),
    ).toEqual({});
  });
});

describe('a new version of a form', () => {
  it('shows which mapped fields of the earlier version it lacks', () => {
    expect(
      vanishedFields(
        [
          { formField: 'Surname', profileField: 'lastName' },
          { formField: 'Br Code', profileField: 'branchCode' },
          { placed: { page: 0, x: 1, y: 1, width: 5, height: 5 }, profileField: 'signature' },
        ],
        [field('Surname', 'text')],
      ),
    ).toEqual(['Br Code']);
  });
});

describe('the mapping contract', () => {
  it('refuses an empty answer, an unknown box kind and more than 300 mapped fields', () => {
    expect(
      fieldMapping.safeParse({ formField: 'Female', profileField: 'gender', answer: ' ' }).success,
    ).toBe(false);
    expect(
      fieldMapping.safeParse({
        placed: { page: 0, x: 1, y: 1, width: 5, height: 5 },
        profileField: 'gender',
        kind: 'circle',
      }).success,
    ).toBe(false);
    const many = Array.from({ length: 301 }, (_, i) => ({
      formField: `F${i}`,
      profileField: 'lastName',
    }));
    expect(formMappingRequest.safeParse({ mappings: many }).success).toBe(false);
  });
});
