// The practice's shared documents, uploaded once (PRACTICE_SECTION_KEYS): the wizard's upload
// cards, kept on the device first and sent resumably, with the date a section's validity rule
// asks for. Each practitioner's submission later gets its own copy (decision 120).
import { useAtom } from 'jotai';
import type { DocumentSection } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { DocumentUploadCard } from '../uploads/document-upload-card.tsx';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { practiceDraftAtom } from './practice-draft.ts';

export function PracticeDocumentsStep({
  sections,
  files,
  online,
  locked,
  attempted,
}: {
  sections: readonly DocumentSection[];
  files: readonly QueuedFile[];
  online: boolean;
  locked: boolean;
  attempted: boolean;
}) {
  const [draft, setDraft] = useAtom(practiceDraftAtom);
  const dateOf = (sectionKey: string) => ({
    value: draft.documentDates[sectionKey] ?? '',
    onChange: (value: string) =>
      setDraft((d) => ({ ...d, documentDates: { ...d.documentDates, [sectionKey]: value } })),
  });
  return (
    <WizardStep title="The practice's documents">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Upload these once for the whole practice. Each practitioner adds their own ID, HPCSA
        certificate and cover from their invitation. Files are kept on this device first, then
        uploaded: you can leave and come back.
      </p>
      <div className="mt-3 space-y-4">
        {sections.map((section) => (
          <DocumentUploadCard
            key={section.key}
            section={section}
            files={files.filter((f) => f.sectionKey === section.key)}
            online={online}
            locked={locked}
            attempted={attempted}
            validityDate={dateOf(section.key)}
            practice
          />
        ))}
      </div>
    </WizardStep>
  );
}
