// The inline uploader of a section: browse for files, or the camera on phones (JPEG pictures
// only), or Scan pages (several pictures into one PDF, features/scan) where the card passes
// onScanned. The inputs stay mounted while the panel is closed, so each section owns its own
// input.
import { useRef } from 'react';
import type { DocumentSection } from '../../../schema/sections.ts';
import { Button } from '../../ui/button.tsx';
import { ScanButton } from '../scan/scan-button.tsx';
import { acceptAttribute } from './file-checks.ts';

export function FilePicker({
  section,
  open,
  onClose,
  busy,
  multiple = true,
  onFiles,
  onScanned,
  scanScope,
}: {
  section: DocumentSection;
  open: boolean;
  onClose: () => void;
  busy: boolean;
  multiple?: boolean;
  onFiles: (files: FileList | null) => void;
  /** Where a scan's PDF goes; without it there is no Scan pages. See docs/decisions/075-on-device-scan-pdf.md. */
  onScanned?: (file: File) => Promise<number>;
  /** Where the scan's pages are kept; the section's key unless given (a replacement's own). */
  scanScope?: string;
}) {
  const browseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={browseRef}
        type="file"
        multiple={multiple}
        hidden
        accept={acceptAttribute(section)}
        aria-label={`Choose files for ${section.label}`}
        onChange={(e) => {
          onFiles(e.currentTarget.files);
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
          onFiles(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {open && (
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
            {onScanned && (
              <ScanButton
                section={section}
                scope={scanScope}
                isDisabled={busy}
                onScanned={onScanned}
              />
            )}
            <Button variant="ghost" onPress={onClose}>
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
    </>
  );
}
