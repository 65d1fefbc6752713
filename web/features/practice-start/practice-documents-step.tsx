// The practice's shared documents, uploaded once (PRACTICE_SECTION_KEYS): the wizard's upload
// cards, kept on the device first and sent resumably, with the date a section's validity rule
// asks for. Each practitioner's submission later gets its own copy (decision 120).
import { useAtom } from 'jotai';
import { DocumentUploadCards, type SectionCards } from '../uploads/document-upload-cards.tsx';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { practiceDraftAtom } from './practice-draft.ts';

export function PracticeDocumentsStep(cards: SectionCards) {
  const [draft, setDraft] = useAtom(practiceDraftAtom);
  return (
    <WizardStep title="The practice's documents">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Upload these once for the whole practice. Each practitioner adds their own ID, HPCSA
        certificate and cover from their invitation. Files are kept on this device first, then
        uploaded: you can leave and come back.
      </p>
      <DocumentUploadCards
        {...cards}
        dates={draft.documentDates}
        onDatesChange={(update) =>
          setDraft((d) => ({ ...d, documentDates: update(d.documentDates) }))
        }
        practice
      />
    </WizardStep>
  );
}
