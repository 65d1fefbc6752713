import { useAtom } from 'jotai';
import { TextField } from '../../ui/field.tsx';
import { draftAtom } from './draft.ts';
import { FIELD_IDS } from './field-errors.ts';
import { HPCSA_FIELD } from './practitioner-fields.tsx';
import type { FieldErrorsApi } from './use-field-errors.ts';
import { WizardStep } from './wizard-step.tsx';

/** docs/product.md#screens-and-routes, established practices: practice number (PCNS) and HPCSA
 * registration number. */
export function PracticeDetailsStep({ title, fields }: { title: string; fields: FieldErrorsApi }) {
  const [draft, setDraft] = useAtom(draftAtom);
  return (
    <WizardStep title={title}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={FIELD_IDS['submission.practiceNumber']}
          label="Practice Number (PCNS)"
          hint="7 digits"
          inputMode="numeric"
          maxLength={13}
          required
          value={draft.practiceNumber}
          error={fields.errors['submission.practiceNumber']}
          onChange={(e) => {
            const practiceNumber = e.currentTarget.value;
            setDraft((d) => ({ ...d, practiceNumber }));
            fields.check('submission.practiceNumber', { ...draft, practiceNumber }, false);
          }}
          onBlur={() => fields.check('submission.practiceNumber', draft, true)}
        />
        <TextField
          id={FIELD_IDS['submission.hpcsaNumber']}
          {...HPCSA_FIELD}
          value={draft.hpcsaNumber}
          error={fields.errors['submission.hpcsaNumber']}
          onChange={(e) => {
            const hpcsaNumber = e.currentTarget.value;
            setDraft((d) => ({ ...d, hpcsaNumber }));
            fields.check('submission.hpcsaNumber', { ...draft, hpcsaNumber }, false);
          }}
          onBlur={() => fields.check('submission.hpcsaNumber', draft, true)}
        />
      </div>
    </WizardStep>
  );
}
