// Adding a scheme under an administrator of other schemes (decision 072).
import type { StaffCatalogue } from '../../../schema/catalogue-api.ts';
import { TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { addScheme } from './catalogue-load.ts';
import { sourceLines } from './scheme-changes.ts';
import {
  AdministratorSelect,
  administratorChoices,
  HardCopyFields,
  NotesAndSourcesFields,
  SchemeDialog,
  useSchemeForm,
} from './scheme-form.tsx';

export function AddSchemeDialog({
  administrators,
  onClose,
}: {
  administrators: StaffCatalogue['administrators'];
  onClose: () => void;
}) {
  const state = useSchemeForm(
    () => ({
      label: '',
      administratorKey: administratorChoices(administrators)[0]?.key ?? '',
      administratorSince: '',
      administratorUnconfirmed: false,
      requiresHardCopy: false,
      hardCopyNote: '',
      notes: '',
      sources: '',
      active: true,
      inactiveSince: '',
      inactiveNote: '',
      successor: '',
      // The posting checklist is kept by editing the scheme once it is added.
      signByHand: '',
      certifiedCopies: '',
      certifiedWithinMonths: '',
      postTo: '',
    }),
    onClose,
  );
  const { form } = state;

  const onSubmit = () =>
    state.save(async () => {
      await addScheme({
        label: form.label.trim(),
        administratorKey: form.administratorKey,
        requiresHardCopy: form.requiresHardCopy,
        hardCopyNote: form.hardCopyNote.trim(),
        notes: form.notes.trim() || null,
        sources: sourceLines(form.sources),
      });
      toast({ title: 'Scheme added', description: `${form.label.trim()} is now offered.` });
    });

  return (
    <SchemeDialog
      state={state}
      title="Add a scheme"
      submitLabel="Add scheme"
      savingLabel="Adding…"
      onSubmit={onSubmit}
    >
      <TextField label="Name" required maxLength={200} {...state.text('label')} />
      <AdministratorSelect state={state} administrators={administrators} />
      <HardCopyFields state={state} />
      <NotesAndSourcesFields state={state} rows={2} />
    </SchemeDialog>
  );
}
