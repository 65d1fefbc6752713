// The upload cards of a form's sections, one per section with that section's files and the date
// its validity rule asks for: the wizard, the manager's shared documents and an invited
// practitioner's own documents list them the same way.
import type { DocumentSection } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { DocumentUploadCard } from './document-upload-card.tsx';

type Dates = Record<string, string>;

/** What a form gives its upload cards: its sections, their files and the form's state. */
export type SectionCards = {
  sections: readonly DocumentSection[];
  files: readonly QueuedFile[];
  online: boolean;
  /** While the application is being sent or waits to be sent, its files cannot change. */
  locked: boolean;
  /** After the first Continue or Submit: a missing required file is an error, not a note. */
  attempted: boolean;
};

export function DocumentUploadCards({
  sections,
  files,
  online,
  locked,
  attempted,
  dates,
  onDatesChange,
  practice = false,
}: SectionCards & {
  /** The date each section's validity rule needs, by section key, as typed (kept in the draft). */
  dates: Dates | undefined;
  /** Changes the draft's dates (given the update, so it applies to the latest draft). */
  onDatesChange: (update: (dates: Dates) => Dates) => void;
  /** The practice manager's shared documents, kept apart from the wizard's draft. */
  practice?: boolean;
}) {
  return (
    <div className="mt-3 space-y-4">
      {sections.map((section) => (
        <DocumentUploadCard
          key={section.key}
          section={section}
          files={files.filter((f) => f.sectionKey === section.key)}
          online={online}
          locked={locked}
          attempted={attempted}
          validityDate={{
            value: dates?.[section.key] ?? '',
            onChange: (value) => onDatesChange((d) => ({ ...d, [section.key]: value })),
          }}
          practice={practice}
        />
      ))}
    </div>
  );
}
