// The practitioner's own details (decision 126): the wizard's contact fields and, for an
// established practice, their HPCSA number. The e-mail is the invitation's (the server takes no
// other): shown read-only.
import { useAtomValue } from 'jotai';
import type { PracticeType } from '../../../schema/sections.ts';
import { TextField } from '../../ui/field.tsx';
import { HPCSA_FIELD, PractitionerFields } from '../wizard/practitioner-fields.tsx';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { joinDraftAtom, updateJoinDraft } from './join-draft.ts';
import { fieldId } from './join-problems.ts';

export function OwnDetails({
  practiceType,
  errors,
  disabled,
}: {
  practiceType: PracticeType;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const draft = useAtomValue(joinDraftAtom);
  if (!draft) return null;
  return (
    <WizardStep title="Your details">
      <PractitionerFields
        values={draft.practitioner}
        fieldProps={(name) => ({
          id: fieldId(`practitioner.${name}`),
          error: errors[`practitioner.${name}`],
          disabled,
          onChange: (e) => {
            const value = e.currentTarget.value;
            updateJoinDraft((d) => ({ ...d, practitioner: { ...d.practitioner, [name]: value } }));
          },
        })}
        email={
          // Not a field: the address cannot change, and a long one is read whole here.
          <div>
            <p className="mb-1 text-sm font-medium">Email</p>
            <p className="flex min-h-11 items-center rounded-md bg-slate-100 px-3 py-2 break-all dark:bg-slate-800">
              {draft.practitioner.email}
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              The address your invitation was sent to: your receipt and tracking link go there.
            </p>
          </div>
        }
      >
        {practiceType === 'established' && (
          <TextField
            id={fieldId('hpcsaNumber')}
            {...HPCSA_FIELD}
            disabled={disabled}
            value={draft.hpcsaNumber}
            error={errors.hpcsaNumber}
            onChange={(e) => {
              const hpcsaNumber = e.currentTarget.value;
              updateJoinDraft((d) => ({ ...d, hpcsaNumber }));
            }}
          />
        )}
      </PractitionerFields>
    </WizardStep>
  );
}
