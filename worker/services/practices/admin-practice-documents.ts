// The practice's shared documents for staff (decision 131): a short-lived signed link to an
// original, as the review page gives for a submission's documents (one TTL, one signing, each
// link in the security log), and which of a submission's documents are its copies of them.
import { and, eq, inArray } from 'drizzle-orm';
import { documents } from '../../../schema/db.ts';
import { practiceDocuments } from '../../../schema/db-practices.ts';
import type { Deps } from '../../deps.ts';
import { STAFF_DOWNLOAD_TTL_SECONDS, staffDownloadUrl } from '../review/document-downloads.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { sharedCopyKey } from './practice-submission.ts';

/** A fresh staff download link for one of a practice's shared documents; null when unknown. */
export async function practiceDocumentDownloadUrl(
  deps: Deps,
  staff: StaffIdentity,
  documentId: string,
): Promise<string | null> {
  const [doc] = await deps.db
    .select({ objectKey: practiceDocuments.objectKey, fileName: practiceDocuments.fileName })
    .from(practiceDocuments)
    .where(eq(practiceDocuments.id, documentId))
    .limit(1);
  if (!doc) return null;
  const url = await staffDownloadUrl(deps, doc);
  await securityLogInsert(
    deps.db,
    {
      action: 'document_link_issued',
      actor: staffActor(staff),
      entityType: 'practice_document',
      entityId: documentId,
      details: { via: 'practice_page', expiresInSeconds: STAFF_DOWNLOAD_TTL_SECONDS },
    },
    deps.clock.now(),
  );
  return url;
}

/**
 * The ids of a submission's documents that are its copies of its practice's shared documents
 * (each copied to a key made from the invitation and the original, sharedCopyKey).
 * A copy the practitioner replaced since is theirs, not the practice's.
 */
export async function sharedCopiesOf(
  deps: Deps,
  submissionId: string,
  link: { practiceId: string; invitationId: string },
): Promise<string[]> {
  const originals = await deps.db
    .select({ id: practiceDocuments.id })
    .from(practiceDocuments)
    .where(eq(practiceDocuments.practiceId, link.practiceId));
  if (originals.length === 0) return [];
  const keys = await Promise.all(originals.map((o) => sharedCopyKey(link.invitationId, o.id)));
  const copies = await deps.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.submissionId, submissionId), inArray(documents.objectKey, keys)));
  return copies.map((c) => c.id);
}
