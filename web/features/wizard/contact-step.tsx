import { useAtom } from 'jotai';
import { draftAtom } from './draft.ts';
import { FIELD_IDS } from './field-errors.ts';
import { PractitionerFields } from './practitioner-fields.tsx';
import type { FieldErrorsApi } from './use-field-errors.ts';
import { WizardStep } from './wizard-step.tsx';

/** docs/product.md#screens-and-routes: first name, last name, optional SA ID number, email, phone,
 * specialization. */
export function ContactStep({ title, fields }: { title: string; fields: FieldErrorsApi }) {
  const [draft, setDraft] = useAtom(draftAtom);

  return (
    <WizardStep title={title}>
      <PractitionerFields
        values={draft.practitioner}
        fieldProps={(name) => {
          const path = `practitioner.${name}`;
          return {
            id: FIELD_IDS[path],
            error: fields.errors[path],
            onChange: (e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, practitioner: { ...d.practitioner, [name]: value } }));
              fields.check(
                path,
                { ...draft, practitioner: { ...draft.practitioner, [name]: value } },
                false,
              );
            },
            // The optional ID number is only checked once something is typed in it.
            onBlur: () =>
              fields.check(path, draft, name !== 'idNumber' || draft.practitioner.idNumber !== ''),
          };
        }}
      />
    </WizardStep>
  );
}
