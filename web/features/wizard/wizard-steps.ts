// The wizard's numbered steps (docs/product.md#screens-and-routes), numbered by their place among
// the steps shown: an
// established practice has practice details and contract preferences, a new one additional
// preferences. The scheme selector sits between them without a number.
import type { PracticeType } from '../../../schema/sections.ts';

export type WizardStep =
  | 'practice-type'
  | 'contact'
  | 'practice-details'
  | 'contract-preferences'
  | 'additional-preferences'
  | 'documents';

const TITLES: Record<WizardStep, string> = {
  'practice-type': 'Practice Type',
  contact: 'Contact Information',
  'practice-details': 'Practice Details',
  'contract-preferences': 'Contract Preferences',
  'additional-preferences': 'Additional Preferences',
  documents: 'Document Upload',
};

const STEPS: Record<PracticeType, readonly WizardStep[]> = {
  established: [
    'practice-type',
    'contact',
    'practice-details',
    'contract-preferences',
    'documents',
  ],
  new: ['practice-type', 'contact', 'additional-preferences', 'documents'],
};

export function stepsFor(practiceType: PracticeType): readonly WizardStep[] {
  return STEPS[practiceType];
}

/** 'Step N: Title' for each step this practice type shows. */
export function stepTitles(practiceType: PracticeType): Partial<Record<WizardStep, string>> {
  return Object.fromEntries(
    stepsFor(practiceType).map((step, i) => [step, `Step ${i + 1}: ${TITLES[step]}`]),
  );
}
