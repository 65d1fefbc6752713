// View and Download of one stored document, for staff (the current one and one it replaced).
import type { StaffSubmissionDetail } from '../../../schema/api.ts';
import { Button } from '../../ui/button.tsx';
import { downloadDocument, viewDocument } from './document-files.ts';

export function DocumentFileButtons({ doc }: { doc: StaffSubmissionDetail['documents'][number] }) {
  return (
    <>
      <Button
        variant="secondary"
        className="px-3"
        aria-label={`View ${doc.fileName}`}
        onPress={() => void viewDocument(doc.id, doc.fileType)}
      >
        View
      </Button>
      <Button
        variant="secondary"
        className="px-3"
        aria-label={`Download ${doc.fileName}`}
        onPress={() => void downloadDocument(doc.id, doc.fileName)}
      >
        Download
      </Button>
    </>
  );
}
