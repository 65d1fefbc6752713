// Editing one scheme of the catalogue (decision 072): name, administrator with the date it took
// over, whether that administrator is confirmed, the hard-copy flag with where the rule comes
// from, notes, sources, and active or inactive (merged or closed, with a date and a note).
import type { StaffCatalogue, StaffCatalogueScheme } from '../../../schema/catalogue-api.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { changeScheme } from './catalogue-load.ts';
import { changeFor, formOf } from './scheme-changes.ts';
import {
  AdministratorSelect,
  HardCopyFields,
  NotesAndSourcesFields,
  PostingChecklistFields,
  SchemeDialog,
  useSchemeForm,
} from './scheme-form.tsx';

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
  const state = useSchemeForm(() => formOf(scheme), onClose);
  const { form, text, check } = state;
  const moved = form.administratorKey !== scheme.administratorKey;

  const onSubmit = () => {
    const change = changeFor(scheme, form);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    void state.save(async () => {
      await changeScheme(scheme.key, change);
      toast({ title: 'Scheme saved', description: `${form.label.trim()} has been updated.` });
    });
  };

  return (
    <SchemeDialog
      state={state}
      title={`Edit ${scheme.label}`}
      submitLabel="Save changes"
      savingLabel="Saving…"
      onSubmit={onSubmit}
    >
      <TextField label="Name" required maxLength={200} {...text('label')} />
      {scheme.selfAdministered ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Self-administered: this scheme is its own administrator. To record another administrator,
          add the scheme under it and mark this entry inactive.
        </p>
      ) : (
        <AdministratorSelect state={state} administrators={administrators} />
      )}
      <TextField
        label={moved ? 'New administrator since' : 'Administered since'}
        hint={DATE_HINT}
        optional={!moved}
        {...text('administratorSince')}
      />
      <Checkbox {...check('administratorUnconfirmed')}>Administrator unconfirmed</Checkbox>
      <HardCopyFields state={state} />
      <PostingChecklistFields state={state} />
      <Checkbox
        {...check('active')}
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
      <NotesAndSourcesFields state={state} rows={3} />
    </SchemeDialog>
  );
}
