// 'Scan pages' in a section's uploader, only where the section takes PDFs. The dialog, the
// PDF writer and the worker load when it is pressed, never with the form. After a reload it
// reads 'Continue scan' while pages of an unfinished scan wait on the device. The scope names
// where the pages are kept: the section's key in the wizard, a scope of its own for a
// replacement on the tracking page (features/replacement/replacement-scan.ts).
import { lazy, Suspense, useEffect, useState } from 'react';
import { type DocumentSection, mimeTypesFor } from '../../../schema/sections.ts';
import { Button } from '../../ui/button.tsx';
import { loadScan } from './scan-store.ts';

const ScanDialog = lazy(() => import('./scan-dialog.tsx'));

export function acceptsPdf(section: Pick<DocumentSection, 'types'>): boolean {
  return mimeTypesFor(section).includes('application/pdf');
}

export function ScanButton({
  section,
  scope = section.key,
  isDisabled,
  onScanned,
}: {
  section: DocumentSection;
  /** Where the pages in progress are kept on the device; the section's key unless given. */
  scope?: string;
  isDisabled: boolean;
  /** The section's intake (use-file-intake.ts): resolves to how many files it kept. */
  onScanned: (file: File) => Promise<number>;
}) {
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(0);

  useEffect(() => {
    if (open) return;
    let live = true;
    void loadScan(scope).then((pages) => {
      if (live) setWaiting(pages.length);
    });
    return () => {
      live = false;
    };
  }, [scope, open]);

  if (!acceptsPdf(section)) return null;
  return (
    <>
      <Button variant="secondary" isDisabled={isDisabled} onPress={() => setOpen(true)}>
        {waiting > 0
          ? `Continue scan (${waiting} ${waiting === 1 ? 'page' : 'pages'})`
          : 'Scan pages'}
      </Button>
      {open && (
        <Suspense
          fallback={
            <p role="status" className="text-sm">
              Opening the scanner…
            </p>
          }
        >
          <ScanDialog
            section={section}
            scope={scope}
            onScanned={onScanned}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
