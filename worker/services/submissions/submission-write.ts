// Writes a checked submission (docs/product.md#api POST /api/submissions): the practitioner, the
// submission
// (with its own copy of the contact details), documents, consent, scheme statuses, first status
// event, audit row, the spent upload tickets, the idempotent answer and the mail about it (the
// practitioner's receipt, the staff notification) in one batch, so one transaction.

import { eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { newApplicationReference } from '../../../schema/application-reference.ts';
import {
  auditLogs,
  consentRecords,
  documents,
  medicalAidStatuses,
  practitioners,
  statusEvents,
  submissions,
  uploadTickets,
} from '../../../schema/db.ts';
import { type ValidityRule, validityDay } from '../../../schema/document-validity.ts';
import type { SubmitRequest, SubmitResponse } from '../../../schema/submission-api.ts';
import { TERMS_VERSION } from '../../../schema/terms-version.ts';
import type { Config } from '../../config.ts';
import { hashSecret, randomSecret } from '../../crypto/secret-tokens.ts';
import { newTrackingToken } from '../../crypto/tracking-tokens.ts';
import type { Database } from '../../db.ts';
import { receivedMail } from '../../mail/practitioner-mail.ts';
import { newApplicationMail } from '../../mail/staff-mail.ts';
import { refreshNextReminderDay } from '../document-validity/next-reminder-day.ts';
import { goodUntilUnder } from '../document-validity/validity-rules.ts';
import { outboxInsert } from '../notices/mail-outbox.ts';
import { applicationSubmittedEvent } from '../webhooks/webhook-events.ts';
import { recordAnswer } from './idempotency.ts';
import type { VerifiedDocument } from './submission-documents.ts';
import { type SelectedScheme, unique } from './submission-rules.ts';

export const SUBMITTED_MESSAGE = 'Your application has been submitted successfully.';
export const RECEIVED_EVENT = {
  eventType: 'submission_received',
  description: 'Application received. It is pending review by our team.',
} as const;

export type SubmissionAnswer = { status: 201; body: SubmitResponse };
/** A fresh answer also names the outbox messages to deliver once the answer is on its way. */
export type WrittenSubmission = SubmissionAnswer & { mailIds?: string[] };

export type CheckedSubmission = {
  input: SubmitRequest;
  schemes: readonly SelectedScheme[];
  documents: readonly VerifiedDocument[];
  /** Each section's validity rule, to date the documents (decision 118). */
  rules: ReadonlyMap<string, ValidityRule>;
};

/** Where the consent came from, and the Idempotency-Key record to write with the rows. */
export type SubmissionOrigin = {
  clientAddress: string;
  userAgent: string | undefined;
  idempotency: { scope: string; key: string; fingerprint: string } | undefined;
  /** The device's application id and the request's fingerprint, kept on the submission. */
  application: { id: string; fingerprint: string } | undefined;
  /** false: the receipt is not mailed (its address had enough receipts this hour). */
  mailReceipt?: boolean;
  /** Rows another part writes in this batch, e.g. a practice's link to the new submission. */
  alsoWrite?: (submissionId: string) => BatchItem<'sqlite'>[];
};

export async function writeSubmission(
  db: Database,
  checked: CheckedSubmission,
  origin: SubmissionOrigin,
  now: Date,
  config: Config,
): Promise<WrittenSubmission> {
  const { input, schemes, documents: verified } = checked;
  const p = input.practitioner;
  const s = input.submission;
  const email = p.email.toLowerCase();
  const idNumber = p.idNumber ? p.idNumber : null;
  // A practitioner row of its own: it joins the confirmed one with this address only when its
  // receipt's code comes back (address-confirmation.ts, decision 100). Never by ID number or
  // an unconfirmed e-mail: anyone can type those (decisions 082, 100).
  const practitionerId = crypto.randomUUID();
  const submissionId = crypto.randomUUID();
  const trackingToken = newTrackingToken();
  const addressCode = randomSecret();
  // Drawn again on every attempt: a clash with another submission's reference fails this batch
  // on the unique index and createSubmission writes again with a new one.
  const reference = newApplicationReference();
  const answer: SubmissionAnswer = {
    status: 201,
    body: { message: SUBMITTED_MESSAGE, trackingToken, reference },
  };
  const details = {
    firstName: p.firstName,
    lastName: p.lastName,
    email,
    phone: p.phone,
    specialization: p.specialization,
    updatedAt: now,
  };

  const statements: BatchItem<'sqlite'>[] = [];
  if (origin.idempotency) statements.push(recordAnswer(db, { ...origin.idempotency, answer, now }));
  statements.push(
    db.insert(practitioners).values({ id: practitionerId, ...details, idNumber, createdAt: now }),
    db.insert(submissions).values({
      id: submissionId,
      practitionerId,
      trackingToken,
      reference,
      // What this submission was made with: later submissions may update the practitioner row.
      firstName: p.firstName,
      lastName: p.lastName,
      idNumber,
      email,
      phone: p.phone,
      specialization: p.specialization,
      practiceType: s.practiceType,
      status: 'pending',
      practiceNumber: s.practiceType === 'established' ? s.practiceNumber : null,
      hpcsaNumber: s.practiceType === 'established' ? s.hpcsaNumber.toUpperCase() : null,
      selectedParents: unique(s.selectedParents),
      selectedSchemes: schemes.map((scheme) => scheme.key),
      contractPreferences: s.practiceType === 'established' ? s.contractPreferences : null,
      interestedInContracts: s.practiceType === 'new' ? s.interestedInContracts : null,
      additionalNotes: s.additionalNotes?.trim() ? s.additionalNotes.trim() : null,
      applicationId: origin.application?.id ?? null,
      requestHash: origin.application?.fingerprint ?? null,
      addressCodeHash: await hashSecret(addressCode),
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(documents).values(
      verified.map((doc) => ({
        id: crypto.randomUUID(),
        submissionId,
        sectionKey: doc.section.key,
        sectionLabel: doc.section.label,
        fileName: doc.fileName,
        fileSize: doc.fileSize,
        fileType: doc.fileType,
        objectKey: doc.objectKey,
        status: 'uploaded' as const,
        uploadedAt: doc.uploadedAt,
        validityDate: doc.validityDate,
        goodUntil: goodUntilUnder(checked.rules, doc.section.key, doc.validityDate),
      })),
    ),
    refreshNextReminderDay(db, eq(documents.submissionId, submissionId), validityDay(now)),
    db
      .update(uploadTickets)
      .set({ usedAt: now })
      .where(
        inArray(
          uploadTickets.objectKey,
          verified.map((doc) => doc.objectKey),
        ),
      ),
    db.insert(consentRecords).values({
      id: crypto.randomUUID(),
      submissionId,
      termsVersion: TERMS_VERSION,
      consentedAt: now,
      clientTimestamp: input.consent?.timestamp ?? null,
      ipAddress: origin.clientAddress,
      userAgent: (origin.userAgent ?? input.consent?.userAgent ?? null)?.slice(0, 512) ?? null,
    }),
    db.insert(statusEvents).values({
      id: crypto.randomUUID(),
      submissionId,
      ...RECEIVED_EVENT,
      createdAt: now,
    }),
    db.insert(auditLogs).values({
      id: crypto.randomUUID(),
      submissionId,
      actor: 'practitioner',
      action: 'submission_created',
      entityType: 'submission',
      entityId: submissionId,
      details: {
        practiceType: s.practiceType,
        documents: verified.length,
        schemes: schemes.length,
      },
      createdAt: now,
    }),
  );
  if (schemes.length > 0) {
    statements.push(
      db.insert(medicalAidStatuses).values(
        schemes.map((scheme) => ({
          id: crypto.randomUUID(),
          submissionId,
          schemeKey: scheme.key,
          medicalAidName: scheme.label,
          status: 'pending' as const,
          requiresHardCopy: scheme.requiresHardCopy,
          lastUpdated: now,
        })),
      ),
    );
  }
  statements.push(...applicationSubmittedEvent(db, submissionId, now));
  statements.push(...(origin.alsoWrite?.(submissionId) ?? []));
  const mails = [
    ...(origin.mailReceipt === false
      ? []
      : [
          outboxInsert(
            db,
            receivedMail(
              config,
              { email, lastName: p.lastName, trackingToken, reference, addressCode },
              schemes,
            ),
            now,
          ),
        ]),
    ...(config.staffNotifyEmail
      ? [
          outboxInsert(
            db,
            newApplicationMail(config, config.staffNotifyEmail, {
              submissionId,
              firstName: p.firstName,
              lastName: p.lastName,
              reference,
            }),
            now,
          ),
        ]
      : []),
  ];
  statements.push(...mails.map((mail) => mail.query));
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return { ...answer, mailIds: mails.map((mail) => mail.id) };
}
