import { useId } from 'react';
import { Card, CardTitle } from '../../ui/card.tsx';

// docs/product.md#screens-and-routes "Upload help tips". docs/product.md#who-it-is-for: files are
// described as receiving a type check,
// compression and an antivirus scan; whether a server-side scan exists is not shown. This
// portal has no virus scanner (its signatures need a feed we do not run), so the text names
// what really happens and promises no scan (docs/decisions/029-no-virus-scan-promise.md).
// How long unsubmitted uploads stay on the server is said here, not in the terms (whose text
// is fixed at version 1.0.0): docs/decisions/066-draft-upload-retention.md.
const TIPS = [
  'Keep documents clear and legible: good light, no glare, all four corners in view.',
  'Combine the pages of one document into one PDF where you can.',
  'Certified copies must show the commissioner of oaths’ stamp and signature.',
  'You can photograph documents with your phone’s camera.',
  'You can add several files to each section.',
];

/** `hasFiles`: the retention note matters only once files are on our server. */
export function UploadHelp({ hasFiles }: { hasFiles: boolean }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Upload Tips</CardTitle>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Each file gets a type check (our server confirms it really is a PDF, JPG or PNG), photos are
        compressed on your device, and our team reviews every file before it goes to a scheme.
      </p>
      {hasFiles && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Files that are not yet part of a submitted application stay on our server for 7 days after
          you last open or change your application on this device (at most 30 days), then they are
          deleted.
        </p>
      )}
    </Card>
  );
}
