import { useAtom } from 'jotai';
import type { DocumentSection } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { DocumentUploadCard } from '../uploads/document-upload-card.tsx';
import { draftAtom } from './draft.ts';
import { WizardStep } from './wizard-step.tsx';

/** docs/product.md#screens-and-routes: one upload card per section of the chosen practice type. */
export function DocumentsStep({
  title,
  sections,
  files,
  online,
  locked,
  attempted,
}: {
  title: string;
  sections: readonly DocumentSection[];
  files: readonly QueuedFile[];
  online: boolean;
  locked: boolean;
  attempted: boolean;
}) {
  const [draft, setDraft] = useAtom(draftAtom);
  const dateOf = (sectionKey: string) => ({
    value: draft.documentDates?.[sectionKey] ?? '',
    onChange: (value: string) =>
      setDraft((d) => ({ ...d, documentDates: { ...d.documentDates, [sectionKey]: value } })),
  });
  return (
    <WizardStep title={title}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Files are kept on this device first, then uploaded. You can leave and come back: nothing is
        lost.
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
          />
        ))}
      </div>
    </WizardStep>
  );
}
