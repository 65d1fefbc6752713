import { createFileRoute } from '@tanstack/react-router';
import { loadCatalogue } from '../features/schemes/catalogue.ts';
import { loadRegistrationForms } from '../features/schemes/registration-forms.ts';
import { WizardPage } from '../features/wizard/wizard-page.tsx';

export const Route = createFileRoute('/')({
  loader: () => ({ ...loadRegistrationForms(), ...loadCatalogue() }),
  // The loader's code travels with the page's, not in the entry.
  codeSplitGroupings: [['loader', 'component']],
  component: WizardPage,
});
