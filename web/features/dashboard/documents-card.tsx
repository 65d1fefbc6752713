// The submission's documents, each with its review actions.
import { useState } from 'react';
import { Card, CardTitle } from '../../ui/card.tsx';
import { DocumentRow, type StaffDocument } from './document-row.tsx';
import { RejectDocumentDialog } from './reject-document-dialog.tsx';

export function DocumentsCard({ documents }: { documents: StaffDocument[] }) {
  const [rejecting, setRejecting] = useState<StaffDocument | null>(null);
  return (
    <Card aria-labelledby="documents-title">
      <CardTitle id="documents-title">Documents ({documents.length})</CardTitle>
      {documents.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No documents uploaded.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {documents.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} onReject={setRejecting} />
          ))}
        </ul>
      )}
      <RejectDocumentDialog document={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
