// What staff see of the scheme forms a practitioner filled and signed (decision 092): listed
// with the submission, each with a short-lived download link; every link issued goes into the
// security log, like a document's.
import { desc, eq } from 'drizzle-orm';
import { signedSchemeForms, submissions } from '../../../schema/db.ts';
import type { StaffSignedSchemeForm } from '../../../schema/scheme-forms-api.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { staffDownloadUrl } from '../review/document-downloads.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';

export async function staffSignedSchemeForms(
  deps: Deps,
  staff: StaffIdentity,
  submissionId: string,
): Promise<StaffSignedSchemeForm[]> {
  const [submission] = await deps.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!submission) throw new ApiError(404, 'not_found', 'Submission not found');
  const rows = await deps.db
    .select()
    .from(signedSchemeForms)
    .where(eq(signedSchemeForms.submissionId, submissionId))
    .orderBy(desc(signedSchemeForms.signedAt), signedSchemeForms.schemeName);
  const now = deps.clock.now();
  const [first, ...rest] = rows.map((row) =>
    securityLogInsert(
      deps.db,
      {
        action: 'document_link_issued',
        actor: staffActor(staff),
        entityType: 'signed_scheme_form',
        entityId: row.id,
        submissionId,
        details: { via: 'signed_forms' },
      },
      now,
    ),
  );
  if (first) await deps.db.batch([first, ...rest]);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      schemeName: row.schemeName,
      fileName: row.fileName,
      fileSize: row.fileSize,
      sha256: row.sha256,
      profileVersion: row.profileVersion,
      signedAt: row.signedAt.toISOString(),
      downloadUrl: await staffDownloadUrl(deps, row),
    })),
  );
}
