// What stops the application, page by page, for the error summary (decision 097): the fields
// checked by the same zod contracts the API uses (fieldError), the document sections the
// spec's readiness rule counts, and the consent. Each problem names the page it is on and the
// element its link focuses.
import type { SectionProgress } from '../../../schema/rules.ts';
import { blockerText } from '../uploads/section-state.ts';
import type { Draft } from './draft.ts';
import { FIELD_IDS } from './field-errors.ts';
import { fieldError } from './submission-payload.ts';
import type { WizardPageKey } from './wizard-pages.ts';

export type Problem = {
  page: WizardPageKey;
  /** The DOM id the summary's link focuses. */
  target: string;
  message: string;
  /** A few words for the footer's 'Also missing' line; none for document sections. */
  short?: string;
  /** The API path of a text field, whose message is also shown at the field. */
  field?: string;
};

/** DOM ids of the targets that are not text fields. */
export const PRACTICE_TYPE_ID = 'practice-type';
export const CONSENT_ID = 'popia-consent';
export const SCHEME_SEARCH_ID = 'scheme-search';
export const sectionAnchor = (key: string) => `section-${key}`;

const SHORT: Record<string, string> = {
  'practitioner.firstName': 'first name',
  'practitioner.lastName': 'last name',
  'practitioner.idNumber': 'SA ID number',
  'practitioner.email': 'email',
  'practitioner.phone': 'phone',
  'practitioner.specialization': 'specialization',
  'submission.practiceNumber': 'practice number',
  'submission.hpcsaNumber': 'HPCSA number',
};

/** A message for one of the text fields (FIELD_IDS), checked here or refused by the server. */
export function fieldProblem(path: string, message: string): Problem {
  const page: WizardPageKey =
    path === 'submission.additionalNotes'
      ? 'notes-consent'
      : path.startsWith('practitioner.')
        ? 'contact'
        : 'practice-details';
  return { page, target: FIELD_IDS[path]!, message, short: SHORT[path], field: path };
}

/** Every problem that stops Submit, in page order. */
export function applicationProblems(draft: Draft, blockers: readonly SectionProgress[]): Problem[] {
  if (!draft.practiceType)
    return [
      { page: 'practice-type', target: PRACTICE_TYPE_ID, message: 'Please select a practice type' },
    ];
  const problems: Problem[] = [];
  for (const path of Object.keys(SHORT)) {
    if (path.startsWith('submission.') && draft.practiceType !== 'established') continue;
    const message = fieldError(path, draft);
    if (message) problems.push(fieldProblem(path, message));
  }
  for (const blocker of blockers)
    problems.push({
      page: 'documents',
      target: sectionAnchor(blocker.key),
      message: `${blocker.label}: ${blockerText(blocker)}`,
    });
  if (!draft.consent)
    problems.push({
      page: 'notes-consent',
      target: CONSENT_ID,
      message: 'Please accept the POPIA consent',
      short: 'consent',
    });
  return problems;
}

/**
 * The problems Continue stops at on one page: those of the application on it, and on the
 * schemes page no scheme chosen (a warning the spec shows, not a reason to refuse Submit).
 */
export function pageProblems(
  page: WizardPageKey,
  draft: Draft,
  blockers: readonly SectionProgress[],
): Problem[] {
  const problems = applicationProblems(draft, blockers).filter((p) => p.page === page);
  if (page === 'schemes' && draft.selectedSchemes.length === 0)
    problems.push({
      page,
      target: SCHEME_SEARCH_ID,
      message: 'Please select at least one medical aid scheme to continue',
    });
  return problems;
}

/** The footer's extra line: fields and consent missing, beside the sections it counts. */
export function alsoMissing(problems: readonly Problem[]): string | null {
  const shorts = problems.flatMap((p) => (p.short ? [p.short] : []));
  return shorts.length > 0 ? `Also missing: ${shorts.join(', ')}` : null;
}
