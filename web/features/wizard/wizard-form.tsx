// Everything after step 1 (SPEC §2): contact information, practice details or additional
// preferences, the scheme selector, document uploads, help, progress, notes, consent and the
// sticky footer. Loaded lazily by wizard-page.tsx. Read-only (a disabled fieldset) from
// Submit until the application is sent or taken back. Only the chosen practice type's
// sections are shown, counted and uploaded; files of the other type's sections stay on the
// device, so switching back restores them.
import { useAtom, useAtomValue } from 'jotai';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { MAX_NOTES_LENGTH } from '../../../schema/api.ts';
import { sectionBlockers } from '../../../schema/rules.ts';
import { sectionsFor } from '../../../schema/sections.ts';
import { clearDevice } from '../../lib/device-store.ts';
import { resetUploads } from '../../lib/upload-queue.ts';
import { setUploadSections } from '../../lib/upload-scheduler.ts';
import { onUploadStorageError } from '../../lib/upload-store.ts';
import { useOnline } from '../../lib/use-online.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { PopiaConsent } from '../consent/popia-consent.tsx';
import { SchemeSelector } from '../schemes/scheme-selector.tsx';
import { DocumentUploadCard } from '../uploads/document-upload-card.tsx';
import { sectionsProgress } from '../uploads/section-state.ts';
import { useUploads } from '../uploads/use-uploads.ts';
import { type Draft, draftAtom, draftLoadedAtom, draftSavedAtom, resetDraft } from './draft.ts';
import { SelectedSchemes } from './selected-schemes.tsx';
import { StickyFooter } from './sticky-footer.tsx';
import { type FieldErrors, fieldError } from './submission-payload.ts';
import type { SubmitState } from './submit-state.ts';
import { UploadHelp } from './upload-help.tsx';
import { UploadSummary } from './upload-summary.tsx';
import { useSubmitApplication } from './use-submit-application.ts';

/** DOM ids of the fields, by API path: server errors land next to the right field. */
const FIELD_IDS: Record<string, string> = {
  'practitioner.firstName': 'first-name',
  'practitioner.lastName': 'last-name',
  'practitioner.idNumber': 'id-number',
  'practitioner.email': 'email',
  'practitioner.phone': 'phone',
  'practitioner.specialization': 'specialization',
  'submission.practiceNumber': 'practice-number',
  'submission.hpcsaNumber': 'hpcsa-number',
  'submission.additionalNotes': 'additional-notes',
};

const LOCKED_NOTE: Record<Exclude<SubmitState, 'idle'>, string> = {
  submitting: 'Sending your application…',
  queued:
    'Your application is waiting to be sent and cannot be changed. To change something, choose Edit application below.',
  withdrawing: 'Taking your application back…',
};

const READ_ONLY_FIELDS =
  '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 [&_textarea:disabled]:cursor-not-allowed [&_textarea:disabled]:bg-slate-100 dark:[&_input:disabled]:bg-slate-800 dark:[&_textarea:disabled]:bg-slate-800';

