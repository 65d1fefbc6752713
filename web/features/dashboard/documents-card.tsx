// The submission's documents, each with its review actions; a replaced one beside its
// replacement; its copies of its practice's shared documents marked.
import { useState } from 'react';
import { Card, CardTitle } from '../../ui/card.tsx';
import { DocumentRow, type StaffDocument } from './document-row.tsx';
import { RejectDocumentDialog } from './reject-document-dialog.tsx';
import { pairReplacements } from './replacement-pairs.ts';

export function DocumentsCard({
  documents,
  fromPractice = [],
}: {
  documents: StaffDocument[];
  /** The ids of its copies of its practice's shared documents (decision 131). */
  fromPractice?: readonly string[];
}) {
  const [rejecting, setRejecting] = useState<StaffDocument | null>(null);
  return (
    <Card aria-labelledby="documents-title">
      <CardTitle id="documents-title">Documents ({documents.length})</CardTitle>
      {documents.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No documents uploaded.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {pairReplacements(documents).map(({ doc, replaces }) => (
            <DocumentRow
              key={doc.id}
              doc={doc}
              replaces={replaces}
              fromPractice={fromPractice.includes(doc.id)}
              onReject={setRejecting}
            />
          ))}
        </ul>
      )}
      <RejectDocumentDialog document={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
