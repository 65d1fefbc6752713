// Adding a scheme under an administrator of other schemes (decision 072).
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { StaffCatalogue } from '../../../schema/catalogue-api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass, TextAreaField, TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { addScheme } from './catalogue-load.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';
import { sourceLines } from './scheme-changes.ts';

export function AddSchemeDialog({
  administrators,
  onClose,
}: {
  administrators: StaffCatalogue['administrators'];
  onClose: () => void;
}) {
  const targets = administrators.filter((a) => !a.selfAdministered);
  const [label, setLabel] = useState('');
  const [administratorKey, setAdministratorKey] = useState(targets[0]?.key ?? '');
  const [requiresHardCopy, setRequiresHardCopy] = useState(false);
  const [hardCopyNote, setHardCopyNote] = useState('');
  const [notes, setNotes] = useState('');
  const [sources, setSources] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const router = useRouter();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      await addScheme({
        label: label.trim(),
        administratorKey,
        requiresHardCopy,
        hardCopyNote: hardCopyNote.trim(),
        notes: notes.trim() || null,
        sources: sourceLines(sources),
      });
      toast({ title: 'Scheme added', description: `${label.trim()} is now offered.` });
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
      title="Add a scheme"
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {errors.message && <Alert tone="error">{errors.message}</Alert>}
        <TextField
          label="Name"
          required
          maxLength={200}
          value={label}
          error={errors.fields.label}
          disabled={saving}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
        <Field label="Administrator" error={errors.fields.administratorKey}>
          <select
            value={administratorKey}
            disabled={saving}
            onChange={(e) => setAdministratorKey(e.currentTarget.value)}
            className={inputClass}
          >
            {targets.map((a) => (
              <option key={a.key} value={a.key}>
                {a.label}
              </option>
            ))}
          </select>
        </Field>
        <Checkbox
          checked={requiresHardCopy}
          disabled={saving}
          onChange={(e) => setRequiresHardCopy(e.currentTarget.checked)}
        >
          Requires certified hard copies
        </Checkbox>
        <TextAreaField
          label="Where the hard-copy rule comes from"
          hint="A link or document, or 'Unverified' with why"
          rows={2}
          value={hardCopyNote}
          error={errors.fields.hardCopyNote}
          disabled={saving}
          onChange={(e) => setHardCopyNote(e.currentTarget.value)}
        />
        <TextAreaField
          label="Notes"
          optional
          rows={2}
          value={notes}
          error={errors.fields.notes}
          disabled={saving}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <TextAreaField
          label="Sources"
          hint="One https:// link a line"
          optional
          rows={2}
          value={sources}
          error={Object.entries(errors.fields).find(([k]) => k.startsWith('sources'))?.[1]}
          disabled={saving}
          onChange={(e) => setSources(e.currentTarget.value)}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Adding…' : 'Add scheme'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
