// The upload control under a rejected document (or one we asked to renew, issue 38) on the
// tracking page, with the date its rule needs: the wizard's uploader
// (browse, camera or Scan pages, checks of the section, compression and sealing on the device,
// the upload queue) for one file that replaces the document. A scan's pages are kept under
// the document's own scope (replacement-scan.ts); its PDF goes the way of a picked file. Sending the request is
// use-replacement-sender.ts's job; this shows where the file is on its way.
import { useState } from 'react';
import type { DocumentSection } from '../../../schema/sections.ts';
import { useOnline } from '../../lib/use-online.ts';
import { Button } from '../../ui/button.tsx';
import { typesLine } from '../uploads/file-checks.ts';
import { FilePicker } from '../uploads/file-picker.tsx';
import { FileRow } from '../uploads/file-row.tsx';
import { UploadProblems } from '../uploads/upload-problems.tsx';
import { useFileIntake } from '../uploads/use-file-intake.ts';
import { useReplacementFiles } from '../uploads/use-uploads.ts';
import { ValidityDateField, validityDateProblem } from '../uploads/validity-date-field.tsx';
import { replacementScanScope } from './replacement-scan.ts';
import { replacementStatusText } from './replacement-status.ts';

export function ReplacementUploader({
  token,
  documentId,
  fileName,
  section,
}: {
  token: string;
  documentId: string;
  fileName: string;
  section: DocumentSection;
}) {
  const online = useOnline();
  const files = useReplacementFiles(token, documentId);
  const [open, setOpen] = useState(false);
  const [validityDate, setValidityDate] = useState('');
  // The date travels with the file (kept on the device with it), so it is given first.
  const dated = validityDate && !validityDateProblem(validityDate) ? { validityDate } : {};
  const { accept, busy, problems } = useFileIntake({
    section,
    existingCount: files.length,
    max: 1,
    replacement: { token, documentId, ...dated },
  });
  const status = replacementStatusText(files, online);

  return (
    <div className="mt-3 rounded-md bg-slate-50 p-3 dark:bg-slate-800/60">
      <p className="text-sm font-medium">Send a new {section.label}</p>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
        {typesLine(section)} · up to 100 MB · one file
      </p>
      {files.length === 0 && (
        <ValidityDateField
          sectionKey={section.key}
          value={validityDate}
          onChange={setValidityDate}
        />
      )}
      <UploadProblems problems={problems} />
      {files.length > 0 && (
        <ul className="mt-2" aria-label={`New file for ${fileName}`}>
          {files.map((file) => (
            <FileRow key={file.id} file={file} online={online} locked={false} />
          ))}
        </ul>
      )}
      <p role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-200">
        {status}
      </p>
      {files.length === 0 && (
        <div className="mt-2">
          <Button
            variant="primary"
            onPress={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={`Replace document ${fileName}`}
          >
            Replace document
          </Button>
        </div>
      )}
      <FilePicker
        section={section}
        open={open && files.length === 0}
        onClose={() => setOpen(false)}
        busy={busy}
        multiple={false}
        onFiles={(list) => void accept(list)}
        onScanned={(file) => accept([file])}
        scanScope={replacementScanScope(documentId)}
      />
    </div>
  );
}
