// View and Download of one stored document, for staff: a submission's (the current one and one
// it replaced) or a practice's shared one; `link` asks the right endpoint for a fresh link.
import { Button } from '../../ui/button.tsx';
import { downloadDocument, type FileLink, viewDocument } from './document-files.ts';

export function DocumentFileButtons({
  file,
  link,
}: {
  file: { fileName: string; fileType: string };
  link: FileLink;
}) {
  return (
    <>
      <Button
        variant="secondary"
        className="px-3"
        aria-label={`View ${file.fileName}`}
        onPress={() => void viewDocument(link, file.fileType)}
      >
        View
      </Button>
      <Button
        variant="secondary"
        className="px-3"
        aria-label={`Download ${file.fileName}`}
        onPress={() => void downloadDocument(link, file.fileName)}
      >
        Download
      </Button>
    </>
  );
}
