import { useAtom } from 'jotai';
import { DocumentUploadCards, type SectionCards } from '../uploads/document-upload-cards.tsx';
import { draftAtom } from './draft.ts';
import { WizardStep } from './wizard-step.tsx';

/** docs/product.md#screens-and-routes: one upload card per section of the chosen practice type. */
export function DocumentsStep({ title, ...cards }: { title: string } & SectionCards) {
  const [draft, setDraft] = useAtom(draftAtom);
  return (
    <WizardStep title={title}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Files are kept on this device first, then uploaded. You can leave and come back: nothing is
        lost.
      </p>
      <DocumentUploadCards
        {...cards}
        dates={draft.documentDates}
        onDatesChange={(update) =>
          setDraft((d) => ({ ...d, documentDates: update(d.documentDates ?? {}) }))
        }
      />
    </WizardStep>
  );
}
