// One document section (SPEC §2 "Document upload card"): a labelled region with its badges,
// banners, rules line, file list and an inline uploader (browse, or the camera on phones).
import { useId, useRef, useState } from 'react';
import { type DocumentSection, maxFilesFor, needsHardCopyNote } from '../../../schema/sections.ts';
import { DeviceStorageFullError } from '../../lib/device-store.ts';
import { addFile, removeUpload, resendUpload } from '../../lib/upload-queue.ts';
import type { QueuedFile } from '../../lib/upload-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Progress } from '../../ui/progress.tsx';
import { acceptAttribute, checkFiles, HEIC_REFUSED, typesLine } from './file-checks.ts';
import { fileRowText, STATUS_BADGE, sectionStatus, waitsForConnection } from './section-state.ts';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`;

async function canDecode(file: File): Promise<boolean> {
  const { canDecodeImage } = await import('../../lib/image-compression.ts');
  return canDecodeImage(file);
}

export function DocumentUploadCard({
  section,
  files,
  online,
  locked = false,
}: {
  section: DocumentSection;
  files: readonly QueuedFile[];
  online: boolean;
  /** While the application is being sent or waits to be sent, its files cannot change. */
  locked?: boolean;
}) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const browseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const status = sectionStatus(section, files);
  const badge = STATUS_BADGE[status];
  const max = maxFilesFor(section.key);

  async function accept(list: FileList | null) {
    if (!list || list.length === 0) return;
    const { accepted, problems: found } = checkFiles(section, files.length, [...list]);
    setBusy(true);
    try {
      if (accepted.length > 0 && navigator.storage?.persist) void navigator.storage.persist();
      for (const check of accepted) {
        if (check.heic && !(await canDecode(check.file))) {
          found.push(`"${check.file.name}": ${HEIC_REFUSED}`);
          continue;
        }
        try {
          await addFile({
            sectionKey: section.key,
            name: check.file.name,
            type: check.type,
            bytes: await check.file.arrayBuffer(),
            compress: check.compress,
          });
        } catch (error) {
          found.push(
            error instanceof DeviceStorageFullError
              ? error.message
              : `"${check.file.name}" could not be kept on this device. Please try again.`,
          );
        }
      }
    } finally {
      setBusy(false);
      setProblems(found);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
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
              : 'Your files are kept on this device and will upload when you are back online.'}
          </Alert>
        )}
        {section.required && files.length === 0 && (
          <Alert tone="warning" title="Required">
            Upload at least {section.minFiles} file for this section to submit your application.
          </Alert>
        )}
        {needsHardCopyNote(section.key) && (
          <Alert tone="info">
            Some schemes also need a certified hard copy of this document. You will get mailing
            instructions after you submit.
          </Alert>
        )}
        {problems.length > 0 && (
          <Alert tone="error" title="Some files were not added">
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        )}
      </div>

      {files.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Files">
          {files.map((file) => (
            <FileRow key={file.id} file={file} online={online} locked={locked} />
          ))}
        </ul>
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
      {/* Inputs stay in the card so each section owns its own file input. */}
      <input
        ref={browseRef}
        type="file"
        multiple
        hidden
        accept={acceptAttribute(section)}
        aria-label={`Choose files for ${section.label}`}
        onChange={(e) => {
          void accept(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <input
        ref={cameraRef}
        type="file"
        hidden
        accept="image/jpeg"
        capture="environment"
        aria-label={`Take a photo for ${section.label}`}
        onChange={(e) => {
          void accept(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {open && !locked && (
        <div className="mt-3 rounded-md border border-dashed border-slate-400 p-3 dark:border-slate-500">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Browse for files on your device, or use the camera on your phone to photograph the
            document.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="primary" onPress={() => browseRef.current?.click()} isDisabled={busy}>
              Browse files
            </Button>
            <Button
              variant="secondary"
              onPress={() => cameraRef.current?.click()}
              isDisabled={busy}
            >
              Take a photo
            </Button>
            <Button variant="ghost" onPress={() => setOpen(false)}>
              Close Uploader
            </Button>
          </div>
          {busy && (
            <p role="status" className="mt-2 text-sm">
              Saving on this device…
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function FileRow({ file, online, locked }: { file: QueuedFile; online: boolean; locked: boolean }) {
  const waiting = waitsForConnection(file, online);
  const text = fileRowText(file, online);
  return (
    <li className="flex items-start gap-3 py-2" data-stage={waiting ? 'waiting' : file.stage}>
      {file.thumbnail ? (
        <img src={file.thumbnail} alt="" className="size-12 shrink-0 rounded object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {file.type === 'application/pdf' ? 'PDF' : 'FILE'}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{file.name}</p>
        <p className="text-xs text-slate-600 dark:text-slate-300">{mb(file.size)}</p>
        <p
          className={`mt-0.5 text-xs ${file.stage === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}
        >
          {file.stage === 'error' && (
            <span className="mr-2">
              <Badge tone="destructive">Action Needed</Badge>
            </span>
          )}
          {text}
        </p>
        {file.stage === 'uploading' && !file.note && (
          <div className="mt-1">
            <Progress label={`Uploading ${file.name}`} value={file.bytesSent} max={file.size} />
          </div>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        {file.stage === 'error' && (
          <Button
            variant="secondary"
            onPress={() => resendUpload(file.id)}
            aria-label={`Try ${file.name} again`}
            isDisabled={locked}
          >
            Try again
          </Button>
        )}
        <Button
          variant="ghost"
          onPress={() => void removeUpload(file.id)}
          aria-label={`Remove ${file.name}`}
          isDisabled={locked}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
