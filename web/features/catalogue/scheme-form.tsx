// The scheme form both catalogue dialogs use (adding a scheme, editing one): its state, how it
// saves, the dialog around it and the fields they share.
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { StaffCatalogue } from '../../../schema/catalogue-api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass, TextAreaField, TextField } from '../../ui/field.tsx';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';
import type { SchemeForm } from './scheme-changes.ts';

export type SchemeFormState = ReturnType<typeof useSchemeForm>;

/** The form's values, its errors and whether it is saving; `save` runs a change and closes. */
export function useSchemeForm(initial: () => SchemeForm, onClose: () => void) {
  const [form, setForm] = useState<SchemeForm>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const router = useRouter();
  const set = <K extends keyof SchemeForm>(name: K, value: SchemeForm[K]) =>
    setForm((f) => ({ ...f, [name]: value }));
  /** The props of a text field bound to `name`. */
  const text = (name: keyof SchemeForm) => ({
    value: String(form[name]),
    error: errors.fields[name],
    disabled: saving,
    onChange: (e: { currentTarget: { value: string } }) =>
      set(name, e.currentTarget.value as never),
  });
  const check = (name: 'administratorUnconfirmed' | 'requiresHardCopy' | 'active') => ({
    checked: form[name],
    disabled: saving,
    onChange: (e: { currentTarget: { checked: boolean } }) => set(name, e.currentTarget.checked),
  });
  async function save(change: () => Promise<void>) {
    setSaving(true);
    try {
      await change();
      await router.invalidate();
      onClose();
    } catch (error) {
      setErrors(formErrorsOf(error));
      setSaving(false);
    }
  }
  return { form, set, text, check, errors, saving, save, onClose };
}

export function SchemeDialog({
  state,
  title,
  submitLabel,
  savingLabel,
  onSubmit,
  children,
}: {
  state: SchemeFormState;
  title: string;
  submitLabel: string;
  savingLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { saving, errors, onClose } = state;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      isDismissable={!saving}
      title={title}
    >
      <form
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          onSubmit();
        }}
        className="space-y-4"
        noValidate
      >
        {errors.message && <Alert tone="error">{errors.message}</Alert>}
        {children}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? savingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The administrators a scheme can be moved under: not the self-administered schemes. */
export const administratorChoices = (administrators: StaffCatalogue['administrators']) =>
  administrators.filter((a) => !a.selfAdministered);

export function AdministratorSelect({
  state,
  administrators,
}: {
  state: SchemeFormState;
  administrators: StaffCatalogue['administrators'];
}) {
  const { form, set, saving, errors } = state;
  return (
    <Field label="Administrator" error={errors.fields.administratorKey}>
      <select
        value={form.administratorKey}
        disabled={saving}
        onChange={(e) => set('administratorKey', e.currentTarget.value)}
        className={inputClass}
      >
        {administratorChoices(administrators).map((a) => (
          <option key={a.key} value={a.key}>
            {a.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function HardCopyFields({ state }: { state: SchemeFormState }) {
  return (
    <>
      <Checkbox {...state.check('requiresHardCopy')}>Requires certified hard copies</Checkbox>
      <TextAreaField
        label="Where the hard-copy rule comes from"
        hint="A link or document, or 'Unverified' with why"
        rows={2}
        {...state.text('hardCopyNote')}
      />
    </>
  );
}

export function NotesAndSourcesFields({ state, rows }: { state: SchemeFormState; rows: number }) {
  return (
    <>
      <TextAreaField label="Notes" optional rows={rows} {...state.text('notes')} />
      <TextAreaField
        label="Sources"
        hint="One https:// link a line"
        optional
        rows={rows}
        {...state.text('sources')}
        error={Object.entries(state.errors.fields).find(([k]) => k.startsWith('sources'))?.[1]}
      />
    </>
  );
}

/** What the scheme wants posted or signed by hand; left empty, nothing is shown to practitioners. */
export function PostingChecklistFields({ state }: { state: SchemeFormState }) {
  const error = (key: string) =>
    Object.entries(state.errors.fields).find(([k]) => k.startsWith(`postingChecklist.${key}`))?.[1];
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Posting checklist</legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        What this scheme wants on paper. Practitioners see only what is filled in here.
      </p>
      <TextAreaField
        label="Forms to print and sign by hand"
        hint="One form a line"
        optional
        rows={2}
        {...state.text('signByHand')}
        error={error('signByHand')}
      />
      <TextAreaField
        label="Documents to send as certified copies"
        hint="One document a line"
        optional
        rows={2}
        {...state.text('certifiedCopies')}
        error={error('certifiedCopies')}
      />
      <TextField
        label="Certified within (months)"
        hint="How recent the certification must be, where the scheme says"
        optional
        inputMode="numeric"
        {...state.text('certifiedWithinMonths')}
        error={error('certifiedWithinMonths')}
      />
      <TextAreaField
        label="Post to"
        hint="The postal address, as the scheme gives it"
        optional
        rows={3}
        {...state.text('postTo')}
        error={error('postTo')}
      />
    </fieldset>
  );
}
