// The practice's details, given once for all its practitioners: the practice type (the spec's
// two, with the same words as the wizard's step 1), name, PCNS number when established,
// address, contact, the manager, and the contract preferences as the wizard asks them.
import { useAtom } from 'jotai';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { PREFERENCES } from '../wizard/contract-preferences-step.tsx';
import { PracticeTypeOptions } from '../wizard/practice-type-options.tsx';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { type PracticeDraft, practiceDraftAtom } from './practice-draft.ts';
import { fieldTarget } from './practice-problems.ts';

type TextKey =
  | 'name'
  | 'practiceNumber'
  | 'contactPhone'
  | 'contactEmail'
  | 'managerName'
  | 'managerEmail';

export function DetailsStep({ errors }: { errors: Record<string, string> }) {
  const [draft, setDraft] = useAtom(practiceDraftAtom);
  const set = (patch: Partial<PracticeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (key: TextKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={fieldTarget(key)}
      label={label}
      value={draft[key]}
      error={errors[fieldTarget(key)]}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
      {...extra}
    />
  );
  return (
    <>
      <WizardStep title="Practice details">
        <fieldset>
          <legend className="text-sm font-medium">
            Is the practice already registered with medical aids?
          </legend>
          <PracticeTypeOptions
            value={draft.practiceType}
            onChange={(practiceType) => set({ practiceType })}
            idOf={(type) => `practice-type-${type}`}
          />
          {errors[fieldTarget('practiceType')] && (
            <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {errors[fieldTarget('practiceType')]}
            </p>
          )}
        </fieldset>
        <div className="mt-4 space-y-4">
          {text('name', 'Practice name', { autoComplete: 'organization' })}
          {draft.practiceType === 'established' &&
            text('practiceNumber', 'Practice number (PCNS)', {
              inputMode: 'numeric',
              hint: 'The 7-digit number on your practice-number letter.',
            })}
          <TextAreaField
            id={fieldTarget('address')}
            label="Practice address"
            rows={3}
            value={draft.address}
            error={errors[fieldTarget('address')]}
            onChange={(e) => set({ address: e.currentTarget.value })}
            autoComplete="street-address"
          />
          {text('contactPhone', "Practice's phone number", { type: 'tel', autoComplete: 'tel' })}
          {text('contactEmail', "Practice's e-mail address", {
            type: 'email',
            autoComplete: 'email',
          })}
        </div>
      </WizardStep>
      <WizardStep title="You, the practice manager">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          We e-mail you the practice's private link, where you follow every practitioner.
        </p>
        <div className="mt-3 space-y-4">
          {text('managerName', 'Your name', { autoComplete: 'name' })}
          {text('managerEmail', 'Your e-mail address', { type: 'email', autoComplete: 'email' })}
        </div>
      </WizardStep>
      {draft.practiceType === 'established' && (
        <WizardStep title="Contract Preferences">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            What should we do about the practice's existing medical aid contracts? Tick all that
            apply.
          </p>
          {PREFERENCES.map(([key, label]) => (
            <Checkbox
              key={key}
              checked={draft.contractPreferences[key]}
              onChange={(e) =>
                set({
                  contractPreferences: {
                    ...draft.contractPreferences,
                    [key]: e.currentTarget.checked,
                  },
                })
              }
            >
              {label}
            </Checkbox>
          ))}
        </WizardStep>
      )}
      {draft.practiceType === 'new' && (
        <WizardStep title="Additional Preferences">
          <Checkbox
            checked={draft.interestedInContracts}
            onChange={(e) => set({ interestedInContracts: e.currentTarget.checked })}
          >
            The practice needs help with contract negotiations with medical aid schemes
          </Checkbox>
        </WizardStep>
      )}
    </>
  );
}
