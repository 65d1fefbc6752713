import { createFileRoute } from '@tanstack/react-router';
import { PracticeStartPage } from '../../features/practice-start/practice-start-page.tsx';
import { practiceStepOf } from '../../features/practice-start/practice-steps.ts';
import { loadCatalogue } from '../../features/schemes/catalogue.ts';
import { loadRegistrationForms } from '../../features/schemes/registration-forms.ts';

type PracticeStartSearch = { step?: string };

export const Route = createFileRoute('/practice/new')({
  validateSearch: (search: Record<string, unknown>): PracticeStartSearch => {
    const step = practiceStepOf(search.step);
    return step === 'details' ? {} : { step };
  },
  loader: () => ({ ...loadRegistrationForms(), ...loadCatalogue() }),
  codeSplitGroupings: [['loader', 'component']],
  component: PracticeStartRoute,
});

function PracticeStartRoute() {
  const { step } = Route.useSearch();
  return <PracticeStartPage step={practiceStepOf(step)} />;
}
