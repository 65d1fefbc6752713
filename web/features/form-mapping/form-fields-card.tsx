// The fillable form's own fields (AcroForm), one row each: its name, kind and page, and the
// profile field it is filled with; a checkbox's answer and a radio group's options paired with
// the profile's answers. Proposed by name; staff confirm or change every row.
import { useId } from 'react';
import type { FieldMapping, FormField } from '../../../schema/form-mapping-api.ts';
import { fixedAnswersOf } from '../../../schema/form-mapping-rules.ts';
import type { ProfileFieldKey } from '../../../schema/profile-fields.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { inputClass } from '../../ui/field.tsx';
import {
  entryFor,
  type FieldEntry,
  withAnswer,
  withChoice,
  withProfileField,
} from './mapping-draft.ts';
import { ProfileFieldOptions, TickedWhenOptions } from './mapping-options.tsx';

const KIND_LABELS: Record<FormField['kind'], string> = {
  text: 'Text',
  checkbox: 'Checkbox',
  radio: 'Radio group',
  dropdown: 'Dropdown',
  signature: 'Signature',
  other: 'Other',
};

const selectClass = `${inputClass} min-w-48`;

type Change = (next: FieldMapping[]) => void;

export function FormFieldsCard({
  fields,
  mappings,
  problems,
  onChange,
}: {
  fields: FormField[];
  mappings: FieldMapping[];
  problems: Record<string, string>;
  onChange: Change;
}) {
  const mapped = fields.filter((field) => entryFor(mappings, field.name)).length;
  return (
    <Card aria-labelledby="form-fields-title">
      <CardTitle id="form-fields-title">Fields of the form</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {mapped} of {fields.length} fields are filled from the practitioner's profile. Names the
        form uses are matched to profile fields; check each one.
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Form field
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Type
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Page
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Filled with
              </th>
              <th scope="col" className="py-2 font-semibold">
                Values
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => {
              const index = mappings.findIndex(
                (m) => 'formField' in m && m.formField === field.name,
              );
              return (
                <FieldRow
                  key={field.name}
                  field={field}
                  mappings={mappings}
                  problem={index >= 0 ? problems[`mappings.${index}`] : undefined}
                  onChange={onChange}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function FieldRow({
  field,
  mappings,
  problem,
  onChange,
}: {
  field: FormField;
  mappings: FieldMapping[];
  problem: string | undefined;
  onChange: Change;
}) {
  const id = useId();
  const entry = entryFor(mappings, field.name);
  return (
    <tr className="border-b border-slate-100 align-top dark:border-slate-800">
      <th scope="row" className="py-2 pr-3 font-medium break-all">
        {field.name}
        {problem && (
          <p className="mt-1 font-normal text-red-700 dark:text-red-300" role="alert">
            {problem}
          </p>
        )}
      </th>
      <td className="py-2 pr-3">{KIND_LABELS[field.kind]}</td>
      <td className="py-2 pr-3">{field.box ? field.box.page + 1 : '—'}</td>
      <td className="py-2 pr-3">
        <label htmlFor={id} className="sr-only">
          Profile field for {field.name}
        </label>
        <select
          id={id}
          className={selectClass}
          value={entry?.profileField ?? ''}
          onChange={(e) =>
            onChange(withProfileField(mappings, field, e.target.value as ProfileFieldKey | ''))
          }
        >
          <option value="">Not filled</option>
          <ProfileFieldOptions />
        </select>
      </td>
      <td className="py-2">
        {entry && (
          <FieldValues field={field} entry={entry} mappings={mappings} onChange={onChange} />
        )}
      </td>
    </tr>
  );
}

function FieldValues({
  field,
  entry,
  mappings,
  onChange,
}: {
  field: FormField;
  entry: FieldEntry;
  mappings: FieldMapping[];
  onChange: Change;
}) {
  const id = useId();
  const answers = fixedAnswersOf(entry.profileField);
  if (field.kind === 'checkbox') {
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium">
          {field.name}: ticked when
        </label>
        <select
          id={id}
          className={selectClass}
          value={entry.answer ?? ''}
          onChange={(e) => onChange(withAnswer(mappings, field.name, e.target.value))}
        >
          <TickedWhenOptions answers={answers} />
        </select>
      </div>
    );
  }
  if (field.kind !== 'radio' && field.kind !== 'dropdown') return null;
  if (answers.length === 0) {
    return <p className="text-slate-600 dark:text-slate-300">The option named as the value</p>;
  }
  return (
    <ul className="space-y-2">
      {field.options.map((option, i) => (
        <li key={option}>
          <label htmlFor={`${id}-${i}`} className="mb-1 block text-xs font-medium">
            {field.name}: option “{option}” when the value is
          </label>
          <select
            id={`${id}-${i}`}
            className={selectClass}
            value={entry.choices?.find((c) => c.option === option)?.answer ?? ''}
            onChange={(e) => onChange(withChoice(mappings, field.name, option, e.target.value))}
          >
            <option value="">— (never chosen)</option>
            {answers.map((answer) => (
              <option key={answer} value={answer}>
                {answer}
              </option>
            ))}
          </select>
        </li>
      ))}
    </ul>
  );
}
