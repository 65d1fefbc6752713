// The practitioners to invite: a name and an e-mail address each. Each gets their own link by
// e-mail once the practice is sent, and fills their own part on their own phone.
import { useAtom } from 'jotai';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { type Invitee, practiceDraftAtom } from './practice-draft.ts';
import { inviteeTarget, MAX_INVITEES } from './practice-problems.ts';

export function PractitionersStep({ errors }: { errors: Record<string, string> }) {
  const [draft, setDraft] = useAtom(practiceDraftAtom);
  const change = (index: number, patch: Partial<Invitee>) =>
    setDraft((d) => ({
      ...d,
      invitees: d.invitees.map((i, n) => (n === index ? { ...i, ...patch } : i)),
    }));
  return (
    <WizardStep title="Practitioners to invite">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Each practitioner gets an e-mail with their own link to add what is theirs: their ID and
        HPCSA numbers, personal documents and consent. You will see who has finished, never their
        personal documents.
      </p>
      <ol className="mt-3 space-y-4">
        {draft.invitees.map((invitee, index) => (
          <li
            // Rows have no id of their own; the index is their place in the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
          >
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold">Practitioner {index + 1}</legend>
              <TextField
                id={inviteeTarget(index, 'name')}
                label="Full name"
                autoComplete="off"
                value={invitee.name}
                error={errors[inviteeTarget(index, 'name')]}
                onChange={(e) => change(index, { name: e.currentTarget.value })}
              />
              <TextField
                id={inviteeTarget(index, 'email')}
                label="E-mail address"
                type="email"
                autoComplete="off"
                value={invitee.email}
                error={errors[inviteeTarget(index, 'email')]}
                onChange={(e) => change(index, { email: e.currentTarget.value })}
              />
              <Button
                variant="secondary"
                aria-label={`Remove practitioner ${index + 1}${invitee.name ? ` (${invitee.name})` : ''}`}
                onPress={() =>
                  setDraft((d) => ({ ...d, invitees: d.invitees.filter((_, n) => n !== index) }))
                }
              >
                Remove
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        id="add-invitee"
        className="mt-4"
        variant={draft.invitees.length === 0 ? 'primary' : 'secondary'}
        isDisabled={draft.invitees.length >= MAX_INVITEES}
        onPress={() =>
          setDraft((d) => ({ ...d, invitees: [...d.invitees, { name: '', email: '' }] }))
        }
      >
        Add another practitioner
      </Button>
    </WizardStep>
  );
}
