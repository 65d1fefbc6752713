import { useAtom } from 'jotai';
import { Alert } from '../../ui/alert.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { draftAtom } from './draft.ts';
import { WizardStep } from './wizard-step.tsx';

export const PREFERENCES = [
  ['keep', 'Keep my existing medical aid contracts'],
  ['review', 'Review my existing contracts'],
  ['cancel', 'Cancel some of my existing contracts'],
  ['learnMore', 'I would like to learn more about contract options'],
] as const;

/** docs/product.md#screens-and-routes, established practices: four checkboxes. */
export function ContractPreferencesStep({ title }: { title: string }) {
  const [draft, setDraft] = useAtom(draftAtom);
  return (
    <WizardStep title={title}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        What should we do about your existing medical aid contracts? Tick all that apply.
      </p>
      {PREFERENCES.map(([key, label]) => (
        <Checkbox
          key={key}
          checked={draft.contractPreferences[key]}
          onChange={(e) => {
            const value = e.currentTarget.checked;
            setDraft((d) => ({
              ...d,
              contractPreferences: { ...d.contractPreferences, [key]: value },
            }));
          }}
        >
          {label}
        </Checkbox>
      ))}
      {/* The four checkboxes stay (the spec's); a contradiction is pointed out, not refused. */}
      <div aria-live="polite">
        {draft.contractPreferences.keep && draft.contractPreferences.cancel && (
          <Alert tone="info">
            You ticked both keeping your existing contracts and cancelling some of them. If you mean
            to keep some and cancel others, say which in Additional Notes on the Notes and consent
            page; otherwise untick one.
          </Alert>
        )}
      </div>
    </WizardStep>
  );
}
