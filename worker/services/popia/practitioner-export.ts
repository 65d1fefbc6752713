// The POPIA data-subject export: everything the portal holds about one practitioner, for a
// staff member answering an access request. Rows as stored (every submission's own contact
// copy, documents, consent records, scheme statuses, events, notices, audit entries, requests
// to the practitioner, the mail
// sent to their addresses) plus a short-lived download link per stored file. Each export is
// audited against the practitioner, an entry no later deletion of a submission removes.
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  auditLogs,
  consentRecords,
  documents,
  enrolmentChanges,
  mailOutbox,
  medicalAidStatuses,
  practitionerNotices,
  practitionerRequests,
  practitioners,
  signedSchemeForms,
  signingStops,
  statusEvents,
  submissions,
} from '../../../schema/db.ts';
import type { PractitionerExport } from '../../../schema/staff-review-api.ts';
import type { Deps } from '../../deps.ts';
import { practitionerProfileOf } from '../practitioner-profile/practitioner-profiles.ts';
import { profileHistoryOf } from '../practitioner-profile/profile-history.ts';
import { STAFF_DOWNLOAD_TTL_SECONDS, staffDownloadUrl } from '../review/document-downloads.ts';
import { auditInsert } from '../security-log/audit-log.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';

const bySubmission = <T extends { submissionId: string | null }>(rows: T[], id: string) =>
  rows.filter((row) => row.submissionId === id);

/** The export, or null when there is no practitioner with this id. */
export async function exportPractitioner(
  deps: Deps,
  staff: StaffIdentity,
  practitionerId: string,
): Promise<PractitionerExport | null> {
  const { db } = deps;
  const [practitioner] = await db
    .select()
    .from(practitioners)
    .where(eq(practitioners.id, practitionerId));
  if (!practitioner) return null;
  const own = await db
    .select()
    .from(submissions)
    .where(eq(submissions.practitionerId, practitionerId))
    .orderBy(asc(submissions.createdAt));
  const ids = own.map((s) => s.id);
  // No submission id matches '' (inArray needs one value at least).
  const inSubmissions = (column: AnySQLiteColumn) => inArray(column, ids.length ? ids : ['']);
  const [docs, consents, statuses, events, notices, audit, enrolmentHistory, signed, requests] =
    await Promise.all([
      db.select().from(documents).where(inSubmissions(documents.submissionId)),
      db.select().from(consentRecords).where(inSubmissions(consentRecords.submissionId)),
      db.select().from(medicalAidStatuses).where(inSubmissions(medicalAidStatuses.submissionId)),
      db.select().from(statusEvents).where(inSubmissions(statusEvents.submissionId)),
      db.select().from(practitionerNotices).where(inSubmissions(practitionerNotices.submissionId)),
      db.select().from(auditLogs).where(inSubmissions(auditLogs.submissionId)),
      db.select().from(enrolmentChanges).where(inSubmissions(enrolmentChanges.submissionId)),
      db.select().from(signedSchemeForms).where(inSubmissions(signedSchemeForms.submissionId)),
      db
        .select()
        .from(practitionerRequests)
        .where(inSubmissions(practitionerRequests.submissionId)),
    ]);
  const addresses = [...new Set([practitioner.email, ...own.map((s) => s.email)])].map((e) =>
    e.toLowerCase(),
  );
  const mail = await db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(or(...addresses.map((email) => sql`lower(${mailOutbox.to}) = ${email}`)));

  const profiles = new Map(
    await Promise.all(ids.map(async (id) => [id, await practitionerProfileOf(deps, id)] as const)),
  );
  const histories = new Map(
    await Promise.all(ids.map(async (id) => [id, await profileHistoryOf(deps, id)] as const)),
  );
  const stops = await db
    .select({
      submissionId: signingStops.submissionId,
      event: signingStops.event,
      createdAt: signingStops.createdAt,
      raisedAt: signingStops.raisedAt,
      note: signingStops.note,
      resumedAt: signingStops.resumedAt,
      resumeNote: signingStops.resumeNote,
    })
    .from(signingStops)
    .where(and(inArray(signingStops.submissionId, ids), isNotNull(signingStops.raisedAt)));
  const now = deps.clock.now();
  const files = await Promise.all(
    docs.map(async ({ objectKey, ...doc }) => ({
      ...doc,
      downloadUrl: await staffDownloadUrl(deps, { objectKey, fileName: doc.fileName }),
    })),
  );
  const signedFiles = await Promise.all(
    signed.map(async ({ objectKey, ...form }) => ({
      ...form,
      downloadUrl: await staffDownloadUrl(deps, { objectKey, fileName: form.fileName }),
    })),
  );
  // The largest single read of personal data: the export itself and every link it carries go
  // into the security log, which outlives the submissions, as a detail view's links do.
  const linkIssued = (entityType: string, id: string, submissionId: string) =>
    securityLogInsert(
      db,
      {
        action: 'document_link_issued',
        actor: staffActor(staff),
        entityType,
        entityId: id,
        submissionId,
        details: { via: 'export', expiresInSeconds: STAFF_DOWNLOAD_TTL_SECONDS },
      },
      now,
    );
  await db.batch([
    auditInsert(
      db,
      {
        staff,
        action: 'practitioner_data_exported',
        entityType: 'practitioner',
        entityId: practitionerId,
        details: { submissions: own.length, documents: docs.length },
      },
      now,
    ),
    securityLogInsert(
      db,
      {
        action: 'practitioner_data_exported',
        actor: staffActor(staff),
        entityType: 'practitioner',
        entityId: practitionerId,
        details: { submissions: own.length, links: docs.length + signed.length },
      },
      now,
    ),
    ...docs.map((doc) => linkIssued('document', doc.id, doc.submissionId)),
    ...signed.map((form) => linkIssued('signed_scheme_form', form.id, form.submissionId)),
  ]);
  const json = (value: unknown) => JSON.parse(JSON.stringify(value));
  return json({
    exportedAt: now,
    exportedBy: staff.email,
    practitioner,
    submissions: own.map((submission) => ({
      ...submission,
      documents: bySubmission(files, submission.id),
      consentRecords: bySubmission(consents, submission.id),
      medicalAidStatuses: bySubmission(statuses, submission.id),
      statusEvents: bySubmission(events, submission.id),
      notices: bySubmission(notices, submission.id),
      auditLog: bySubmission(audit, submission.id),
      enrolmentChanges: bySubmission(enrolmentHistory, submission.id),
      practitionerRequests: bySubmission(requests, submission.id),
      /** The profile scheme forms are filled from, opened (stored sealed). */
      profile: profiles.get(submission.id) ?? null,
      profileChanges: histories.get(submission.id) ?? [],
      signingStops: bySubmission(stops, submission.id),
      /** The scheme forms filled from it and signed (decision 092). */
      signedSchemeForms: bySubmission(signedFiles, submission.id),
    })),
    mail,
  });
}
