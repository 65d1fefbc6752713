// Editing one scheme of the catalogue (decision 072): name, administrator with the date it took
// over, whether that administrator is confirmed, the hard-copy flag with where the rule comes
// from, notes, sources, and active or inactive (merged or closed, with a date and a note).
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { StaffCatalogue, StaffCatalogueScheme } from '../../../schema/catalogue-api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass, TextAreaField, TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { changeScheme } from './catalogue-load.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';
import { changeFor, formOf, type SchemeForm } from './scheme-changes.ts';

const DATE_HINT = 'A day, a month or a year: 2026-06-01, 2026-06 or 2026';

export function SchemeEditDialog({
  scheme,
  administrators,
  onClose,
}: {
  scheme: StaffCatalogueScheme;
  administrators: StaffCatalogue['administrators'];
  onClose: () => void;
}) {
  const [form, setForm] = useState<SchemeForm>(() => formOf(scheme));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const router = useRouter();
  const set = <K extends keyof SchemeForm>(name: K, value: SchemeForm[K]) =>
    setForm((f) => ({ ...f, [name]: value }));
  const text = (name: keyof SchemeForm) => ({
    value: String(form[name]),
    error: errors.fields[name],
    disabled: saving,
    onChange: (e: { currentTarget: { value: string } }) =>
      set(name, e.currentTarget.value as never),
  });
  const moved = form.administratorKey !== scheme.administratorKey;
  const targets = administrators.filter((a) => !a.selfAdministered);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = changeFor(scheme, form);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await changeScheme(scheme.key, change);
      toast({ title: 'Scheme saved', description: `${form.label.trim()} has been updated.` });
      await router.invalidate();
      onClose();
    } catch (error) {
      setErrors(formErrorsOf(error));
      setSaving(false);
    }
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      isDismissable={!saving}
      title={`Edit ${scheme.label}`}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {errors.message && <Alert tone="error">{errors.message}</Alert>}
        <TextField label="Name" required maxLength={200} {...text('label')} />
        {scheme.selfAdministered ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Self-administered: this scheme is its own administrator. To record another
            administrator, add the scheme under it and mark this entry inactive.
          </p>
        ) : (
          <Field label="Administrator" error={errors.fields.administratorKey}>
            <select
              value={form.administratorKey}
              disabled={saving}
              onChange={(e) => set('administratorKey', e.currentTarget.value)}
              className={inputClass}
            >
              {targets.map((a) => (
                <option key={a.key} value={a.key}>
                  {a.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <TextField
          label={moved ? 'New administrator since' : 'Administered since'}
          hint={DATE_HINT}
          optional={!moved}
          {...text('administratorSince')}
        />
        <Checkbox
          checked={form.administratorUnconfirmed}
          disabled={saving}
          onChange={(e) => set('administratorUnconfirmed', e.currentTarget.checked)}
        >
          Administrator unconfirmed
        </Checkbox>
        <Checkbox
          checked={form.requiresHardCopy}
          disabled={saving}
          onChange={(e) => set('requiresHardCopy', e.currentTarget.checked)}
        >
          Requires certified hard copies
        </Checkbox>
        <TextAreaField
          label="Where the hard-copy rule comes from"
          hint="A link or document, or 'Unverified' with why"
          rows={2}
          {...text('hardCopyNote')}
        />
        <Checkbox
          checked={form.active}
          disabled={saving}
          onChange={(e) => set('active', e.currentTarget.checked)}
          description="An inactive scheme is hidden from the wizard; existing submissions keep it."
        >
          Active (offered to practitioners)
        </Checkbox>
        {!form.active && scheme.active && (
          <div className="space-y-4 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <TextField label="Inactive since" hint={DATE_HINT} {...text('inactiveSince')} />
            <TextAreaField
              label="Why inactive (merged or closed)"
              rows={2}
              {...text('inactiveNote')}
            />
            <TextField label="Successor" optional {...text('successor')} />
          </div>
        )}
        <TextAreaField label="Notes" optional rows={3} {...text('notes')} />
        <TextAreaField
          label="Sources"
          hint="One https:// link a line"
          optional
          rows={3}
          {...text('sources')}
          error={Object.entries(errors.fields).find(([k]) => k.startsWith('sources'))?.[1]}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