function Step({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <CardTitle id={id}>{title}</CardTitle>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

export default function WizardForm() {
  const [draft, setDraft] = useAtom(draftAtom);
  const loaded = useAtomValue(draftLoadedAtom);
  const saved = useAtomValue(draftSavedAtom);
  const { files } = useUploads();
  const online = useOnline();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const [storageProblem, setStorageProblem] = useState<string | null>(null);

  useEffect(() => {
    onUploadStorageError((error) =>
      setStorageProblem(error instanceof Error ? error.message : 'This device could not save.'),
    );
  }, []);

  const sections = useMemo(
    () => (draft.practiceType ? sectionsFor(draft.practiceType) : []),
    [draft.practiceType],
  );
  const sectionFiles = useMemo(() => {
    const keys = new Set(sections.map((s) => s.key));
    return files.filter((f) => keys.has(f.sectionKey));
  }, [sections, files]);
  const progress = useMemo(
    () => sectionsProgress(sections, sectionFiles),
    [sections, sectionFiles],
  );
  const blockers = sectionBlockers(progress);

  useEffect(() => {
    setUploadSections(sections.map((s) => s.key));
  }, [sections]);

  const showErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    const first = Object.keys(FIELD_IDS).find((path) => next[path]);
    if (first) document.getElementById(FIELD_IDS[first]!)?.focus();
    return first !== undefined;
  }, []);
  const { state, submit, takeBack } = useSubmitApplication({ progress, setErrors: showErrors });
  const locked = state !== 'idle';

  const setPractitioner = (name: keyof Draft['practitioner'], value: string) =>
    setDraft((d) => ({ ...d, practitioner: { ...d.practitioner, [name]: value } }));

  /** Shows or clears a field's message: on leaving the field, and while fixing a shown one. */
  const check = (path: string, next: Draft, force: boolean) => {
    if (!force && !errors[path]) return;
    const message = fieldError(path, next);
    setErrors((e) => {
      const copy = { ...e };
      if (message) copy[path] = message;
      else delete copy[path];
      return copy;
    });
  };

  const practitionerField = (
    name: keyof Draft['practitioner'],
    label: string,
    props: Partial<Parameters<typeof TextField>[0]> = {},
  ) => {
    const path = `practitioner.${name}`;
    return (
      <TextField
        id={FIELD_IDS[path]}
        label={label}
        value={draft.practitioner[name]}
        error={errors[path]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setPractitioner(name, value);
          check(path, { ...draft, practitioner: { ...draft.practitioner, [name]: value } }, false);
        }}
        onBlur={() => check(path, draft, name !== 'idNumber' || draft.practitioner.idNumber !== '')}
        {...props}
      />
    );
  };

  const footer = (
    <StickyFooter
      blockers={blockers}
      started={Boolean(draft.practiceType)}
      ready={Boolean(draft.practiceType) && draft.consent !== null && blockers.length === 0}
      state={state}
      onSubmit={() => void submit()}
      onTakeBack={() => void takeBack()}
    />
  );

  if (!loaded || !draft.practiceType) return footer;
  const established = draft.practiceType === 'established';

  const selection = {
    selectedParents: draft.selectedParents,
    selectedSchemes: draft.selectedSchemes,
  };
  const schemeSelector = locked ? (
    <SelectedSchemes selection={selection} />
  ) : (
    <SchemeSelector
      selection={selection}
      onChange={(next) => setDraft((d) => ({ ...d, ...next }))}
    />
  );
  const uploads = (
    <Step title={`Step ${established ? 5 : 4}: Document Upload`}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Files are kept on this device first, then uploaded. You can leave and come back: nothing is
        lost.
      </p>
      <div className="mt-3 space-y-4">
        {sections.map((section) => (
          <DocumentUploadCard
            key={section.key}
            section={section}
            files={sectionFiles.filter((f) => f.sectionKey === section.key)}
            online={online}
            locked={locked}
          />
        ))}
      </div>
    </Step>
  );

  return (
    <>
      {/* Read-only fields look it: the shared text fields have no disabled style of their own. */}
      <fieldset
        disabled={locked}
        className={`m-0 min-w-0 space-y-6 border-0 p-0 ${READ_ONLY_FIELDS}`}
      >
        <Step title="Step 2: Contact Information">
          <div className="grid gap-4 sm:grid-cols-2">
            {practitionerField('firstName', 'First Name', {
              autoComplete: 'given-name',
              required: true,
            })}
            {practitionerField('lastName', 'Last Name', {
              autoComplete: 'family-name',
              required: true,
            })}
            {practitionerField('idNumber', 'SA ID Number', {
              optional: true,
              inputMode: 'numeric',
              maxLength: 13,
              hint: '13 digits',
            })}
            {practitionerField('email', 'Email', {
              type: 'email',
              autoComplete: 'email',
              required: true,
            })}
            {practitionerField('phone', 'Phone', {
              type: 'tel',
              autoComplete: 'tel',
              required: true,
            })}
            {practitionerField('specialization', 'Specialization', {
              required: true,
              hint: 'For example General Practitioner or Physiotherapist',
            })}
          </div>
        </Step>

        {established ? (
          <>
            <Step title="Step 3: Practice Details">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  id={FIELD_IDS['submission.practiceNumber']}
                  label="Practice Number (PCNS)"
                  hint="7 digits"
                  inputMode="numeric"
                  maxLength={13}
                  required
                  value={draft.practiceNumber}
                  error={errors['submission.practiceNumber']}
                  onChange={(e) => {
                    const practiceNumber = e.currentTarget.value;
                    setDraft((d) => ({ ...d, practiceNumber }));
                    check('submission.practiceNumber', { ...draft, practiceNumber }, false);
                  }}
                  onBlur={() => check('submission.practiceNumber', draft, true)}
                />
                <TextField
                  id={FIELD_IDS['submission.hpcsaNumber']}
                  label="HPCSA Registration Number"
                  hint="For example MP0123456"
                  required
                  value={draft.hpcsaNumber}
                  error={errors['submission.hpcsaNumber']}
                  onChange={(e) => {
                    const hpcsaNumber = e.currentTarget.value;
                    setDraft((d) => ({ ...d, hpcsaNumber }));
                    check('submission.hpcsaNumber', { ...draft, hpcsaNumber }, false);
                  }}
                  onBlur={() => check('submission.hpcsaNumber', draft, true)}
                />
              </div>
            </Step>
            {schemeSelector}
            <Step title="Step 4: Contract Preferences">
              <p className="text-sm text-slate-600 dark:text-slate-300">
                What should we do about your existing medical aid contracts? Tick all that apply.
              </p>
              {(
                [
                  ['keep', 'Keep my existing medical aid contracts'],
                  ['review', 'Review my existing contracts'],
                  ['cancel', 'Cancel some of my existing contracts'],
                  ['learnMore', 'I would like to learn more about contract options'],
                ] as const
              ).map(([key, label]) => (
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
            </Step>
            {uploads}
          </>
        ) : (
          <>
            {schemeSelector}
            <Step title="Step 3: Additional Preferences">
              <Checkbox
                checked={draft.interestedInContracts}
                onChange={(e) => {
                  const interestedInContracts = e.currentTarget.checked;
                  setDraft((d) => ({ ...d, interestedInContracts }));
                }}
              >
                I need help with contract negotiations with medical aid schemes
              </Checkbox>
            </Step>
            {uploads}
          </>
        )}

        <UploadHelp />
        <UploadSummary
          progress={progress}
          files={sectionFiles}
          setAside={files.length - sectionFiles.length}
          online={online}
        />
        {storageProblem && <Alert tone="error">{storageProblem}</Alert>}

        <Card>
          <TextAreaField
            id={FIELD_IDS['submission.additionalNotes']}
            label="Additional Notes"
            optional
            rows={4}
            maxLength={MAX_NOTES_LENGTH}
            value={draft.additionalNotes}
            error={errors['submission.additionalNotes']}
            onChange={(e) => {
              const additionalNotes = e.currentTarget.value;
              setDraft((d) => ({ ...d, additionalNotes }));
            }}
            hint="Anything our team should know about your application."
          />
        </Card>

        <PopiaConsent
          consent={draft.consent}
          onChange={(consent) => setDraft((d) => ({ ...d, consent }))}
        />

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {locked
              ? LOCKED_NOTE[state]
              : saved === 'failed'
                ? 'Could not save on this device.'
                : saved === 'saved'
                  ? 'Draft saved on this device.'
                  : ''}
          </p>
          <Button variant="secondary" onPress={() => setConfirmReset(true)} isDisabled={locked}>
            Start over
          </Button>
        </div>
      </fieldset>
      <ConfirmDialog
        open={confirmReset}
        title="Start over?"
        confirmLabel="Yes, clear everything"
        cancelLabel="No, keep my application"
        destructive
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          resetUploads();
          setErrors({});
          void resetDraft().then(clearDevice);
        }}
      >
        This removes everything you have entered and every file you have added from this device. It
        cannot be undone.
      </ConfirmDialog>
      {footer}
    </>
  );
}
