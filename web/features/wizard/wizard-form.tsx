// The wizard's pages after step 1 (docs/product.md#screens-and-routes, decision 097): contact
// information, practice details or additional preferences, the scheme selector, document
// uploads with help and progress, notes and consent, check your answers; around every page
// (step 1's too) the error summary, 'Page N of M', Continue / Skip / Back and the sticky
// footer. Loaded lazily by wizard-page.tsx. Read-only (a disabled fieldset) from Submit until
// the application is sent or taken back. Only the chosen practice type's sections are shown,
// counted and uploaded; files of the other type's sections stay on the device, so switching
// back restores them.
import { useAtom, useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { sectionBlockers } from '../../../schema/rules.ts';
import { sectionsFor } from '../../../schema/sections.ts';
import { MAX_NOTES_LENGTH } from '../../../schema/submission-api.ts';
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
import { CheckAnswers } from './check-answers.tsx';
import { ContactStep } from './contact-step.tsx';
import { ContractPreferencesStep } from './contract-preferences-step.tsx';
import { DocumentsStep } from './documents-step.tsx';
import { draftAtom, draftLoadedAtom, resetDraft } from './draft.ts';
import { otherTabWritesAtom } from './draft-writer.ts';
import { ErrorSummary } from './error-summary.tsx';
import { FIELD_IDS } from './field-errors.ts';
import { OtherTabNotice } from './other-tab-notice.tsx';
import { PageNav } from './page-nav.tsx';
import { PageProgress } from './page-progress.tsx';
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
import { useProblemSummary } from './use-problem-summary.ts';
import { useSubmitAfterUploads } from './use-submit-after-uploads.ts';
import { useSubmitApplication } from './use-submit-application.ts';
import { useWizardNavigation } from './use-wizard-navigation.ts';
import { wipeDraft } from './wipe-draft.ts';
import { currentPage, neighbours, pagesFor, type WizardPageKey } from './wizard-pages.ts';
import { alsoMissing, CONSENT_ID, pageProblems, SCHEME_SEARCH_ID } from './wizard-problems.ts';
import { stepTitles } from './wizard-steps.ts';

const READ_ONLY_FIELDS =
  '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 [&_textarea:disabled]:cursor-not-allowed [&_textarea:disabled]:bg-slate-100 dark:[&_input:disabled]:bg-slate-800 dark:[&_textarea:disabled]:bg-slate-800';

export default function WizardForm({
  step,
  practiceTypeStep,
}: {
  /** `?step=` as the address has it: the page to show, if this practice type has it. */
  step: unknown;
  /** Step 1, which is in the first load (wizard-page.tsx). */
  practiceTypeStep: ReactNode;
}) {
  const [draft, setDraft] = useAtom(draftAtom);
  const loaded = useAtomValue(draftLoadedAtom);
  const page = loaded ? currentPage(step, draft.practiceType) : 'practice-type';
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

  const { attempted, summaryRef, showProblems, setErrors, problemsOf, clearProblems } =
    useProblemSummary(page, fields);
  const { go, pageRef } = useWizardNavigation(page);
  // A step this practice type does not have (or none chosen yet): the address says page 1.
  useEffect(() => {
    if (loaded && step !== undefined && step !== page) go('practice-type', undefined, true);
  }, [loaded, step, page, go]);

  const { state, submit, takeBack, queueWhenUploaded } = useSubmitApplication({
    progress,
    setErrors,
  });
  const otherTab = useAtomValue(otherTabWritesAtom);
  const locked = state !== 'idle' || otherTab;
  const alreadySubmitted = useAtomValue(alreadySubmittedAtom);
  const afterUploads = useSubmitAfterUploads(submit, queueWhenUploaded);
  const waitingForFiles = useAtomValue(waitingForFilesAtom);

  const { allProblems, summary } = problemsOf(draft, blockers);

  const footer = (
    <StickyFooter
      blockers={blockers}
      started={Boolean(draft.practiceType)}
      ready={Boolean(draft.practiceType) && draft.consent !== null && blockers.length === 0}
      alsoMissing={draft.practiceType ? alsoMissing(allProblems) : null}
      state={state}
      alreadySubmitted={alreadySubmitted}
      waitingFor={afterUploads.waitingFor}
      waitingForFiles={waitingForFiles}
      onSubmit={() => {
        if (allProblems.length > 0) showProblems(allProblems, 'all');
        void afterUploads.press();
      }}
      onStopWaiting={afterUploads.stopWaiting}
      onTakeBack={() => void takeBack()}
    />
  );

  const pages = pagesFor(draft.practiceType);
  const { previous, next } = neighbours(page, draft.practiceType);
  const titles = draft.practiceType ? stepTitles(draft.practiceType) : {};
  const selection = {
    selectedParents: draft.selectedParents,
    selectedSchemes: draft.selectedSchemes,
  };
  const content: Record<WizardPageKey, () => ReactNode> = {
    'practice-type': () => practiceTypeStep,
    contact: () => titles.contact && <ContactStep title={titles.contact} fields={fields} />,
    'practice-details': () =>
      titles['practice-details'] && (
        <PracticeDetailsStep title={titles['practice-details']} fields={fields} />
      ),
    schemes: () =>
      locked ? (
        <SelectedSchemes selection={selection} />
      ) : (
        <SchemeSelector
          searchId={SCHEME_SEARCH_ID}
          attempted={attempted}
          selection={selection}
          onChange={(next) => setDraft((d) => ({ ...d, ...next }))}
        />
      ),
    'contract-preferences': () =>
      titles['contract-preferences'] && (
        <ContractPreferencesStep title={titles['contract-preferences']} />
      ),
    'additional-preferences': () =>
      titles['additional-preferences'] && (
        <AdditionalPreferencesStep title={titles['additional-preferences']} />
      ),
    documents: () => (
      <>
        {titles.documents && (
          <DocumentsStep
            title={titles.documents}
            sections={sections}
            files={sectionFiles}
            online={online}
            locked={locked}
            attempted={attempted}
          />
        )}
        <StorageNotice />
        <UploadHelp hasFiles={sectionFiles.length > 0} />
        <UploadSummary
          progress={progress}
          files={sectionFiles}
          setAside={files.length - sectionFiles.length}
          online={online}
        />
      </>
    ),
    'notes-consent': () => (
      <>
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
          id={CONSENT_ID}
          consent={draft.consent}
          onChange={(consent) => setDraft((d) => ({ ...d, consent }))}
        />
      </>
    ),
    'check-answers': () => (
      <CheckAnswers
        draft={draft}
        pages={pages}
        sections={sections}
        files={sectionFiles}
        problems={allProblems}
        onChange={(to) => go(to)}
      />
    ),
  };

  return (
    <>
      <OtherTabNotice />
      {summary.length > 0 && (
        <ErrorSummary ref={summaryRef} problems={summary} onGo={(p) => go(p.page, p.target)} />
      )}
      <PageProgress page={page} pages={pages} started={Boolean(draft.practiceType)} onGo={go} />
      <div ref={pageRef} tabIndex={-1} className="space-y-6 outline-none">
        {page === 'practice-type' ? (
          practiceTypeStep
        ) : (
          // Read-only fields look it: the shared text fields have no disabled style of their own.
          <fieldset
            disabled={locked}
            className={`m-0 min-w-0 space-y-6 border-0 p-0 ${READ_ONLY_FIELDS}`}
          >
            {content[page]()}
          </fieldset>
        )}
      </div>
      {storageProblem && <Alert tone="error">{storageProblem}</Alert>}
      <PageNav
        // On the first page before a type is chosen there is no next page yet, but Continue
        // says what is missing.
        canContinue={next !== undefined || page === 'practice-type'}
        canSkip={next !== undefined && page !== 'practice-type'}
        onContinue={() => {
          const problems = pageProblems(page, draft, blockers);
          if (problems.length > 0) showProblems(problems, 'page');
          else if (next) go(next);
        }}
        onSkip={() => next && go(next)}
        onBack={previous ? () => go(previous) : undefined}
      />
      {loaded && draft.practiceType && !otherTab && (
        <DraftStatus state={state} onStartOver={() => setConfirmReset(true)} />
      )}
      <StartOverDialog
        open={confirmReset}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          resetUploads();
          fields.show({});
          clearProblems();
          go('practice-type');
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
      {!otherTab && footer}
    </>
  );
}
