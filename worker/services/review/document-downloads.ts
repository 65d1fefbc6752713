// Links for staff to open a submission's documents: short-lived signed URLs. Every link issued
// (the detail view's, one per document, and each asked for on its own by View/download) is
// written to the security log, which outlives the submission; one asked for on its own also
// goes into the submission's audit entries.
import { eq } from 'drizzle-orm';
import { documents } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';

/** Staff download links are for opening the file now, not for sharing. */
export const STAFF_DOWNLOAD_TTL_SECONDS = 300;

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
  const now = deps.clock.now();
  await deps.db.batch([
    auditInsert(
      deps.db,
      {
        staff,
        action: 'document_download_url_issued',
        entityType: 'document',
        entityId: documentId,
        submissionId: doc.submissionId,
      },
      now,
    ),
    linkLogged(deps, staff, doc.submissionId, documentId, 'document', now),
  ]);
  return url;
}

function linkLogged(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
  documentId: string,
  via: 'document' | 'detail_view',
  now: Date,
) {
  return securityLogInsert(
    deps.db,
    {
      action: 'document_link_issued',
      actor: staffActor(staff),
      entityType: 'document',
      entityId: documentId,
      submissionId,
      details: { via, expiresInSeconds: STAFF_DOWNLOAD_TTL_SECONDS },
    },
    now,
  );
}

/** The security-log entries of the links a submission's detail view carries, one per document. */
export async function issuedLinksLogged(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
  docs: { id: string }[],
): Promise<void> {
  const [first, ...rest] = docs.map((d) =>
    linkLogged(deps, staff, submissionId, d.id, 'detail_view', deps.clock.now()),
  );
  if (first) await deps.db.batch([first, ...rest]);
}
