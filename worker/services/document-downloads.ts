// Links for staff to open a submission's documents: short-lived signed URLs, and an audit
// entry for each one asked for on its own (the review page's View/download).
import { eq } from 'drizzle-orm';
import { documents } from '../../schema/db.ts';
import type { Deps } from '../deps.ts';
import { auditInsert } from './audit-log.ts';
import type { StaffIdentity } from './sessions.ts';

/** Staff download links are for opening the file now, not for sharing. */
const STAFF_DOWNLOAD_TTL_SECONDS = 300;

export function staffDownloadUrl(
  deps: Deps,
  document: { objectKey: string; fileName: string },
): Promise<string> {
  return deps.store.createDownloadUrl(document.objectKey, {
    fileName: document.fileName,
    expiresInSeconds: STAFF_DOWNLOAD_TTL_SECONDS,
  });
}

/**
 * A fresh staff download link for one submission document, or null for an unknown id. Who
 * was given a link to which document goes into the audit log (the document's bytes are an ID
 * copy or a bank letter); the file name stays out of it.
 */
export async function documentDownloadUrl(
  deps: Deps,
  staff: StaffIdentity,
  documentId: string,
): Promise<string | null> {
  const [doc] = await deps.db
    .select({
      objectKey: documents.objectKey,
      fileName: documents.fileName,
      submissionId: documents.submissionId,
    })
    .from(documents)
    .where(eq(documents.id, documentId));
  if (!doc) return null;
  const url = await staffDownloadUrl(deps, doc);
  await auditInsert(
    deps.db,
    {
      staff,
      action: 'document_download_url_issued',
      entityType: 'document',
      entityId: documentId,
      submissionId: doc.submissionId,
    },
    deps.clock.now(),
  );
  return url;
}
