import { useAtom } from 'jotai';
import { TextField } from '../../ui/field.tsx';
import { type Draft, draftAtom } from './draft.ts';
import { FIELD_IDS } from './field-errors.ts';
import type { FieldErrorsApi } from './use-field-errors.ts';
import { WizardStep } from './wizard-step.tsx';

type Name = keyof Draft['practitioner'];

/** docs/product.md#screens-and-routes: first name, last name, optional SA ID number, email, phone,
 * specialization. */
export function ContactStep({ title, fields }: { title: string; fields: FieldErrorsApi }) {
  const [draft, setDraft] = useAtom(draftAtom);

  const field = (
    name: Name,
    label: string,
    props: Partial<Parameters<typeof TextField>[0]> = {},
  ) => {
    const path = `practitioner.${name}`;
    return (
      <TextField
        id={FIELD_IDS[path]}
        label={label}
        value={draft.practitioner[name]}
        error={fields.errors[path]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setDraft((d) => ({ ...d, practitioner: { ...d.practitioner, [name]: value } }));
          fields.check(
            path,
            { ...draft, practitioner: { ...draft.practitioner, [name]: value } },
            false,
          );
        }}
        // The optional ID number is only checked once something is typed in it.
        onBlur={() =>
          fields.check(path, draft, name !== 'idNumber' || draft.practitioner.idNumber !== '')
        }
        {...props}
      />
    );
  };

  return (
    <WizardStep title={title}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name', { autoComplete: 'given-name', required: true })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name', required: true })}
        {field('idNumber', 'SA ID Number', {
          optional: true,
          inputMode: 'numeric',
          maxLength: 13,
          hint: '13 digits',
        })}
        {field('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}
        {field('phone', 'Phone', {
          type: 'tel',
          autoComplete: 'tel',
          required: true,
          hint: 'A South African number, e.g. 082 123 4567',
        })}
        {field('specialization', 'Specialization', {
          required: true,
          hint: 'For example General Practitioner or Physiotherapist',
        })}
      </div>
    </WizardStep>
  );
}
