// The landing page with the submission wizard (docs/product.md#screens-and-routes), one question
// page at a time (decision 097), the page in `?step=`. Only the heading and step 1 are in the
// first load; the rest of the form (the other pages, navigation, error summary, footer) is its
// own chunk, fetched while the practitioner reads step 1, to keep the first load within budget.
import { Link, useRouterState } from '@tanstack/react-router';
import { useAtom, useAtomValue } from 'jotai';
import { Suspense, startTransition, useEffect, useId, useState } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';
import { nextTask } from '../../lib/next-task.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card } from '../../ui/card.tsx';
import { draftAtom, draftLoadedAtom, startDraftPersistence } from './draft.ts';
import { otherTabWritesAtom } from './draft-writer.ts';
import { PracticeTypeOptions } from './practice-type-options.tsx';
import { submitStateAtom } from './submit-state.ts';

/**
 * The form's code runs in five tasks, none of them long on a slow phone: React Aria's
 * components, zod with the contracts' basics, the validity rules, the practitioner's contracts
 * (zod builds each schema as its module runs), then the form itself. Only the contracts the
 * form uses: the tracking view's, the uploads' and the staff's are in files of their own and
 * load when a page needs them. It starts as soon as the page is hydrated, while the
 * practitioner reads step 1.
 */
async function loadForm() {
  await import('../../ui/button.tsx');
  await nextTask();
  // zod's library with the smallest of the contracts (zod/mini itself would bring all of zod).
  await import('../../../schema/api-basics.ts');
  await nextTask();
  // The contracts the practitioner's build on, then the practitioner's.
  await import('../../../schema/document-validity.ts');
  await nextTask();
  await import('../../../schema/submission-api.ts');
  await nextTask();
  return import('./wizard-form.tsx');
}
type WizardFormType = Awaited<ReturnType<typeof loadForm>>['default'];

/**
 * The form, once the page is hydrated and its code has loaded; null until then. Not React.lazy
 * in Suspense: its fallback would be a second copy of step 1 at another place in the tree, so
 * React would remove the hydrated step and insert it again before the form replaced it, two
 * long commits on a slow phone (docs/decisions/124-what-the-work-after-the-paint-is.md).
 */
function useLoadedForm(): WizardFormType | null {
  const hydrated = useHydrated();
  const [form, setForm] = useState<{ Form: WizardFormType } | { failure: unknown } | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    loadForm().then(
      (module) => current && startTransition(() => setForm({ Form: module.default })),
      // Shown by the route's error page, as a failed lazy load was.
      (failure: unknown) => current && startTransition(() => setForm({ failure })),
    );
    return () => {
      current = false;
    };
  }, [hydrated]);
  if (form && 'failure' in form) throw form.failure;
  return form?.Form ?? null;
}

const formLoading = (
  <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
    Loading the application form…
  </p>
);

export function WizardPage() {
  const [draft, setDraft] = useAtom(draftAtom);
  const loaded = useAtomValue(draftLoadedAtom);
  // Read-only while the application is being sent or waits to be sent, or another tab writes it.
  const otherTab = useAtomValue(otherTabWritesAtom);
  const locked = useAtomValue(submitStateAtom) !== 'idle' || otherTab;
  // The choice answers once the page is the app's, not only once the device copy of the draft
  // is read (slow on a first visit): the read keeps it (draft.ts). Until then the pre-rendered
  // radios stay as sent, so the hydrating render matches.
  const hydrated = useHydrated();
  const stepId = useId();
  // Which page `?step=` names is the form's to say (it sends an unknown one back to the
  // first page; the route has no validateSearch, which would add to the first load); the pre-rendered HTML is the first page, and an address with a query is
  // rendered afresh, never hydrated (lib/prerendered.ts).
  // The router's state as the header reads it (useSearch would add to the first load).
  const step = useRouterState({ select: (s) => (s.location.search as { step?: unknown }).step });

  // The introduction belongs to the first page. Until the draft is read, and without a chosen
  // practice type (where the form sends any `?step=` back to the first page), the page stays
  // the first page as pre-rendered, so nothing above the form moves (CLS) while it starts.
  const onFirstPage = !step || !loaded || !draft.practiceType;
  const WizardForm = useLoadedForm();

  useEffect(() => {
    void startDraftPersistence();
  }, []);

  const practiceTypeStep = (
    <>
      <Card aria-labelledby={stepId}>
        <fieldset disabled={!hydrated || locked}>
          <legend id={stepId} className="text-lg font-semibold">
            Step 1: Practice Type
          </legend>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Is your practice already registered with medical aids?
          </p>
          <PracticeTypeOptions
            value={draft.practiceType}
            onChange={(practiceType) => setDraft((d) => ({ ...d, practiceType }))}
            // The error summary's link lands on the first choice.
            idOf={(_, i) => (i === 0 ? 'practice-type' : undefined)}
          />
        </fieldset>
        {/* Beside the spec's two types (issue 39): a practice manager's own start. */}
        <Link
          to="/practice/new"
          className="mt-3 flex min-h-11 items-start gap-3 rounded-lg border border-dashed border-slate-400 p-4 outline-none hover:border-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-slate-500 dark:hover:border-teal-400"
        >
          <span>
            <span className="block font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300">
              Several practitioners in one practice
            </span>
            <span className="block text-sm text-slate-600 dark:text-slate-300">
              For a practice manager: give the practice's details and documents once, then invite
              each practitioner
            </span>
          </span>
        </Link>
      </Card>

      <Alert tone="warning" title="Certified hard copies may be required">
        Some medical aid schemes still ask for certified hard copies of your documents. After you
        submit, we will show you how to certify them and where to mail them.
      </Alert>
    </>
  );
  const loading = (
    <>
      {practiceTypeStep}
      {formLoading}
    </>
  );

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-56 sm:pt-10">
      <h1 className="text-2xl font-bold sm:text-3xl">
        Welcome to secure, POPIA-compliant practitioner onboarding
      </h1>
      {onFirstPage && (
        <>
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            Apply to be registered with medical aid schemes, upload your supporting documents and
            follow your application with a tracking token. What you enter is kept safely on this
            device until you submit.
          </p>
          <p className="mt-3">
            <Link
              to="/track"
              className="inline-flex min-h-11 items-center font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300"
            >
              Track the Process
            </Link>
          </p>
        </>
      )}

      <div className="mt-6 space-y-6">
        {/* The form shows the draft kept on this device: never in the pre-rendered page. */}
        {WizardForm ? (
          // The form's pages load their own parts when first shown: a page move that waits for
          // one suspends here, not at the route, which would render the whole page again.
          <Suspense fallback={loading}>
            <WizardForm step={step} practiceTypeStep={practiceTypeStep} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
    </div>
  );
}
