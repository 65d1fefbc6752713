// The tracking page's 'Uploaded Documents' card: documents by section, each with its status;
// rejected ones can be replaced from here. Opening the page from a mail's `#document-<id>`
// link brings that document into view once the data is there. Scans kept for documents that
// no longer wait for a replacement leave the device (replacement-scan.ts).
import { useEffect, useMemo } from 'react';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { forgetReplacementScans } from '../replacement/replacement-scan.ts';
import { useReplacementSender } from '../replacement/use-replacement-sender.ts';
import { DocumentItem } from './document-item.tsx';
import { anchoredDocumentId, awaitsReplacement, documentAnchor } from './replacement-summary.ts';
import { documentsBySection } from './tracking-summary.ts';

export function DocumentsCard({ data }: { data: TrackingResponse }) {
  const { documents, submission } = data;
  const token = submission.trackingToken;
  const awaiting = useMemo(
    () => new Set(documents.filter(awaitsReplacement).map((d) => d.id)),
    [documents],
  );
  useReplacementSender(token, awaiting);

  useEffect(() => {
    void forgetReplacementScans(documents, awaiting).catch(() => undefined);
  }, [documents, awaiting]);

  useEffect(() => {
    const id = anchoredDocumentId(window.location.hash);
    const row = id ? document.getElementById(documentAnchor(id)) : null;
    if (!row) return;
    // After the router's own scroll handling of this navigation.
    const frame = requestAnimationFrame(() => {
      row.scrollIntoView({ block: 'start' });
      row.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <Card aria-labelledby="documents-title">
      <CardTitle id="documents-title">Uploaded Documents</CardTitle>
      {documents.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No documents uploaded.</p>
      ) : (
        <div className="mt-3 flex flex-col gap-4">
          {documentsBySection(documents).map((group) => (
            <section key={group.section} aria-label={group.section}>
              <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">
                {group.section}
              </h3>
              <ul className="mt-2 flex flex-col gap-2">
                {group.documents.map((doc) => (
                  <DocumentItem
                    key={doc.id}
                    doc={doc}
                    token={token}
                    practiceType={submission.practiceType}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
