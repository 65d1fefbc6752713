// Scan pages (docs/decisions/075-on-device-scan-pdf.md): photograph a document page by page, put the pages in order, turn and
// crop them, and Done makes one PDF that joins the section like a picked file. Loaded only
// when Scan is opened (scan-button.tsx); the pictures are prepared and the PDF is written in
// the scan worker.
import { useRef, useState } from 'react';
import type { DocumentSection } from '../../../schema/sections.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CropEditor } from './crop-editor.tsx';
import { PageGrid } from './page-grid.tsx';
import { MAX_SCAN_PAGES, sizeWarning } from './page-list.ts';
import { useScan } from './use-scan.ts';

export default function ScanDialog({
  section,
  scope,
  onScanned,
  onClose,
}: {
  section: DocumentSection;
  /** Where the pages in progress are kept on the device (scan-button.tsx). */
  scope: string;
  /** Hands the PDF to the section's intake; resolves to how many files it kept. */
  onScanned: (file: File) => Promise<number>;
  onClose: () => void;
}) {
  const scan = useScan(scope, section.key);
  const camera = useRef<HTMLInputElement>(null);
  const retakeId = useRef<string | undefined>(undefined);
  const [croppingId, setCroppingId] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const busy = scan.working !== null;
  const cropping = scan.pages.find((p) => p.id === croppingId);
  const warning = sizeWarning(scan.pages);
  const count = scan.pages.length;

  // 'Continue scan' in the uploader reads the device: close once the last change is there.
  const close = () => void scan.saved().then(onClose);

  const takePhoto = (retake?: string) => {
    retakeId.current = retake;
    camera.current?.click();
  };

  async function done() {
    const file = await scan.build();
    if (!file) return;
    if ((await onScanned(file)) > 0) {
      await scan.discard();
      onClose();
    } else {
      scan.setProblem(
        'The PDF could not be added to this section. Your pages are still here; see the message in the section.',
      );
    }
  }

  return (
    <Dialog
      title={`Scan pages: ${section.label}`}
      isOpen
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={`Photograph a page for ${section.label}`}
        onChange={(event) => {
          const pictures = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          void scan.addPictures(pictures, retakeId.current);
        }}
      />
      <p role="status" className="sr-only">
        {scan.announcement}
      </p>
      {cropping ? (
        <CropEditor
          page={cropping}
          pageNumber={scan.pages.indexOf(cropping) + 1}
          onApply={(corners) => {
            scan.crop(cropping.id, corners);
            setCroppingId(null);
          }}
          onCancel={() => setCroppingId(null)}
        />
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Photograph each page in good light, one after another. Put them in order, turn or crop
            any page, then tap Done to make one PDF (at most {MAX_SCAN_PAGES} pages). Your pages
            stay on this device, encrypted, until then.
          </p>
          {!scan.loaded ? (
            <p role="status" className="text-sm">
              Opening your scan…
            </p>
          ) : (
            <PageGrid
              pages={scan.pages}
              thumbnails={scan.thumbnails}
              isDisabled={busy}
              actions={{
                onMove: scan.move,
                onRotate: scan.rotate,
                onCrop: setCroppingId,
                onRetake: (id) => takePhoto(id),
                onDelete: (id) => void scan.remove(id),
              }}
            />
          )}
          {scan.working && (
            <p role="status" className="text-sm font-medium">
              {scan.working}
            </p>
          )}
          {scan.problem && <Alert tone="error">{scan.problem}</Alert>}
          {warning && <Alert tone="warning">{warning}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button
              variant={count === 0 ? 'primary' : 'secondary'}
              isDisabled={busy || !scan.loaded}
              onPress={() => takePhoto()}
            >
              {count === 0 ? 'Take photo of a page' : 'Take photo of the next page'}
            </Button>
            <Button isDisabled={busy || count === 0} onPress={() => void done()}>
              Done: make PDF of {count} {count === 1 ? 'page' : 'pages'}
            </Button>
            <Button variant="ghost" isDisabled={busy} onPress={close}>
              Close and keep pages
            </Button>
          </div>
          {count > 0 &&
            (confirmDiscard ? (
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm">Delete all {count} pages of this scan?</p>
                <Button
                  variant="destructive"
                  onPress={() => {
                    setConfirmDiscard(false);
                    void scan.discard();
                  }}
                >
                  Delete all pages
                </Button>
                <Button variant="ghost" onPress={() => setConfirmDiscard(false)}>
                  Keep them
                </Button>
              </div>
            ) : (
              <Button variant="ghost" isDisabled={busy} onPress={() => setConfirmDiscard(true)}>
                Discard scan
              </Button>
            ))}
        </div>
      )}
    </Dialog>
  );
}
