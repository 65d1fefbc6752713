// Everything after step 1 (docs/product.md#screens-and-routes): contact information, practice
// details or additional
// preferences, the scheme selector, document uploads, help, progress, notes, consent and the
// sticky footer. Loaded lazily by wizard-page.tsx. Read-only (a disabled fieldset) from
// Submit until the application is sent or taken back. Only the chosen practice type's
// sections are shown, counted and uploaded; files of the other type's sections stay on the
// device, so switching back restores them.
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { MAX_NOTES_LENGTH } from '../../../schema/api.ts';
import { sectionBlockers } from '../../../schema/rules.ts';
import { sectionsFor } from '../../../schema/sections.ts';
import { resetUploads } from '../../lib/uploads/queue.ts';
import { setUploadSections } from '../../lib/uploads/scheduler.ts';
import { onUploadStorageError } from '../../lib/uploads/store.ts';
import { useOnline } from '../../lib/use-online.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card } from '../../ui/card.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { PopiaConsent } from '../consent/popia-consent.tsx';
import { SchemeSelector } from '../schemes/scheme-selector.tsx';
import { sectionsProgress } from '../uploads/section-state.ts';
import { useUploads } from '../uploads/use-uploads.ts';
import { AdditionalPreferencesStep } from './additional-preferences-step.tsx';
import { ContactStep } from './contact-step.tsx';
import { ContractPreferencesStep } from './contract-preferences-step.tsx';
import { DocumentsStep } from './documents-step.tsx';
import { draftAtom, draftLoadedAtom, resetDraft } from './draft.ts';
import { FIELD_IDS } from './field-errors.ts';
import { PracticeDetailsStep } from './practice-details-step.tsx';
import { SelectedSchemes } from './selected-schemes.tsx';
import { DraftStatus, StartOverDialog } from './start-over.tsx';
import { StickyFooter } from './sticky-footer.tsx';
import { StorageNotice } from './storage-notice.tsx';
import { alreadySubmittedAtom, waitingForFilesAtom } from './submit-state.ts';
import { UnfinishedUploadsDialog } from './unfinished-uploads-dialog.tsx';
import { UploadHelp } from './upload-help.tsx';
import { UploadSummary } from './upload-summary.tsx';
import { useFieldErrors } from './use-field-errors.ts';
import { useKeepDraftUploads } from './use-keep-draft-uploads.ts';
import { useSubmitAfterUploads } from './use-submit-after-uploads.ts';
import { useSubmitApplication } from './use-submit-application.ts';
import { wipeDraft } from './wipe-draft.ts';
import { stepTitles } from './wizard-steps.ts';

const READ_ONLY_FIELDS =
  '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 [&_textarea:disabled]:cursor-not-allowed [&_textarea:disabled]:bg-slate-100 dark:[&_input:disabled]:bg-slate-800 dark:[&_textarea:disabled]:bg-slate-800';

export default function WizardForm() {
  const [draft, setDraft] = useAtom(draftAtom);
  const loaded = useAtomValue(draftLoadedAtom);
  const { files } = useUploads();
  const online = useOnline();
  const fields = useFieldErrors();
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
  useKeepDraftUploads(files);

  const { state, submit, takeBack, queueWhenUploaded } = useSubmitApplication({
    progress,
    setErrors: fields.show,
  });
  const locked = state !== 'idle';
  const alreadySubmitted = useAtomValue(alreadySubmittedAtom);
  const afterUploads = useSubmitAfterUploads(submit, queueWhenUploaded);
  const waitingForFiles = useAtomValue(waitingForFilesAtom);

  const footer = (
    <StickyFooter
      blockers={blockers}
      started={Boolean(draft.practiceType)}
      ready={Boolean(draft.practiceType) && draft.consent !== null && blockers.length === 0}
      state={state}
      alreadySubmitted={alreadySubmitted}
      waitingFor={afterUploads.waitingFor}
      waitingForFiles={waitingForFiles}
      onSubmit={() => void afterUploads.press()}
      onStopWaiting={afterUploads.stopWaiting}
      onTakeBack={() => void takeBack()}
    />
  );

  if (!loaded || !draft.practiceType) return footer;
  const titles = stepTitles(draft.practiceType);
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

  return (
    <>
      {/* Read-only fields look it: the shared text fields have no disabled style of their own. */}
      <fieldset
        disabled={locked}
        className={`m-0 min-w-0 space-y-6 border-0 p-0 ${READ_ONLY_FIELDS}`}
      >
        {titles.contact && <ContactStep title={titles.contact} fields={fields} />}
        {titles['practice-details'] && (
          <PracticeDetailsStep title={titles['practice-details']} fields={fields} />
        )}
        {schemeSelector}
        {titles['contract-preferences'] && (
          <ContractPreferencesStep title={titles['contract-preferences']} />
        )}
        {titles['additional-preferences'] && (
          <AdditionalPreferencesStep title={titles['additional-preferences']} />
        )}
        {titles.documents && (
          <DocumentsStep
            title={titles.documents}
            sections={sections}
            files={sectionFiles}
            online={online}
            locked={locked}
          />
        )}

        <StorageNotice />
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
            error={fields.errors['submission.additionalNotes']}
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

        <DraftStatus state={state} onStartOver={() => setConfirmReset(true)} />
      </fieldset>
      <StartOverDialog
        open={confirmReset}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          resetUploads();
          fields.show({});
          void resetDraft().then(wipeDraft);
        }}
      />
      <UnfinishedUploadsDialog
        files={afterUploads.asking}
        onWait={() => void afterUploads.sendWhenUp()}
        canSubmitWithout={blockers.length === 0}
        onSubmitWithout={() => void afterUploads.submitWithout()}
        onCancel={afterUploads.cancel}
      />
      {footer}
    </>
  );
}
