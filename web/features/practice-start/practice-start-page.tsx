// /practice/new (issue 39, decision 121): the practice manager's wizard. The practice's part
// once (details, shared documents, schemes), then the practitioners to invite, then Send: the
// practice is created, each practitioner invited by e-mail, and the manager lands on the
// practice page. The draft is kept sealed on this device and Send queues when offline.
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { useOnline } from '../../lib/use-online.ts';
import { SchemeSelector } from '../schemes/scheme-selector.tsx';
import { ErrorSummary } from '../wizard/error-summary.tsx';
import { PageNav } from '../wizard/page-nav.tsx';
import { StartOverDialog } from '../wizard/start-over.tsx';
import { focusWhenShown } from '../wizard/use-wizard-navigation.ts';
import { CheckStep } from './check-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { DraftSaved } from './draft-saved.tsx';
import { forgetPracticeDraft } from './forget-practice-draft.ts';
import { PartlySent } from './partly-sent.tsx';
import { PracticeDocumentsStep } from './practice-documents-step.tsx';
import {
  practiceDraftAtom,
  practiceDraftLoadedAtom,
  startPracticeDraft,
} from './practice-draft.ts';
import {
  type PracticeProblem,
  practiceProblems,
  practiceSections,
  SCHEME_SEARCH_TARGET,
} from './practice-problems.ts';
import { PRACTICE_STEPS, type PracticeStepKey, stepIndex } from './practice-steps.ts';
import { PractitionersStep } from './practitioners-step.tsx';
import { refusalProblems } from './refusal-problems.ts';
import { usePracticeFiles } from './use-practice-files.ts';
import { usePracticeSend } from './use-practice-send.ts';

const READ_ONLY_FIELDS =
  '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 [&_textarea:disabled]:cursor-not-allowed [&_textarea:disabled]:bg-slate-100 dark:[&_input:disabled]:bg-slate-800 dark:[&_textarea:disabled]:bg-slate-800';

export function PracticeStartPage({ step }: { step: PracticeStepKey }) {
  usePageTitle('Start a practice application');
  const navigate = useNavigate();
  const draft = useAtomValue(practiceDraftAtom);
  const setDraft = useSetAtom(practiceDraftAtom);
  const loaded = useAtomValue(practiceDraftLoadedAtom);
  const online = useOnline();
  const sections = useMemo(() => practiceSections(draft), [draft]);
  const files = usePracticeFiles(sections);
  const { state, send, takeBack } = usePracticeSend();
  const locked = !loaded || (state.kind !== 'idle' && state.kind !== 'refused');
  // Which problems are shown: those of a page after its Continue, all of them after Send.
  const [shownFor, setShownFor] = useState<PracticeStepKey | 'all' | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void startPracticeDraft();
  }, []);

  const all = useMemo(() => practiceProblems(draft, files), [draft, files]);
  const refusal = state.kind === 'refused' ? refusalProblems(state.fields) : [];
  const shown: PracticeProblem[] = [
    ...refusal,
    ...(shownFor === 'all' ? all : all.filter((p) => p.step === shownFor)),
  ];
  const errors = Object.fromEntries(shown.map((p) => [p.target, p.message]));
  const index = stepIndex(step);

  const go = (to: PracticeStepKey, target?: string) => {
    void navigate({ to: '/practice/new', search: to === 'details' ? {} : { step: to } }).then(() =>
      target ? focusWhenShown(target) : pageRef.current?.focus(),
    );
  };
  const showProblems = (scope: PracticeStepKey | 'all') => {
    setShownFor(scope);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  if (state.kind === 'partly') return <PartlySent state={state} />;

  const content: Record<PracticeStepKey, () => ReactNode> = {
    details: () => <DetailsStep errors={errors} />,
    documents: () => (
      <PracticeDocumentsStep
        sections={sections}
        files={files}
        online={online}
        locked={locked}
        attempted={shownFor !== null}
      />
    ),
    schemes: () => (
      <SchemeSelector
        searchId={SCHEME_SEARCH_TARGET}
        attempted={shownFor !== null}
        selection={{
          selectedParents: draft.selectedParents,
          selectedSchemes: draft.selectedSchemes,
        }}
        onChange={(next) => setDraft((d) => ({ ...d, ...next }))}
      />
    ),
    practitioners: () => <PractitionersStep errors={errors} />,
    check: () => (
      <CheckStep
        sections={sections}
        files={files}
        state={state}
        online={online}
        onGo={(to) => go(to)}
        onTakeBack={() => void takeBack()}
        onSend={() => {
          if (all.length > 0) return showProblems('all');
          setShownFor(null);
          void send(draft);
        }}
      />
    ),
  };

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:pt-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Several practitioners in one practice</h1>
      {step === 'details' && (
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Give the practice's details, documents and schemes once, then invite each practitioner by
          e-mail to add what is theirs on their own phone. What you enter is kept safely on this
          device until you send it.
        </p>
      )}
      <div className="mt-6 space-y-6">
        {shown.length > 0 && (
          <ErrorSummary ref={summaryRef} problems={shown} onGo={(p) => go(p.step, p.target)} />
        )}
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
          Page {index + 1} of {PRACTICE_STEPS.length}: {PRACTICE_STEPS[index]!.title}
        </p>
        <div ref={pageRef} tabIndex={-1} className="outline-none">
          <fieldset
            disabled={locked && step !== 'check'}
            className={`m-0 min-w-0 space-y-6 border-0 p-0 ${READ_ONLY_FIELDS}`}
          >
            {content[step]()}
          </fieldset>
        </div>
        <DraftSaved onStartOver={locked ? undefined : () => setConfirmReset(true)} />
        <StartOverDialog
          open={confirmReset}
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => {
            setConfirmReset(false);
            setShownFor(null);
            void forgetPracticeDraft().then(() => go('details'));
          }}
        />
        <PageNav
          canContinue={step !== 'check'}
          canSkip={false}
          onContinue={() => {
            const problems = all.filter((p) => p.step === step);
            if (problems.length > 0) return showProblems(step);
            setShownFor(null);
            go(PRACTICE_STEPS[index + 1]!.key);
          }}
          onSkip={() => undefined}
          onBack={index > 0 ? () => go(PRACTICE_STEPS[index - 1]!.key) : undefined}
        />
      </div>
    </div>
  );
}
