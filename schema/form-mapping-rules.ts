// The rules of a registration form's mapping (docs/decisions/092), shared by the staff screen
// that edits it, the server that stores it and the filling that uses it: which answers a
// profile field can have, which of a form's options or boxes stands for which answer, and
// whether a mapping fits the form it is saved for.
import type { FieldMapping, FormField, OptionChoice } from './form-mapping-api.ts';
import { ACCOUNT_TYPE_LABELS, SA_PROVINCES } from './practitioner-profile.ts';
import { normaliseFieldName, type ProfileFieldKey, proposeProfileField } from './profile-fields.ts';

/** Profile fields with a few fixed answers: the texts profile-values.ts gives them. */
export const FIXED_ANSWERS: Partial<Record<ProfileFieldKey, readonly string[]>> = {
  gender: ['Female', 'Male'],
  accountType: Object.values(ACCOUNT_TYPE_LABELS),
  physicalProvince: SA_PROVINCES,
};

export const fixedAnswersOf = (key: ProfileFieldKey): readonly string[] => FIXED_ANSWERS[key] ?? [];

/** 'Cheque / current' and 'cheque current' are the same answer. */
export const sameAnswer = (a: string, b: string) =>
  normaliseFieldName(a) !== '' && normaliseFieldName(a) === normaliseFieldName(b);

/** The option a value stands for: 'Savings' for 'savings', 'Cheque' for 'Cheque / current'. */
export function matchOption(options: readonly string[], value: string): string | undefined {
  const wanted = normaliseFieldName(value);
  if (wanted === '') return undefined;
  return (
    options.find((option) => normaliseFieldName(option) === wanted) ??
    options.find((option) => {
      const name = normaliseFieldName(option);
      return name !== '' && (wanted.startsWith(`${name} `) || name.startsWith(`${wanted} `));
    })
  );
}

/** For a radio group or dropdown: each fixed answer's option, where the option's name says it. */
export function proposeChoices(
  options: readonly string[],
  profileField: ProfileFieldKey,
): OptionChoice[] {
  return fixedAnswersOf(profileField).flatMap((answer) => {
    const option = matchOption(options, answer);
    return option ? [{ option, answer }] : [];
  });
}

/** For a checkbox: the fixed answer its own name says ('Female', 'Savings account'). */
export function proposeAnswer(fieldName: string, profileField: ProfileFieldKey) {
  const answers = fixedAnswersOf(profileField);
  return answers.find((answer) => matchOption([fieldName], answer) !== undefined);
}

/**
 * The profile field a form field is proposed for: a signature box is the signature; then its
 * name ('Br Code'); a checkbox named as a fixed answer ('Female') stands for that answer's field.
 */
export function proposeFor(field: FormField): ProfileFieldKey | undefined {
  if (field.kind === 'signature') return 'signature';
  const byName = proposeProfileField(field.name);
  if (byName || field.kind !== 'checkbox') return byName;
  const entry = Object.entries(FIXED_ANSWERS).find(([, answers]) =>
    answers.some((answer) => sameAnswer(answer, field.name)),
  );
  return entry?.[0] as ProfileFieldKey | undefined;
}

/** The mapping staff start from for one form field, with its answers proposed. */
export function mappingFor(field: FormField, profileField: ProfileFieldKey): FieldMapping {
  const mapping: FieldMapping = { formField: field.name, profileField };
  if (field.kind === 'checkbox') {
    const answer = proposeAnswer(field.name, profileField);
    if (answer) mapping.answer = answer;
  } else if (field.kind === 'radio' || field.kind === 'dropdown') {
    const choices = proposeChoices(field.options, profileField);
    if (choices.length > 0) mapping.choices = choices;
  }
  return mapping;
}

const falsy = new Set(['', 'no', 'n', 'false', 'off', '0']);

/** Whether a checkbox (or a placed tick box) is ticked for this value. */
export function isTicked(mapping: { answer?: string | undefined }, value: string): boolean {
  if (mapping.answer !== undefined) return sameAnswer(mapping.answer, value);
  return !falsy.has(value.trim().toLowerCase());
}

/** The option of a radio group or dropdown this value chooses. */
export function chosenOption(
  mapping: { choices?: OptionChoice[] | undefined },
  options: readonly string[],
  value: string,
): string | undefined {
  const choice = mapping.choices?.find((c) => sameAnswer(c.answer, value));
  if (choice && options.includes(choice.option)) return choice.option;
  return mapping.choices?.length ? undefined : matchOption(options, value);
}

/**
 * What does not fit the form, by the mapping's index: a field the form lacks or mapped twice,
 * an option the field does not have, a box beyond the last page. Empty when it all fits.
 */
export function mappingProblems(
  mappings: readonly FieldMapping[],
  fields: readonly FormField[],
  pageCount: number,
): Record<string, string> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const seen = new Set<string>();
  const problems: Record<string, string> = {};
  mappings.forEach((mapping, index) => {
    const key = `mappings.${index}`;
    if ('placed' in mapping) {
      if (mapping.placed.page >= pageCount) {
        problems[key] =
          `The form has ${pageCount} page(s); this box is on page ${mapping.placed.page + 1}`;
      }
      return;
    }
    const field = byName.get(mapping.formField);
    if (!field) problems[key] = `The form has no field named '${mapping.formField}'`;
    else if (seen.has(mapping.formField)) problems[key] = `'${mapping.formField}' is mapped twice`;
    else {
      const unknown = mapping.choices?.find((choice) => !field.options.includes(choice.option));
      if (unknown) problems[key] = `'${field.name}' has no option '${unknown.option}'`;
    }
    seen.add(mapping.formField);
  });
  return problems;
}

/** The form fields an earlier version mapped that this version does not have. */
export function vanishedFields(
  earlier: readonly FieldMapping[],
  fields: readonly FormField[],
): string[] {
  const names = new Set(fields.map((field) => field.name));
  return earlier.flatMap((mapping) =>
    'formField' in mapping && !names.has(mapping.formField) ? [mapping.formField] : [],
  );
}
