// The practitioner's own details (decision 126): the wizard's contact fields and, for an
// established practice, their HPCSA number. The e-mail is the invitation's (the server takes no
// other): shown read-only.
import { useAtomValue } from 'jotai';
import type { InputHTMLAttributes } from 'react';
import type { PracticeType } from '../../../schema/sections.ts';
import { TextField } from '../../ui/field.tsx';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { type JoinDraft, joinDraftAtom, updateJoinDraft } from './join-draft.ts';
import { fieldId } from './join-problems.ts';

type Name = keyof JoinDraft['practitioner'];

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
  const field = (
    name: Name,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement> & { hint?: string; optional?: boolean } = {},
  ) => (
    <TextField
      id={fieldId(`practitioner.${name}`)}
      label={label}
      value={draft.practitioner[name]}
      error={errors[`practitioner.${name}`]}
      disabled={disabled}
      onChange={(e) => {
        const value = e.currentTarget.value;
        updateJoinDraft((d) => ({ ...d, practitioner: { ...d.practitioner, [name]: value } }));
      }}
      {...props}
    />
  );
  return (
    <WizardStep title="Your details">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name', { autoComplete: 'given-name', required: true })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name', required: true })}
        {field('idNumber', 'SA ID Number', {
          optional: true,
          inputMode: 'numeric',
          maxLength: 13,
          hint: '13 digits',
        })}
        {/* Not a field: the address cannot change, and a long one is read whole here. */}
        <div>
          <p className="mb-1 text-sm font-medium">Email</p>
          <p className="flex min-h-11 items-center rounded-md bg-slate-100 px-3 py-2 break-all dark:bg-slate-800">
            {draft.practitioner.email}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            The address your invitation was sent to: your receipt and tracking link go there.
          </p>
        </div>
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
        {practiceType === 'established' && (
          <TextField
            id={fieldId('hpcsaNumber')}
            label="HPCSA Registration Number"
            hint="For example MP0123456. Registered with another council, such as the AHPCSA? Write its name first, e.g. AHPCSA A12345"
            required
            disabled={disabled}
            value={draft.hpcsaNumber}
            error={errors.hpcsaNumber}
            onChange={(e) => {
              const hpcsaNumber = e.currentTarget.value;
              updateJoinDraft((d) => ({ ...d, hpcsaNumber }));
            }}
          />
        )}
      </div>
    </WizardStep>
  );
}
