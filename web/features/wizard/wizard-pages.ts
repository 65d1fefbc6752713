// The wizard's question pages (docs/product.md#screens-and-routes, decision 097): each step of
// the spec is a page of its own on /, kept in `?step=` so a reload or the browser's Back stays
// on it. The pages follow the practice type: an established practice has practice details and
// contract preferences, a new one additional preferences.
import type { PracticeType } from '../../../schema/sections.ts';

export type WizardPageKey =
  | 'practice-type'
  | 'contact'
  | 'practice-details'
  | 'schemes'
  | 'contract-preferences'
  | 'additional-preferences'
  | 'documents'
  | 'notes-consent'
  | 'check-answers';

/** The page's name in the list of pages, on check your answers and in the error summary. */
export const PAGE_NAMES: Record<WizardPageKey, string> = {
  'practice-type': 'Practice type',
  contact: 'Contact information',
  'practice-details': 'Practice details',
  schemes: 'Medical aid schemes',
  'contract-preferences': 'Contract preferences',
  'additional-preferences': 'Additional preferences',
  documents: 'Documents',
  'notes-consent': 'Notes and consent',
  'check-answers': 'Check your answers',
};

const PAGES: Record<PracticeType, readonly WizardPageKey[]> = {
  established: [
    'practice-type',
    'contact',
    'practice-details',
    'schemes',
    'contract-preferences',
    'documents',
    'notes-consent',
    'check-answers',
  ],
  new: [
    'practice-type',
    'contact',
    'schemes',
    'additional-preferences',
    'documents',
    'notes-consent',
    'check-answers',
  ],
};

/** The pages of this practice type; only the first before one is chosen. */
export function pagesFor(practiceType: PracticeType | null): readonly WizardPageKey[] {
  return practiceType ? PAGES[practiceType] : ['practice-type'];
}

/**
 * The page to show for `?step=`: the practice type page when the step is missing, unknown or
 * not one of this practice type's pages (e.g. practice details after switching to new).
 */
export function currentPage(step: unknown, practiceType: PracticeType | null): WizardPageKey {
  const pages = pagesFor(practiceType);
  return pages.find((p) => p === step) ?? 'practice-type';
}

/** The page before and after `page` (undefined at either end). */
export function neighbours(
  page: WizardPageKey,
  practiceType: PracticeType | null,
): { previous?: WizardPageKey; next?: WizardPageKey } {
  const pages = pagesFor(practiceType);
  const i = pages.indexOf(page);
  return { previous: i > 0 ? pages[i - 1] : undefined, next: pages[i + 1] };
}
