import { createFileRoute } from '@tanstack/react-router';
import { loadCatalogue } from '../features/schemes/catalogue.ts';
import { loadRegistrationForms } from '../features/schemes/registration-forms.ts';
import { WizardPage } from '../features/wizard/wizard-page.tsx';

export const Route = createFileRoute('/')({
  // The wizard's page (decision 092). Kept tiny: validateSearch stays in the entry bundle, and
  // the wizard falls back to its first page for a step it does not know.
  validateSearch: (search: Record<string, unknown>): { step?: string } =>
    typeof search.step === 'string' ? { step: search.step } : {},
  loader: () => ({ ...loadRegistrationForms(), ...loadCatalogue() }),
  // The loader's code travels with the page's, not in the entry.
  codeSplitGroupings: [['loader', 'component']],
  component: WizardPage,
});
