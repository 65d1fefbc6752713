// One document section (docs/product.md#screens-and-routes "Document upload card"): a labelled
// region with its badges,
// banners, rules line, file list and an inline uploader (browse, or the camera on phones).
import { useId, useState } from 'react';
import { type DocumentSection, maxFilesFor, needsHardCopyNote } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { typesLine } from './file-checks.ts';
import { FilePicker } from './file-picker.tsx';
import { FileRow } from './file-row.tsx';
import { STATUS_BADGE, sectionStatus } from './section-state.ts';
import { UploadProblems } from './upload-problems.tsx';
import { useFileIntake } from './use-file-intake.ts';
import { ValidityDateField } from './validity-date-field.tsx';

export function DocumentUploadCard({
  section,
  files,
  online,
  locked = false,
  attempted = false,
  validityDate,
  practice = false,
}: {
  section: DocumentSection;
  files: readonly QueuedFile[];
  online: boolean;
  /** While the application is being sent or waits to be sent, its files cannot change. */
  locked?: boolean;
  /** After the first Continue or Submit: a missing required file is an error, not a note. */
  attempted?: boolean;
  /** The date the section's validity rule needs, kept with the draft (none: not asked). */
  validityDate?: { value: string; onChange: (value: string) => void };
  /** The practice manager's shared documents, kept apart from the wizard's draft. */
  practice?: boolean;
}) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const status = sectionStatus(section, files);
  const badge = STATUS_BADGE[status];
  const max = maxFilesFor(section.key);
  const { accept, busy, problems } = useFileIntake({
    section,
    existingCount: files.length,
    practice,
  });

  return (
    <section
      // The error summary's links land here.
      id={`section-${section.key}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="outline-none focus-visible:ring-2 focus-visible:ring-teal-600 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {section.label}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={section.required ? 'warning' : 'outline'}>
            {section.required ? 'Required' : 'Optional'}
          </Badge>
          <Badge tone={badge.tone}>{badge.text}</Badge>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{section.description}</p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {typesLine(section)} · up to 100 MB each · at most {max} files
      </p>

      <div className="mt-3 space-y-2">
        {status === 'completed' && (
          <Alert tone="success">All files for this section are uploaded.</Alert>
        )}
        {(status === 'processing' || status === 'uploading') && (
          <Alert tone="info">
            {online
              ? 'Your files are being processed and uploaded. You can carry on with the form.'
              : 'Your files are kept on this device and will upload when you are back online with this app open.'}
          </Alert>
        )}
        {section.required && files.length === 0 && (
          <Alert tone={attempted ? 'error' : 'info'} title="Required">
            Upload at least {section.minFiles} file for this section to submit your application.
          </Alert>
        )}
        {needsHardCopyNote(section.key) && (
          <Alert tone="info">
            Some schemes also need a certified hard copy of this document. You will get mailing
            instructions after you submit.
          </Alert>
        )}
        <UploadProblems problems={problems} />
      </div>

      {files.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Files">
          {files.map((file) => (
            <FileRow key={file.id} file={file} online={online} locked={locked} />
          ))}
        </ul>
      )}

      {validityDate && (
        <ValidityDateField
          sectionKey={section.key}
          value={validityDate.value}
          onChange={validityDate.onChange}
          disabled={locked}
        />
      )}

      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant={files.length === 0 ? 'primary' : 'secondary'}
          onPress={() => setOpen((o) => !o)}
          aria-expanded={open}
          isDisabled={locked || files.length >= max}
        >
          {files.length === 0 ? `Upload ${section.label}` : 'Add More Files'}
        </Button>
      </div>
      <FilePicker
        section={section}
        open={open && !locked}
        onClose={() => setOpen(false)}
        busy={busy}
        onFiles={(list) => void accept(list)}
        onScanned={(file) => accept([file])}
      />
    </section>
  );
}
