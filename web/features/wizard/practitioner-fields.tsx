// The practitioner's contact fields as the spec's contact step asks them (docs/product.md): the
// wizard's step and an invited practitioner's own details show the same fields, labels and
// hints; the form they are in gives each field its id, error and handlers.
import { type ComponentProps, Fragment, type ReactNode } from 'react';
import type { PractitionerInput } from '../../../schema/submission-api.ts';
import { TextField } from '../../ui/field.tsx';

export type PractitionerFieldName = keyof PractitionerInput;
type TextFieldProps = ComponentProps<typeof TextField>;

const FIELDS: [PractitionerFieldName, string, Partial<TextFieldProps>][] = [
  ['firstName', 'First Name', { autoComplete: 'given-name', required: true }],
  ['lastName', 'Last Name', { autoComplete: 'family-name', required: true }],
  [
    'idNumber',
    'SA ID Number',
    { optional: true, inputMode: 'numeric', maxLength: 13, hint: '13 digits' },
  ],
  ['email', 'Email', { type: 'email', autoComplete: 'email', required: true }],
  [
    'phone',
    'Phone',
    {
      type: 'tel',
      autoComplete: 'tel',
      required: true,
      hint: 'A South African number, e.g. 082 123 4567',
    },
  ],
  [
    'specialization',
    'Specialization',
    { required: true, hint: 'For example General Practitioner or Physiotherapist' },
  ],
];

/** The HPCSA number's words, where an established practice's practitioner gives it. */
export const HPCSA_FIELD = {
  label: 'HPCSA Registration Number',
  hint: 'For example MP0123456. Registered with another council, such as the AHPCSA? Write its name first, e.g. AHPCSA A12345',
  required: true,
};

export function PractitionerFields({
  values,
  fieldProps,
  email,
  children,
}: {
  values: Required<PractitionerInput>;
  /** Each field's id, error and handlers, from the form it is in. */
  fieldProps: (name: PractitionerFieldName) => Partial<TextFieldProps>;
  /** Shown in place of the e-mail field (an invitation's address cannot change). */
  email?: ReactNode;
  /** Fields of the form's own, after these. */
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map(([name, label, props]) =>
        name === 'email' && email !== undefined ? (
          <Fragment key={name}>{email}</Fragment>
        ) : (
          <TextField
            key={name}
            label={label}
            value={values[name]}
            {...props}
            {...fieldProps(name)}
          />
        ),
      )}
      {children}
    </div>
  );
}
