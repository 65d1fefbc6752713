// The error summary's state (GOV.UK pattern, decision 097): which problems it shows — none before
// a try, this page's after Continue, all after Submit — worked out from the draft each time, so
// it shrinks as they are fixed; focus moved to it on every try; and whether warnings that were
// neutral take the error style yet.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SectionProgress } from '../../../schema/rules.ts';
import type { Draft } from './draft.ts';
import { FIELD_IDS } from './field-errors.ts';
import type { FieldErrors } from './submission-payload.ts';
import type { useFieldErrors } from './use-field-errors.ts';
import type { WizardPageKey } from './wizard-pages.ts';
import {
  applicationProblems,
  fieldProblem,
  type Problem,
  pageProblems,
} from './wizard-problems.ts';

/** The text fields' messages among these problems, to show at the fields. */
function inlineErrors(problems: readonly Problem[]): FieldErrors {
  return Object.fromEntries(problems.flatMap((p) => (p.field ? [[p.field, p.message]] : [])));
}

export function useProblemSummary(page: WizardPageKey, fields: ReturnType<typeof useFieldErrors>) {
  const [tried, setTried] = useState<null | 'page' | 'all'>(null);
  // After the first try, warnings that were neutral take the error style.
  const [attempted, setAttempted] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  useEffect(() => {
    if (summaryFocus > 0) summaryRef.current?.focus();
  }, [summaryFocus]);
  useEffect(() => {
    if (page) setTried((t) => (t === 'page' ? null : t));
  }, [page]);

  const showFields = fields.show;
  const showProblems = useCallback(
    (problems: readonly Problem[], scope: 'page' | 'all') => {
      setAttempted(true);
      showFields(inlineErrors(problems));
      setTried(scope);
      setSummaryFocus((n) => n + 1);
    },
    [showFields],
  );
  // Messages from the submit path (the contract, or the server refusing a field) go to the
  // fields and the summary.
  const setErrors = useCallback(
    (errors: FieldErrors) => {
      const onScreen = showFields(errors);
      if (Object.keys(errors).length === 0) return onScreen;
      setAttempted(true);
      setTried('all');
      setSummaryFocus((n) => n + 1);
      return onScreen || Object.keys(errors).some((path) => FIELD_IDS[path]);
    },
    [showFields],
  );

  /** Every problem of the application, and those the summary shows now. */
  const problemsOf = (draft: Draft, blockers: readonly SectionProgress[]) => {
    const allProblems = applicationProblems(draft, blockers);
    const shown =
      tried === 'all' ? allProblems : tried === 'page' ? pageProblems(page, draft, blockers) : [];
    // A field the server refused that the checks here pass (e.g. a rule only it knows).
    const refused = tried
      ? Object.entries(fields.errors)
          .filter(([path]) => FIELD_IDS[path] && !shown.some((p) => p.field === path))
          .map(([path, message]) => fieldProblem(path, message))
      : [];
    return { allProblems, summary: [...shown, ...refused] };
  };

  /** Start over: no summary, warnings neutral again. */
  const clearProblems = useCallback(() => {
    setTried(null);
    setAttempted(false);
  }, []);

  return { attempted, summaryRef, showProblems, setErrors, problemsOf, clearProblems };
}
